import Foundation
import TestSupport
import Testing

/// `dnd-sim` starts without the libraries only some commands use (issue 29): libxcb and fontconfig are opened when
/// the X11 host or the renderer first needs them (CLazyLibraries), so `types identify` never maps them.
@Suite("dnd-sim start-up: libraries loaded on first use")
struct StartupLibrariesTests {
    /// The shared libraries the dynamic loader opened for a command, as its `LD_DEBUG=files` trace names them.
    private func librariesLoaded(by arguments: [String], in folder: URL) throws -> String {
        let result = try dndSim(
            arguments, environment: ["LD_DEBUG": "files", "DISPLAY": ""], currentDirectory: folder, timeout: 120)
        #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
        return result.standardError
    }

    @Test("`types identify` maps libmagic but neither libxcb nor fontconfig")
    func identifyWithoutDesktopLibraries() throws {
        try withTemporaryFolder("dnd-sim-startup") { folder in
            try FileManager.default.copyItem(
                atPath: ImageCommandTests.fixture("basn2c08.png"), toPath: folder.appendingPathComponent("a.png").path)
            let trace = try librariesLoaded(by: ["types", "identify", "a.png"], in: folder)
            // The trace is there: libmagic, which the command uses, is named in it.
            #expect(trace.contains("libmagic.so"))
            #expect(!trace.contains("libxcb.so"))
            #expect(!trace.contains("libfontconfig.so"))
        }
    }

    @Test("Drawing text opens fontconfig when first needed: snapshots of a run still find the font")
    func snapshotsOpenFontconfig() throws {
        try withTemporaryFolder("dnd-sim-startup") { folder in
            let scene = RunCommandTests.scenes.appendingPathComponent("targeted-overlay.json")
            let trace = try librariesLoaded(
                by: ["run", scene.path, "--out", folder.appendingPathComponent("out").path, "--snapshots"], in: folder)
            #expect(trace.contains("libfontconfig.so"))
            #expect(!trace.contains("libxcb.so"))
            let pictures = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("out/snapshots").path)
            #expect(!pictures.isEmpty)
        }
    }
}
