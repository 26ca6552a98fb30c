import Foundation
import Simulation
import Testing

/// One definition of a line for every error's line and column: LF, CR LF, a lone CR, and YAML's NEL, LS and PS.
@Suite("Lines and places in text")
struct TextLinesTests {
    @Test(
        "Every kind of break ends a line, CR LF once",
        arguments: ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func breaks(separator: String) {
        let text = ["one", "two", "", "three"].joined(separator: separator)
        #expect(TextLines.lines(of: text) == ["one", "two", "", "three"])
        #expect(TextLines.count(in: text) == 4)
        let offset = text.utf8.count - "three".utf8.count
        #expect(TextLines.place(ofUTF8Offset: offset, in: text) == (4, 1))
    }

    @Test("Other control characters and mixed breaks")
    func mixed() {
        let text = "a\r\r\nb\u{0B}c\u{0C}d\n"  // CR, then CR LF; vertical tab and form feed are not breaks
        #expect(TextLines.lines(of: text) == ["a", "", "b\u{0B}c\u{0C}d", ""])
        #expect(TextLines.count(in: text) == 4)
        #expect(TextLines.place(ofUTF8Offset: text.utf8.count - 2, in: text) == (3, 5))  // the "d"
        #expect(TextLines.place(ofUTF8Offset: 0, in: "") == (1, 1))
        #expect(TextLines.place(ofUTF8Offset: 4, in: "é€x") == (1, 3))  // columns count scalars, not bytes
    }

    @Test("A script with lone carriage returns names the line of its bad step")
    func scriptWithCarriageReturns() throws {
        let text = "down 1 at (10, 10) by touch\r# a comment\r\r\rbogus step\rup 1\r"
        let error = try #require(throws: SimulationError.self) { try Script.parse(text, fileName: "cr.txt") }
        #expect(error.line == 5)
        #expect(try Script.parse("down 1 at (1, 1)\r\nup 1\r\n").steps.count == 2)
    }

    /// The input on which `fuzz-scenes` once failed: YAML (libyaml) counted its lone carriage returns as lines and
    /// the check did not. Read as YAML, its error names a line of the text as `TextLines` counts them.
    @Test("A YAML error's line is a line of the text, counted the same way")
    func yamlErrorInTextWithCarriageReturns() throws {
        let text =
            "down 1 at (10, 10) by touch\nadvanceictures at the drop.\n# A target that cannot im"
            + String(repeating: "\r", count: 37) + "port (400, 200) over 0.3 steps 5\nup 1\nkey escape\n"
            + "drag photo-1 arom lirtr ybao album bse\n"
        let error = try #require(throws: SimulationError.self) { try SceneFile.parse(text, format: .yaml) }
        let line = try #require(error.line)
        #expect(line == 40)  // 2 lines, then the comment's line and 37 more after its carriage returns
        #expect((1...TextLines.count(in: text)).contains(line))
    }
}
