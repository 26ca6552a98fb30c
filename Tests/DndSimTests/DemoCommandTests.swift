import Foundation
import TestSupport
import Testing

@Suite("dnd-sim demo")
struct DemoCommandTests {
    @Test("The demo runs with no files and shows every kind of ending")
    func demo() throws {
        let result = try dndSim(["demo"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let output = result.standardOutput
        #expect(!output.contains("\u{1B}["))
        for words in [
            "end         #1 move", "end         #3 copy", "refused: the target album", "cancelled: Escape was pressed",
            "album:   photo-1, photo-2 (2 items)", "notes:   note-1 (1 item)",
        ] {
            #expect(output.contains(words), "\(words)")
        }
    }

    @Test("--out writes the panes' items")
    func out() throws {
        let folder = try temporaryFolder("dnd-sim-demo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try dndSim(["demo", "--out", folder.path])
        #expect(result.status == 0)
        let album = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("album").path)
        #expect(album.sorted() == ["photo-1.png", "photo-2.png"])
        #expect(result.standardOutput.contains("Wrote 8 items"))
    }

    @Test("--help shows examples; an unknown option is exit 2")
    func help() throws {
        let help = try dndSim(["demo", "--help"]).standardOutput
        #expect(help.contains("NO_COLOR=1 dnd-sim demo"))
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("dnd-sim-demo in $XDG_RUNTIME_DIR, or dnd-sim-demo-UID in the temporary folder"))
        #expect(try dndSim(["demo", "--colour"]).status == 2)
    }
}
