import Foundation

/// The ancillary information of a PNG that PNGCodec reads and writes back: gAMA, cHRM, sRGB, iCCP, pHYs,
/// tEXt/zTXt/iTXt, tIME and bKGD. Values are kept as stored, so decode → encode → decode gives equal
/// metadata. Nothing here changes samples: colour conversion is the explicit ``Bitmap/convertedToSRGB()``.
///
/// Other ancillary chunks (eXIf, sBIT, oFFs, pCAL, sCAL, sTER, sPLT, private chunks …) are kept as stored in
/// ``otherChunks`` and written back when they stay valid for the pixels being encoded (see ``OtherChunk``).
public struct PNGMetadata: Sendable, Hashable {
    /// gAMA: the exponent relating stored samples to light, `sample = light ^ gamma` (0.45455 for about
    /// 1/2.2). Stored in the file as an integer times 100000.
    public var gamma: Double?
    /// cHRM: the white point and primaries of the RGB space the samples are in.
    public var chromaticities: Chromaticities?
    /// sRGB: the samples are in sRGB, to be rendered with this intent.
    public var sRGBIntent: RenderingIntent?
    /// iCCP: an embedded ICC colour profile.
    public var iccProfile: ICCProfile?
    /// pHYs: pixel size or aspect ratio.
    public var physicalDimensions: PhysicalDimensions?
    /// tEXt, zTXt and iTXt chunks, in file order.
    public var textEntries: [TextEntry]
    /// tIME: when the image was last modified.
    public var modificationTime: ModificationTime?
    /// bKGD: a background colour to show the image against, in the bitmap's own sample values (a palette
    /// index in the file is resolved to its colour, and 1/2/4-bit gray is scaled like the samples).
    public var backgroundColor: BackgroundColor?
    /// The file's other ancillary chunks, in file order, as stored.
    public var otherChunks: [OtherChunk] = []

    /// Creates metadata; everything is absent unless given.
    ///
    /// - Parameters:
    ///   - gamma: gAMA.
    ///   - chromaticities: cHRM.
    ///   - sRGBIntent: sRGB.
    ///   - iccProfile: iCCP.
    ///   - physicalDimensions: pHYs.
    ///   - textEntries: tEXt, zTXt and iTXt.
    ///   - modificationTime: tIME.
    ///   - backgroundColor: bKGD.
    public init(
        gamma: Double? = nil, chromaticities: Chromaticities? = nil, sRGBIntent: RenderingIntent? = nil,
        iccProfile: ICCProfile? = nil, physicalDimensions: PhysicalDimensions? = nil,
        textEntries: [TextEntry] = [], modificationTime: ModificationTime? = nil,
        backgroundColor: BackgroundColor? = nil
    ) {
        self.gamma = gamma
        self.chromaticities = chromaticities
        self.sRGBIntent = sRGBIntent
        self.iccProfile = iccProfile
        self.physicalDimensions = physicalDimensions
        self.textEntries = textEntries
        self.modificationTime = modificationTime
        self.backgroundColor = backgroundColor
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { self == PNGMetadata() }
}

extension PNGMetadata {
    /// An ancillary chunk that PNGCodec does not interpret, kept as stored.
    ///
    /// The PNG rules decide whether it may be written back with other pixels: a chunk whose type has a lowercase
    /// fourth letter is safe to copy whatever changed (eXIf, oFFs, private chunks such as vpAg); any other
    /// describes the samples as stored (sBIT, pCAL, sCAL, sTER, hIST), and is written back only when the pixels are
    /// exactly those decoded from the file and stored with the same colour type and bit depth. The encoder drops the
    /// others and says which (``PNGEncoder/droppedChunks(of:)``).
    public struct OtherChunk: Sendable, Hashable {
        /// The four-letter chunk type.
        public var type: String
        /// The chunk's data, as stored.
        public var data: Data
        /// The IHDR colour type of the file the chunk came from.
        public var storedColorType: UInt8
        /// The IHDR bit depth of the file the chunk came from.
        public var storedBitDepth: UInt8

        /// Creates a chunk.
        ///
        /// - Parameters:
        ///   - type: The four-letter chunk type.
        ///   - data: The chunk's data.
        ///   - storedColorType: The IHDR colour type of the image it describes.
        ///   - storedBitDepth: The IHDR bit depth of the image it describes.
        public init(type: String, data: Data, storedColorType: UInt8, storedBitDepth: UInt8) {
            self.type = type
            self.data = data
            self.storedColorType = storedColorType
            self.storedBitDepth = storedBitDepth
        }

        /// Whether the PNG rules let an editor copy the chunk whatever it changed: bit 5 of the fourth letter.
        public var isSafeToCopy: Bool {
            type.utf8.count == 4 && Array(type.utf8)[3] & 0x20 != 0
        }

        // Equal chunks have the same type and data; where they were stored is provenance, not content.
        public static func == (lhs: OtherChunk, rhs: OtherChunk) -> Bool {
            lhs.type == rhs.type && lhs.data == rhs.data
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(data)
        }
    }

    /// A point in CIE 1931 xy chromaticity space.
    public struct Chromaticity: Sendable, Hashable {
        public var x: Double
        public var y: Double

        /// Creates a chromaticity.
        ///
        /// - Parameters:
        ///   - x: the x coordinate.
        ///   - y: the y coordinate.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// cHRM: the white point and the red, green and blue primaries (each stored as integers times 100000).
    public struct Chromaticities: Sendable, Hashable {
        public var white: Chromaticity
        public var red: Chromaticity
        public var green: Chromaticity
        public var blue: Chromaticity

        /// Creates chromaticities.
        ///
        /// - Parameters:
        ///   - white: the white point.
        ///   - red: the red primary.
        ///   - green: the green primary.
        ///   - blue: the blue primary.
        public init(white: Chromaticity, red: Chromaticity, green: Chromaticity, blue: Chromaticity) {
            self.white = white
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The sRGB (ITU-R BT.709) primaries with the D65 white point, as the PNG specification writes them.
        public static let sRGB = Chromaticities(
            white: Chromaticity(x: 0.3127, y: 0.329), red: Chromaticity(x: 0.64, y: 0.33),
            green: Chromaticity(x: 0.3, y: 0.6), blue: Chromaticity(x: 0.15, y: 0.06))
    }

    /// The ICC rendering intent of an sRGB chunk.
    public enum RenderingIntent: UInt8, Sendable, Hashable, CaseIterable {
        case perceptual = 0
        case relativeColorimetric = 1
        case saturation = 2
        case absoluteColorimetric = 3
    }

    /// iCCP: an ICC profile and its name (stored compressed; held here uncompressed).
    public struct ICCProfile: Sendable, Hashable {
        /// The profile's name in the chunk: 1 to 79 Latin-1 characters.
        public var name: String
        /// The profile itself.
        public var data: Data

        /// Creates a profile.
        ///
        /// - Parameters:
        ///   - name: the profile's name in the chunk: 1 to 79 Latin-1 characters.
        ///   - data: the profile itself.
        public init(name: String, data: Data) {
            self.name = name
            self.data = data
        }
    }

    /// pHYs: pixels per unit along each axis.
    public struct PhysicalDimensions: Sendable, Hashable {
        /// The unit of a pHYs chunk.
        public enum Unit: UInt8, Sendable, Hashable {
            /// No unit: the values give only the pixel aspect ratio.
            case unknown = 0
            /// Pixels per metre.
            case meter = 1
        }

        public var pixelsPerUnitX: UInt32
        public var pixelsPerUnitY: UInt32
        public var unit: Unit

        /// Creates physical dimensions.
        ///
        /// - Parameters:
        ///   - pixelsPerUnitX: pixels per unit horizontally.
        ///   - pixelsPerUnitY: pixels per unit vertically.
        ///   - unit: the unit, or `.unknown` for an aspect ratio only.
        public init(pixelsPerUnitX: UInt32, pixelsPerUnitY: UInt32, unit: Unit) {
            self.pixelsPerUnitX = pixelsPerUnitX
            self.pixelsPerUnitY = pixelsPerUnitY
            self.unit = unit
        }
    }

    /// A tEXt, zTXt or iTXt chunk.
    public struct TextEntry: Sendable, Hashable {
        /// The keyword ("Title", "Author", "Description", …): 1 to 79 Latin-1 characters, no leading,
        /// trailing or double spaces.
        public var keyword: String
        /// The text.
        public var text: String
        /// Whether the text is zlib-compressed in the file (zTXt, or a compressed iTXt).
        public var isCompressed: Bool
        /// Whether this is an international (iTXt, UTF-8) entry rather than a Latin-1 one (tEXt or zTXt).
        public var isInternational: Bool
        /// iTXt only: the language of the text, an RFC 3066 tag such as "en" or "fr-CA", or empty.
        public var languageTag: String
        /// iTXt only: the keyword translated into that language, or empty.
        public var translatedKeyword: String

        /// Creates a text entry. It is international (iTXt) when `isInternational` says so, or when it is
        /// left out and the text or keyword has characters outside Latin-1.
        ///
        /// - Parameters:
        ///   - keyword: 1 to 79 Latin-1 characters.
        ///   - text: the text.
        ///   - isCompressed: whether to store the text zlib-compressed.
        ///   - isInternational: iTXt (UTF-8) rather than tEXt/zTXt (Latin-1); decided from the text when `nil`.
        ///   - languageTag: iTXt only: the language of the text.
        ///   - translatedKeyword: iTXt only: the keyword in that language.
        public init(
            keyword: String, text: String, isCompressed: Bool = false, isInternational: Bool? = nil,
            languageTag: String = "", translatedKeyword: String = ""
        ) {
            self.keyword = keyword
            self.text = text
            self.isCompressed = isCompressed
            self.isInternational =
                isInternational ?? (!Latin1.canEncode(text) || !languageTag.isEmpty || !translatedKeyword.isEmpty)
            self.languageTag = languageTag
            self.translatedKeyword = translatedKeyword
        }

        /// The chunk type this entry is stored as: "tEXt", "zTXt" or "iTXt".
        public var chunkType: String {
            isInternational ? "iTXt" : isCompressed ? "zTXt" : "tEXt"
        }
    }

    /// tIME: a UTC date and time.
    public struct ModificationTime: Sendable, Hashable, CustomStringConvertible {
        public var year: UInt16
        /// 1…12.
        public var month: UInt8
        /// 1…31.
        public var day: UInt8
        /// 0…23.
        public var hour: UInt8
        /// 0…59.
        public var minute: UInt8
        /// 0…60 (60 for a leap second).
        public var second: UInt8

        /// Creates a time.
        ///
        /// - Parameters:
        ///   - year: the full year, such as 2024.
        ///   - month: 1…12.
        ///   - day: 1…31.
        ///   - hour: 0…23.
        ///   - minute: 0…59.
        ///   - second: 0…60.
        public init(year: UInt16, month: UInt8, day: UInt8, hour: UInt8, minute: UInt8, second: UInt8) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
        }

        /// Whether every field is in range.
        public var isValid: Bool {
            (1...12).contains(month) && (1...31).contains(day) && hour <= 23 && minute <= 59 && second <= 60
        }

        /// ISO 8601, for example "2024-06-01T12:30:00Z".
        public var description: String {
            func two(_ value: UInt8) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
        }
    }

    /// bKGD: a background colour in the bitmap's own sample values.
    public enum BackgroundColor: Sendable, Hashable {
        /// For gray bitmaps.
        case gray(UInt16)
        /// For RGB bitmaps.
        case rgb(red: UInt16, green: UInt16, blue: UInt16)
    }
}
