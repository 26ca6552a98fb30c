import Foundation
import Gestures
import PNGCodec
import Testing

@testable import Rendering

/// Text drawn with FreeType in the font fontconfig finds: letters beyond ASCII, thumbnails' names, whole notes.
@Suite("Snapshot renderer: text")
struct RenderTextTests {
    /// The pixels darker than the backdrop by more than a little, as (x, y).
    private func ink(_ picture: Bitmap, threshold: Int = 40) -> Set<[Int]> {
        var found: Set<[Int]> = []
        for y in 0..<picture.height {
            for x in 0..<picture.width where zip(rgb(picture, x, y), backdrop).contains(where: { $1 - $0 > threshold })
            {
                found.insert([x, y])
            }
        }
        return found
    }

    /// One line of text in black, in a frame of its own on a scene of the backdrop.
    private func picture(of text: String, frame: CGRect, scene size: CGSize? = nil) throws -> Bitmap {
        let scene = Scene(size: size ?? CGSize(width: frame.maxX + 10, height: frame.maxY + 10))
        scene.root.addChild("text", frame: frame, content: .text(text, color: .black))
        return try SnapshotRenderer().render(scene)
    }

    @Test func theStandardTypefaceIsDejaVuSansThroughFontconfig() {
        #expect(Typeface.standard.fallbackReason == nil, "\(Typeface.standard.fallbackReason?.message ?? "")")
        #expect(Typeface.standard.family == "DejaVu Sans")
    }

    @Test func greekCyrillicAndAccentedLatinLettersHaveTheirOwnGlyphs() throws {
        let frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        // A private-use character no font here has: what a missing glyph looks like.
        let missing = ink(try picture(of: "\u{E000}", frame: frame))
        #expect(!missing.isEmpty, "a missing glyph draws the replacement character")
        var seen: [Set<[Int]>: Character] = [:]
        for letter in "ΑΒΓΔΘΛΞΠΣΦΨΩαβγδθλξπσφψωЖЗИЙЛФЦЧШЩЭЮЯжзийлфцчшщэюяéüßçñøåŁž" {
            let drawn = ink(try picture(of: String(letter), frame: frame))
            #expect(drawn.count > 8, "\(letter) draws ink")
            #expect(drawn != missing, "\(letter) is not the replacement character")
            #expect(seen[drawn] == nil, "\(letter) looks like \(seen[drawn].map(String.init) ?? "")")
            seen[drawn] = letter
        }
    }

    @Test func aDecomposedAccentDrawsAsTheComposedLetter() throws {
        let frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        #expect(try picture(of: "e\u{301}", frame: frame) == (try picture(of: "é", frame: frame)))
    }

    @Test func aLineAcrossScriptsIsAsWideAsItsLetters() throws {
        // Each glyph advances the pen: the line's ink spans most of the width the typeface measures for it.
        let text = "Αθήνα – Москва"
        let frame = CGRect(x: 0, y: 0, width: 300, height: 20)
        let drawn = ink(try picture(of: text, frame: frame))
        let xs = drawn.map { $0[0] }
        let span = (xs.max() ?? 0) - (xs.min() ?? 0)
        let layout = TextLayout(text, width: 300, height: 20, sizes: 9...22, wraps: true, typeface: .standard)
        #expect(layout.lines == [text])
        #expect(span >= layout.widths[0] - 4 && span <= layout.widths[0])
    }

    @Test func aLongNameIsElidedAndStaysInsideItsThumbnail() throws {
        let photo = try makeBitmap(width: 60, height: 40) { _, _ in (40, 120, 200, 255) }
        let scene = Scene(size: CGSize(width: 200, height: 60))
        let name = "a-photograph-with-a-very-long-name-2026.png"
        scene.root.addChild(
            name, frame: CGRect(x: 10, y: 10, width: 60, height: 40), content: .image("photo", tint: nil))
        let drawn = try SnapshotRenderer(images: ["photo": photo]).render(scene)
        // The caption's light letters, anywhere in the picture but the backdrop.
        var letters: [[Int]] = []
        for y in 0..<60 {
            for x in 0..<200 where rgb(drawn, x, y).allSatisfy({ $0 > 160 }) && rgb(drawn, x, y) != backdrop {
                letters.append([x, y])
            }
        }
        #expect(letters.count > 30, "the name is written")
        #expect(letters.allSatisfy { (10..<70).contains($0[0]) && (10..<50).contains($0[1]) }, "inside the thumbnail")
        let elided = TextLayout.elide(name, width: 54, size: 10, .standard)
        #expect(elided.hasSuffix("…") && name.hasPrefix(elided.dropLast()))
        #expect(Typeface.standard.width(of: elided, size: 10) <= 54)
    }

    @Test func aNoteOfFortyCharactersIsDrawnWholeOnAWideNode() throws {
        let note = "Pack the tent, two maps and the red kite"
        #expect(note.count == 40)
        let frame = CGRect(x: 10, y: 10, width: 400, height: 24)
        let layout = TextLayout(note, width: 400, height: 24, sizes: 9...22, wraps: true, typeface: .standard)
        #expect(layout.lines == [note], "one line, not elided")
        // The whole line is drawn: its ink spans the width measured for all forty characters, centred in the node.
        let xs = ink(try picture(of: note, frame: frame)).map { $0[0] }
        let (first, last) = (xs.min() ?? 0, xs.max() ?? 0)
        let start = 10 + (400 - layout.widths[0]) / 2
        #expect(abs(first - start) <= 3 && abs(last - (start + layout.widths[0])) <= 3)
        #expect(layout.widths[0] > 200, "forty characters of text at a readable size")
    }

    @Test func aNoteWrapsInsideANarrowNodeAndIsElidedWhenItStillDoesNotFit() throws {
        let note = "Trip to the coast: Ζάκυνθος, then Одесса"
        let frame = CGRect(x: 20, y: 20, width: 56, height: 42)
        let drawn = ink(try picture(of: note, frame: frame, scene: CGSize(width: 120, height: 90)))
        #expect(drawn.count > 60)
        #expect(drawn.allSatisfy { (20..<76).contains($0[0]) && (20..<62).contains($0[1]) }, "inside its node")
        let layout = TextLayout(note, width: 56, height: 42, sizes: 9...22, wraps: true, typeface: .standard)
        #expect(layout.lines.count > 1 && layout.widths.allSatisfy { $0 <= 56 } && layout.height <= 42)
        #expect(layout.lines.last?.hasSuffix("…") == true, "what does not fit is elided")
        #expect(layout.lines.dropLast().joined(separator: " ").hasPrefix("Trip to the"))
    }

    @Test func theSameSceneWithTextTwiceGivesTheSameBytes() throws {
        func make() throws -> Data {
            let photo = try makeBitmap(width: 30, height: 20) { x, y in (UInt8(x * 8), UInt8(y * 12), 90, 255) }
            let scene = Scene(size: CGSize(width: 240, height: 120))
            let pane = scene.root.addChild("Фотографии", frame: CGRect(x: 10, y: 20, width: 220, height: 90))
            pane.addChild(
                "παραλία-1", frame: CGRect(x: 10, y: 10, width: 60, height: 40), content: .image("p", tint: nil))
            pane.addChild(
                "note", frame: CGRect(x: 80, y: 10, width: 120, height: 60),
                content: .text("Ζάκυνθος και Одесса, café", color: .black))
            return try SnapshotRenderer(scale: 2, images: ["p": photo]).pngData(of: scene)
        }
        #expect(try make() == (try make()))
    }
}
