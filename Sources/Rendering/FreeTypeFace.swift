import CFontconfig
internal import CFreeType
import CLazyLibraries

/// One font file, found through fontconfig and opened with FreeType: the only code in DnDKit that calls either
/// library.
///
/// Invariants, kept by this file alone:
/// - The FreeType library handle and the face are created together in ``open(families:)`` and owned by this object
///   alone; `deinit` frees the face before the library it was made from. Neither pointer leaves the file.
/// - FreeType objects are not thread-safe: the object is not `Sendable`, and ``Typeface`` keeps it behind a lock.
/// - What FreeType or fontconfig hands back (a glyph slot's bitmap, a pattern's strings) lives only until the next
///   call on the same object: it is copied into Swift values at once.
/// - The load flags are fixed (`CFreeType_loadFlags`: outlines, light auto-hinting, grey-scale), so the user's
///   fontconfig settings cannot change the pixels.
final class FreeTypeFace {
    private let library: FT_Library
    private let face: FT_Face
    /// The family fontconfig matched, such as "DejaVu Sans".
    let family: String
    /// The font file's path.
    let path: String
    /// The pixel size the face is set to now (0 before the first glyph).
    private var pixelSize = 0

    private init(library: FT_Library, face: FT_Face, family: String, path: String) {
        self.library = library
        self.face = face
        self.family = family
        self.path = path
    }

    deinit {
        // The corresponding C functions are `FT_Done_Face` and `FT_Done_FreeType`.
        dndkit_FT_Done_Face(face)
        dndkit_FT_Done_FreeType(library)
    }

    /// Opens the first of `families` that fontconfig has, else the font fontconfig matches for the last one.
    ///
    /// The corresponding C functions are `FcInitLoadConfigAndFonts`, `FcNameParse`, `FcConfigSubstitute`,
    /// `FcDefaultSubstitute`, `FcFontMatch`, `FcPatternGetString`, `FcPatternGetInteger`, `FT_Init_FreeType`,
    /// `FT_New_Face` and `FT_Select_Charmap`.
    /// - Parameter families: Family names, in order of preference.
    /// - Returns: The face.
    /// - Throws: ``FontError``: `.notFound` when fontconfig finds no font file, `.unreadable` when FreeType cannot
    ///   open the one it found or it maps no Unicode characters.
    static func open(families: [String]) throws(FontError) -> FreeTypeFace {
        // fontconfig is opened when first used, not linked (CLazyLibraries), so that commands without text start
        // without it.
        if let problem = clazy_load(CLAZY_FONTCONFIG) {
            throw FontError(.notFound, "fontconfig could not be loaded: \(String(cString: problem))")
        }
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError(.notFound, "fontconfig could not load its configuration")
        }
        defer { FcConfigDestroy(config) }
        var matches: [(family: String, file: String, index: Int32)] = []
        for family in families {
            if let found = match(family, in: config) {
                if found.family == family { return try load(found) }
                matches.append(found)
            }
        }
        guard let fallback = matches.last else {
            throw FontError(.notFound, "fontconfig found no font file for \(families.joined(separator: ", "))")
        }
        return try load(fallback)
    }

    /// The font fontconfig picks for a family name: its family, file and face index.
    private static func match(
        _ family: String, in config: OpaquePointer
    ) -> (family: String, file: String, index: Int32)? {
        guard
            let pattern = family.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            )
        else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(matched) }
        func string(_ key: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(matched, key, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
        }
        var index: Int32 = 0
        if FcPatternGetInteger(matched, "index", 0, &index) != FcResultMatch { index = 0 }
        guard let file = string("file") else { return nil }
        return (string("family") ?? family, file, index)
    }

    private static func load(_ font: (family: String, file: String, index: Int32)) throws(FontError) -> FreeTypeFace {
        var library: FT_Library?
        guard dndkit_FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(.unreadable, "FreeType could not start")
        }
        var face: FT_Face?
        let opened = dndkit_FT_New_Face(library, font.file, FT_Long(font.index), &face)
        guard opened == 0, let face else {
            dndkit_FT_Done_FreeType(library)
            throw FontError(.unreadable, "FreeType cannot open \(font.file) (error \(opened))", path: font.file)
        }
        guard dndkit_FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else {
            dndkit_FT_Done_Face(face)
            dndkit_FT_Done_FreeType(library)
            throw FontError(.unreadable, "\(font.file) maps no Unicode characters", path: font.file)
        }
        return FreeTypeFace(library: library, face: face, family: font.family, path: font.file)
    }

    /// Sets the size glyphs are drawn at, in pixels per em; false when the face cannot take it.
    ///
    /// The corresponding C function is `FT_Set_Pixel_Sizes`.
    private func setPixelSize(_ size: Int) -> Bool {
        guard size != pixelSize else { return true }
        guard size > 0, size <= 4096, dndkit_FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0 else { return false }
        pixelSize = size
        return true
    }

    /// The vertical metrics at a size, in whole pixels, scaled from the font's design units (not read from the size
    /// object, which hinting may adjust): the same size always gives the same metrics.
    func metrics(pixelSize size: Int) -> LineMetrics? {
        let units = Double(face.pointee.units_per_EM)
        guard size > 0, units > 0 else { return nil }
        let scale = Double(size) / units
        let ascent = Int((Double(face.pointee.ascender) * scale).rounded(.up))
        let descent = Int((Double(-face.pointee.descender) * scale).rounded(.up))
        let height = Int((Double(face.pointee.height) * scale).rounded())
        return LineMetrics(ascent: ascent, descent: descent, lineHeight: max(ascent + descent, height))
    }

    /// A character's glyph at a size, as grey-scale coverage; nil when the font has no glyph for it.
    ///
    /// The corresponding C functions are `FT_Get_Char_Index`, `FT_Load_Glyph` and `FT_Render_Glyph`.
    func glyph(for scalar: Unicode.Scalar, pixelSize size: Int) -> RasterGlyph? {
        let index = dndkit_FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard index != 0, setPixelSize(size), dndkit_FT_Load_Glyph(face, index, CFreeType_loadFlags()) == 0,
            let slot = face.pointee.glyph, dndkit_FT_Render_Glyph(slot, FT_RENDER_MODE_LIGHT) == 0
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        // Rendered in grey-scale mode, a bitmap is one byte a pixel, each row at least as long as the glyph is wide.
        assert(bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) || width == 0 || rows == 0)
        assert(abs(Int(bitmap.pitch)) >= width)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if width > 0, rows > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            let pitch = Int(bitmap.pitch)
            // A negative pitch stores the rows bottom-up: `buffer` is then the last row's start, as FreeType documents.
            for row in 0..<rows {
                let source = buffer + (pitch >= 0 ? row * pitch : (row - rows + 1) * pitch)
                for column in 0..<width { coverage[row * width + column] = source[column] }
            }
        }
        return RasterGlyph(
            coverage: coverage, width: width, rows: rows, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), advance: Int(slot.pointee.advance.x))
    }
}
