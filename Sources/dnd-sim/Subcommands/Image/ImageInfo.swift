import ArgumentParser
import DnDKit
import Foundation

/// `dnd-sim image info FILE... [--json]`.
struct ImageInfo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a PNG's size, colour type, bit depth, interlacing, chunks and metadata.",
        discussion: """
            The file is decoded completely, so a damaged one is reported (exit status 1) even when its header \
            is intact. A named pipe, a socket or a device is refused at once, never read. With --json, each file \
            is one line of JSON with "status": "ok", or "status": "failed" and "error" for a file that could not be \
            read or decoded. Images larger than the decoder's limits (65535 pixels wide or high, 512 MiB decoded) \
            are refused before anything is allocated; --max-width, --max-height and --max-decoded-bytes raise them.
            """
    )

    @Argument(help: "PNG files.")
    var files: [String]

    @Flag(help: "Print one JSON object per file, one per line; a file that failed has status and error.")
    var json = false

    @OptionGroup var decoderLimits: DecoderLimitOptions

    func run() async throws {
        try await forEachInput(files, json: json) { (path) throws(InputError) in
            let data = try ImageFiles.read(path)
            let info: PNGInfo
            do throws(ImageError) {
                info = try PNGDecoder(limits: decoderLimits.limits).info(data)
            } catch {
                throw ImageFiles.problem(error, path: path)
            }
            _ = try ImageFiles.decodePNG(data, path: path, limits: decoderLimits.limits)
            if json {
                do {
                    try JSONOutput.printLine(InfoRecord(file: path, info: info))
                } catch {
                    throw InputError(path, "cannot write JSON: \(error)")
                }
            } else {
                print(InfoText.render(path, info))
            }
        }
    }
}

/// The human-readable report of one file.
enum InfoText {
    static func render(_ path: String, _ info: PNGInfo) -> String {
        var lines = [Terminal.styled(path, .bold)]
        func field(_ name: String, _ value: String) {
            lines.append("  " + name.padding(toLength: 16, withPad: " ", startingAt: 0) + value)
        }
        field("size", "\(info.width)x\(info.height)")
        field("colour type", "\(info.colorType.rawValue) (\(info.colorType))")
        field("bit depth", "\(info.bitDepth)")
        field("interlace", info.isInterlaced ? "Adam7" : "none")
        field("decodes to", "\(info.decodedFormat)")
        field("chunks", "\(info.chunks.count)")
        for chunk in info.chunks {
            lines.append("    \(chunk.type)  \(chunk.length) bytes at \(chunk.offset)")
        }
        let metadata = info.metadata
        if let gamma = metadata.gamma {
            field("gamma", "\(gamma)")
        }
        if let chromaticities = metadata.chromaticities {
            let points = [
                ("white", chromaticities.white), ("red", chromaticities.red), ("green", chromaticities.green),
                ("blue", chromaticities.blue),
            ]
            field("chromaticities", points.map { "\($0) \($1.x),\($1.y)" }.joined(separator: "  "))
        }
        if let intent = metadata.sRGBIntent {
            field("sRGB", "rendering intent \(intent.rawValue) (\(intent))")
        }
        if let profile = metadata.iccProfile {
            field("ICC profile", "\"\(profile.name)\", \(profile.data.count) bytes")
        }
        if let dimensions = metadata.physicalDimensions {
            let unit = dimensions.unit == .meter ? " pixels per metre" : " (aspect ratio only)"
            field("pixel size", "\(dimensions.pixelsPerUnitX) x \(dimensions.pixelsPerUnitY)\(unit)")
        }
        if let time = metadata.modificationTime {
            field("modified", "\(time)")
        }
        if let background = metadata.backgroundColor {
            field("background", "\(InfoRecord.Background(background).description)")
        }
        for entry in metadata.textEntries {
            let language = entry.languageTag.isEmpty ? "" : " [\(entry.languageTag)]"
            let text = entry.text.replacingOccurrences(of: "\n", with: "\\n")
            field(entry.chunkType, "\(entry.keyword)\(language): \(text)")
        }
        for warning in info.warnings {
            field("warning", warning)
        }
        if info.trailingByteCount > 0 {
            field("after IEND", "\(info.trailingByteCount) bytes (ignored)")
        }
        return lines.joined(separator: "\n")
    }
}

/// The JSON form of one file's info; keys in this order.
struct InfoRecord: Encodable {
    var file: String
    var status = "ok"
    var width: Int
    var height: Int
    var colourType: Int
    var colourTypeName: String
    var bitDepth: Int
    var interlace: String
    var decodedFormat: String
    var chunks: [Chunk]
    var metadata: Metadata
    var warnings: [String]
    var trailingBytes: Int

    enum CodingKeys: String, CodingKey {
        case file, status, width, height
        case colourType = "colorType"
        case colourTypeName = "colorTypeName"
        case bitDepth
        case interlace
        case decodedFormat
        case chunks, metadata, warnings
        case trailingBytes
    }

    init(file: String, info: PNGInfo) {
        self.file = file
        width = info.width
        height = info.height
        colourType = Int(info.colorType.rawValue)
        colourTypeName = info.colorType.description
        bitDepth = info.bitDepth
        interlace = info.isInterlaced ? "adam7" : "none"
        decodedFormat = info.decodedFormat.description
        chunks = info.chunks.map { Chunk(type: $0.type, offset: $0.offset, length: $0.length) }
        metadata = Metadata(info.metadata)
        warnings = info.warnings
        trailingBytes = info.trailingByteCount
    }

    struct Chunk: Encodable {
        var type: String
        var offset: Int
        var length: Int
    }

    struct Point: Encodable {
        var x: Double
        var y: Double
    }

    struct Chromaticities: Encodable {
        var white: Point
        var red: Point
        var green: Point
        var blue: Point
    }

    struct Profile: Encodable {
        var name: String
        var bytes: Int
    }

    struct PhysicalDimensions: Encodable {
        var x: UInt32
        var y: UInt32
        var unit: String
    }

    struct Text: Encodable {
        var chunk: String
        var keyword: String
        var text: String
        var language: String?
        var translatedKeyword: String?

        enum CodingKeys: String, CodingKey {
            case chunk, keyword, text, language
            case translatedKeyword
        }
    }

    struct Background: Encodable, CustomStringConvertible {
        var gray: UInt16?
        var red: UInt16?
        var green: UInt16?
        var blue: UInt16?

        init(_ background: PNGMetadata.BackgroundColor) {
            switch background {
            case .gray(let gray):
                self.gray = gray
            case .rgb(let red, let green, let blue):
                (self.red, self.green, self.blue) = (red, green, blue)
            }
        }

        var description: String {
            if let gray {
                return "gray \(gray)"
            }
            return "red \(red ?? 0), green \(green ?? 0), blue \(blue ?? 0)"
        }
    }

    struct Metadata: Encodable {
        var gamma: Double?
        var chromaticities: Chromaticities?
        var srgbIntent: String?
        var iccProfile: Profile?
        var physicalDimensions: PhysicalDimensions?
        var modificationTime: String?
        var background: Background?
        var text: [Text]

        enum CodingKeys: String, CodingKey {
            case gamma, chromaticities
            case srgbIntent
            case iccProfile
            case physicalDimensions
            case modificationTime
            case background, text
        }

        init(_ metadata: PNGMetadata) {
            gamma = metadata.gamma
            chromaticities = metadata.chromaticities.map { value in
                func point(_ point: PNGMetadata.Chromaticity) -> Point { Point(x: point.x, y: point.y) }
                return Chromaticities(
                    white: point(value.white), red: point(value.red), green: point(value.green),
                    blue: point(value.blue))
            }
            srgbIntent = metadata.sRGBIntent.map { "\($0)" }
            iccProfile = metadata.iccProfile.map { Profile(name: $0.name, bytes: $0.data.count) }
            physicalDimensions = metadata.physicalDimensions.map {
                PhysicalDimensions(
                    x: $0.pixelsPerUnitX, y: $0.pixelsPerUnitY, unit: $0.unit == .meter ? "meter" : "unknown")
            }
            modificationTime = metadata.modificationTime?.description
            background = metadata.backgroundColor.map(Background.init)
            text = metadata.textEntries.map { entry in
                Text(
                    chunk: entry.chunkType, keyword: entry.keyword, text: entry.text,
                    language: entry.isInternational ? entry.languageTag : nil,
                    translatedKeyword: entry.isInternational ? entry.translatedKeyword : nil)
            }
        }
    }
}
