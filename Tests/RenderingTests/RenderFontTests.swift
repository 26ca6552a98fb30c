import Foundation
import Gestures
import Rendering
import Testing

/// The built-in font, seen through what it draws: every printable ASCII character has its own glyph.
@Suite("Snapshot renderer: the built-in font")
struct RenderFontTests {
    /// Draws one character at font scale 1 (a 6×9 frame) and returns its lit pixels as rows of `#` and `.`.
    private func glyph(_ character: Character) throws -> [String] {
        let scene = Scene(size: CGSize(width: 7, height: 10))
        scene.root.addChild(
            "glyph", frame: CGRect(x: 1, y: 1, width: 5, height: 8), content: .text(String(character), color: .black))
        let picture = try SnapshotRenderer(typeface: .bitmap).render(scene)
        return (1..<9).map { y in String((1..<6).map { x in rgb(picture, x, y) == [0, 0, 0] ? "#" : "." }) }
    }

    @Test func everyPrintableCharacterHasItsOwnGlyph() throws {
        var seen: [[String]: Character] = [:]
        for value in 33...126 {
            let character = Character(Unicode.Scalar(UInt8(value)))
            let rows = try glyph(character)
            #expect(rows.joined().contains("#"), "\(character) draws something")
            #expect(seen[rows] == nil, "\(character) looks like \(seen[rows].map(String.init) ?? "")")
            seen[rows] = character
        }
        #expect(try glyph(" ").joined().contains("#") == false)
    }

    @Test func onlyDescendersReachTheBottomRow() throws {
        var descending: Set<Character> = []
        for value in 33...126 {
            let character = Character(Unicode.Scalar(UInt8(value)))
            if try glyph(character)[7].contains("#") { descending.insert(character) }
        }
        #expect(descending == [",", "_", "g", "j", "p", "q", "y"])
    }

    @Test func lettersHaveTheirShapes() throws {
        #expect(try glyph("L") == ["#....", "#....", "#....", "#....", "#....", "#....", "#####", "....."])
        #expect(try glyph("T")[0] == "#####")
        #expect(try glyph("o")[0...1] == [".....", "....."], "lower case sits below the capital height")
    }

    @Test func charactersOutsideTheFontDrawAsABox() throws {
        #expect(try glyph("é") == ["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####", "....."])
    }
}
