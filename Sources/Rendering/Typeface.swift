import Diagnostics
import Foundation
import Locking

/// What the snapshot renderer draws text with: an outline font rasterised by FreeType, or the built-in bitmap font.
///
/// ``standard`` asks fontconfig for DejaVu Sans first (Debian's `fonts-dejavu-core`), so that a scene gives the same
/// pixels on every machine that has it, then for whatever `sans-serif` is; when neither can be opened it is the
/// bitmap font (printable ASCII only), and ``fallbackReason`` says why, for a program to print. Glyphs are drawn
/// anti-aliased (grey-scale coverage blended into the picture) with fixed FreeType settings, whatever the user's
/// fontconfig says; characters the font lacks draw as its replacement character (�). There is no kerning and no
/// shaping (each character is one glyph, as Latin, Greek and Cyrillic need).
package struct Typeface: Sendable {
    private enum Source: Sendable {
        case outline(OutlineFont)
        case bitmap
    }

    private let source: Source
    /// Why ``standard`` is the bitmap font: no font found, or the one found could not be opened; nil otherwise.
    package let fallbackReason: FontError?

    /// The families ``standard`` asks fontconfig for, in order.
    package static let preferredFamilies = ["DejaVu Sans", "sans-serif"]

    /// DejaVu Sans through fontconfig and FreeType, else the default sans-serif font, else the bitmap font.
    package static let standard: Typeface = {
        do throws(FontError) {
            return Typeface(source: .outline(OutlineFont(try FreeTypeFace.open(families: preferredFamilies))))
        } catch {
            return Typeface(source: .bitmap, fallbackReason: error)
        }
    }()

    /// The built-in 5×8 bitmap font: printable ASCII, other characters drawn as a hollow box.
    package static let bitmap = Typeface(source: .bitmap)

    private init(source: Source, fallbackReason: FontError? = nil) {
        self.source = source
        self.fallbackReason = fallbackReason
    }

    /// The family drawn, such as "DejaVu Sans"; nil for the bitmap font.
    package var family: String? {
        guard case .outline(let font) = source else { return nil }
        return font.family
    }

    /// What an elided line ends with.
    var ellipsis: String {
        guard case .outline = source else { return ".." }
        return "…"
    }

    /// The bitmap font's scale for a size: one font pixel per 11 pixels of size.
    private static func bitmapScale(_ size: Int) -> Int { max(1, size / 11) }

    /// The vertical metrics of a line at `size` pixels per em.
    func metrics(size: Int) -> LineMetrics {
        switch source {
        case .outline(let font):
            return font.metrics(size: size)
        case .bitmap:
            let scale = Self.bitmapScale(size)
            return LineMetrics(
                ascent: (BitmapFont.glyphHeight - 1) * scale, descent: scale, lineHeight: BitmapFont.lineHeight * scale)
        }
    }

    /// The width of a line of text at `size`, in pixels: the pen's advance over it.
    func width(of text: String, size: Int) -> Int {
        switch source {
        case .outline(let font):
            return font.layout(text, size: size).width
        case .bitmap:
            return BitmapFont.width(of: text) * Self.bitmapScale(size)
        }
    }

    /// A line of text drawn at `size`: its coverage, the baseline ``LineMetrics/ascent`` pixels below the top.
    func mask(of text: String, size: Int) -> TextMask {
        let metrics = metrics(size: size)
        switch source {
        case .outline(let font):
            let placed = font.layout(text, size: size)
            var mask = TextMask(width: placed.width, height: metrics.ascent + metrics.descent)
            for (x, glyph) in placed.glyphs {
                mask.add(glyph, x: x + glyph.left, y: metrics.ascent - glyph.top)
            }
            return mask
        case .bitmap:
            let scale = Self.bitmapScale(size)
            var mask = TextMask(width: BitmapFont.width(of: text) * scale, height: BitmapFont.glyphHeight * scale)
            for (index, character) in text.enumerated() {
                let rows = BitmapFont.rows(of: character)
                for y in 0..<mask.height {
                    for x in 0..<BitmapFont.advance * scale
                    where BitmapFont.isLit(rows, x: x / scale, y: y / scale) {
                        mask.set(x: index * BitmapFont.advance * scale + x, y: y, 255)
                    }
                }
            }
            return mask
        }
    }
}

/// Why no outline font could be used. Compare ``code``; new codes may be added.
package struct FontError: CodedError, Sendable {
    /// The kind of problem.
    package typealias Code = ErrorCode<FontError>

    /// The kind of problem.
    package var code: Code
    /// A complete description.
    package var message: String
    /// The font file, when one was found.
    package var path: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: A complete description.
    ///   - path: The font file, when one was found.
    package init(_ code: Code, _ message: String, path: String? = nil) {
        self.code = code
        self.message = message
        self.path = path
    }
}

extension ErrorCode where Failure == FontError {
    /// fontconfig found no font file for the families asked for.
    package static let notFound = Self(rawValue: "font not found")
    /// FreeType could not open the font file fontconfig found, or it maps no Unicode characters.
    package static let unreadable = Self(rawValue: "font unreadable")
}

/// The vertical metrics of a line of text, in pixels.
struct LineMetrics: Equatable {
    /// From the top of the line to the baseline.
    var ascent: Int
    /// From the baseline to the bottom of the line.
    var descent: Int
    /// From one baseline to the next.
    var lineHeight: Int
}

/// One glyph as FreeType draws it: grey-scale coverage, row after row, placed relative to the pen.
struct RasterGlyph: Sendable {
    var coverage: [UInt8]
    var width: Int
    var rows: Int
    /// From the pen to the bitmap's left edge, in pixels.
    var left: Int
    /// From the baseline up to the bitmap's top row, in pixels.
    var top: Int
    /// How far the pen moves, in 1/64 pixels.
    var advance: Int
}

/// Grey-scale coverage of a line of text (0 none, 255 full), row after row.
struct TextMask {
    let width: Int
    let height: Int
    private(set) var coverage: [UInt8]

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        coverage = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The coverage at a pixel; 0 outside.
    subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        return coverage[y * width + x]
    }

    mutating func set(x: Int, y: Int, _ value: UInt8) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        coverage[y * width + x] = value
    }

    /// Adds a glyph's coverage with its top-left corner at (x, y), saturating where glyphs overlap.
    mutating func add(_ glyph: RasterGlyph, x: Int, y: Int) {
        for row in 0..<glyph.rows {
            for column in 0..<glyph.width {
                let value = glyph.coverage[row * glyph.width + column]
                guard value > 0 else { continue }
                let (sum, overflow) = self[x + column, y + row].addingReportingOverflow(value)
                set(x: x + column, y: y + row, overflow ? 255 : sum)
            }
        }
    }
}

/// A FreeType face shared by every renderer, behind a lock, with the glyphs it has drawn.
private final class OutlineFont: Sendable {
    private struct GlyphKey: Hashable {
        var scalar: Unicode.Scalar
        var size: Int
    }

    private struct State {
        let face: FreeTypeFace
        var glyphs: [GlyphKey: RasterGlyph] = [:]
        var metrics: [Int: LineMetrics] = [:]
        /// The samples the glyphs hold; past ``OutlineFont/budget``, the cache starts again.
        var samples = 0

        /// A character's glyph, drawn once; the font's replacement character (U+FFFD) for a character it lacks.
        mutating func glyph(_ scalar: Unicode.Scalar, size: Int) -> RasterGlyph {
            let key = OutlineFont.GlyphKey(scalar: scalar, size: size)
            if let known = glyphs[key] { return known }
            let drawn =
                face.glyph(for: scalar, pixelSize: size) ?? face.glyph(for: "\u{FFFD}", pixelSize: size)
                ?? RasterGlyph(coverage: [], width: 0, rows: 0, left: 0, top: 0, advance: 0)
            if samples + drawn.coverage.count > OutlineFont.budget {
                glyphs.removeAll()
                samples = 0
            }
            glyphs[key] = drawn
            samples += drawn.coverage.count
            return drawn
        }
    }

    /// The most coverage samples kept: 16 MiB.
    private static let budget = 16 << 20
    /// The largest size drawn, in pixels per em; larger sizes are drawn at this one.
    private static let maximumSize = 512

    let family: String
    private let state: Lock<State>

    init(_ face: sending FreeTypeFace) {
        family = face.family
        state = Lock(State(face: face))
    }

    func metrics(size: Int) -> LineMetrics {
        let size = min(max(1, size), Self.maximumSize)
        return state.withLock { state in
            if let known = state.metrics[size] { return known }
            let found = state.face.metrics(pixelSize: size) ?? LineMetrics(ascent: size, descent: 0, lineHeight: size)
            state.metrics[size] = found
            return found
        }
    }

    /// A line's glyphs with the pen position of each, in whole pixels, and the line's width.
    func layout(_ text: String, size: Int) -> (glyphs: [(x: Int, glyph: RasterGlyph)], width: Int) {
        let size = min(max(1, size), Self.maximumSize)
        let scalars = Array(text.precomposedUnicodeScalars)
        return state.withLock { state in
            var pen = 0
            var placed: [(x: Int, glyph: RasterGlyph)] = []
            placed.reserveCapacity(scalars.count)
            for scalar in scalars {
                let glyph = state.glyph(scalar, size: size)
                placed.append(((pen + 32) >> 6, glyph))
                pen += glyph.advance
            }
            return (placed, (pen + 32) >> 6)
        }
    }
}

extension String {
    /// The Unicode scalars of the text in composed form (NFC): "e" and a combining acute accent become "é", which
    /// fonts have as one glyph.
    fileprivate var precomposedUnicodeScalars: [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        for character in self {
            // A character that is one scalar needs no composing; otherwise compose it through Foundation's NFC.
            if character.unicodeScalars.count == 1 {
                scalars.append(contentsOf: character.unicodeScalars)
            } else {
                scalars.append(contentsOf: String(character).precomposedStringWithCanonicalMapping.unicodeScalars)
            }
        }
        return scalars
    }
}
