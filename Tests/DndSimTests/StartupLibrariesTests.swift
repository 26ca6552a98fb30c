import Foundation
import TestSupport
import Testing

/// `dnd-sim` starts without the libraries only some commands use (issue 29): libxcb, fontconfig, FreeType and libmagic
/// are opened when the X11 host, the renderer or a look-up by content first needs them (CLazyMagic, CLazyLibraries), so
/// `types identify` of a PNG never maps them.
@Suite("dnd-sim start-up: libraries loaded on first use")
struct StartupLibrariesTests {
    /// Runs a command with the dynamic loader's `LD_DEBUG=files` trace, which names on standard error every shared
    /// library opened, at start or later.
    private func traced(_ arguments: [String], in folder: URL) throws -> DndSimResult {
        let result = try dndSim(
            arguments, environment: ["LD_DEBUG": "files", "DISPLAY": ""], currentDirectory: folder, timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        return result
    }

    @Test("`types identify` of a PNG maps libpng but none of libxcb, fontconfig, FreeType, libmagic; of text, libmagic")
    func identifyWithoutDesktopLibraries() throws {
        try withTemporaryFolder("dnd-sim-startup") { folder in
            try FileManager.default.copyItem(
                atPath: ImageCommandTests.fixture("basn2c08.png"), toPath: folder.appendingPathComponent("a.png").path)
            try Data("notes, not a picture\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            let trace = try traced(["types", "identify", "a.png"], in: folder).standardError
            // The trace is there: libpng, which the executable is linked with, is named in it.
            #expect(trace.contains("libpng16.so"))
            #expect(!trace.contains("libxcb.so"))
            #expect(!trace.contains("libfontconfig.so"))
            #expect(!trace.contains("libmagic.so"))
            #expect(!trace.contains("libfreetype.so"))
            // Text is answered by libmagic, opened then.
            let text = try traced(["types", "identify", "notes.txt"], in: folder)
            #expect(text.standardError.contains("libmagic.so"))
            #expect(text.standardOutput.contains("plain-text"))
        }
    }

    @Test("Drawing text opens fontconfig and FreeType when first needed: snapshots of a run still find the font")
    func snapshotsOpenFontconfig() throws {
        try withTemporaryFolder("dnd-sim-startup") { folder in
            let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")
            let trace = try traced(
                ["run", scene.path, "--out", folder.appendingPathComponent("out").path, "--snapshots"], in: folder
            ).standardError
            #expect(trace.contains("libfontconfig.so"))
            #expect(trace.contains("libfreetype.so"))
            #expect(!trace.contains("libxcb.so"))
            let pictures = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("out/snapshots").path)
            #expect(!pictures.isEmpty)
        }
    }
}
