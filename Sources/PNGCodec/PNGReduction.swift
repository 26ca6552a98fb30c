import CPNG
import Foundation

/// The lossless reductions optipng and oxipng try before compressing: a bitmap's samples written in a smaller
/// layout that decodes to exactly the same samples.
///
/// - 16-bit samples that are all `v × 257` become 8-bit;
/// - an alpha channel that is opaque everywhere is left out;
/// - colour whose red, green and blue are equal everywhere becomes gray;
/// - 8-bit gray whose values are all multiples of 255/3, 255/15 or 255 becomes 4-, 2- or 1-bit gray (decoders
///   scale low bit depths back to 8 bits exactly so);
/// - at most 256 distinct colours (8-bit, alpha included) become an indexed image: a palette of 1, 2, 4 or 8 bits
///   an index, its translucent entries first so that tRNS stays short.
///
/// A background colour (bKGD) is written in the reduced layout, or a reduction it does not fit is not made; the
/// other metadata does not depend on the layout, except chunks PNGCodec does not interpret and that are not safe to
/// copy, which are left out of a reduced file as they are out of any re-encoded one.
struct PNGReduction {
    /// The PNG colour type: 0 gray, 2 RGB, 3 indexed, 4 gray+alpha, 6 RGBA.
    let colorType: Int32
    let bitDepth: Int
    let samplesPerPixel: Int
    /// The rows, packed as PNG stores them, without filter bytes.
    let rows: [UInt8]
    let bytesPerRow: Int
    /// PLTE entries (3 bytes each) and the tRNS alpha values of the first entries, for an indexed image.
    var palette: [UInt8] = []
    var paletteAlpha: [UInt8] = []
    /// The bKGD chunk's data in this layout, when the bitmap has a background colour.
    var background: Data?
    /// Whether the rows are the samples exactly as the file the bitmap was decoded from stored them, when they are
    /// in its colour type and bit depth (and, indexed, with its palette): then its chunks about the stored samples
    /// (sBIT, sPLT, …) still hold.
    var reproducesStoredSamples = false

    /// Whether a chunk PNGCodec does not interpret stays valid in this layout: when it is safe to copy, or describes
    /// the samples as stored and this layout stores them so again.
    func keeps(_ chunk: PNGMetadata.OtherChunk) -> Bool {
        chunk.isSafeToCopy
            || (reproducesStoredSamples && Int32(chunk.storedColorType) == colorType
                && Int(chunk.storedBitDepth) == bitDepth)
    }

    /// The reductions of a bitmap worth trying, smallest layout first; empty when none applies.
    static func candidates(for bitmap: Bitmap) -> [PNGReduction] {
        let samples = Samples(bitmap)
        let asStored = bitmap.originalPNGData != nil
        var candidates: [PNGReduction] = []
        if var natural = samples.naturalReduction(of: bitmap) {
            natural.reproducesStoredSamples = asStored
            candidates.append(natural)
        }
        if let indexed = samples.indexedReduction(of: bitmap) {
            candidates.insert(indexed, at: 0)
        }
        // A bitmap decoded from an indexed PNG: its own palette, in its order, often compresses best.
        if let original = originalPalette(of: bitmap),
            var indexed = samples.indexedReduction(of: bitmap, palette: original)
        {
            indexed.reproducesStoredSamples = asStored
            candidates.insert(indexed, at: 0)
        }
        return candidates
    }

    /// The palette (PLTE) and its alpha values (tRNS) of the indexed PNG a bitmap was decoded from, if it was.
    static func originalPalette(of bitmap: Bitmap) -> (rgb: [UInt8], alpha: [UInt8])? {
        guard let data = bitmap.originalPNGData,
            let info = try? PNGDecoder().info(data), info.colorType == .palette,
            let plte = info.chunks.first(where: { $0.type == "PLTE" })
        else {
            return nil
        }
        func bytes(_ chunk: PNGChunk) -> [UInt8] {
            let start = data.startIndex + chunk.offset + 8
            return Array(data[start..<start + chunk.length])
        }
        let transparency = info.chunks.first { $0.type == "tRNS" }.map(bytes) ?? []
        return (bytes(plte), transparency)
    }
}

/// A bitmap's samples and what they allow.
private struct Samples {
    let width: Int
    let height: Int
    let channels: Int
    let isSixteenBit: Bool
    /// Every sample, at 8 or 16 bits.
    let values: [UInt16]
    /// Whether every 16-bit sample is `v × 257` (always true at 8 bits).
    let fitsEightBits: Bool
    /// Whether the alpha channel, if any, is opaque everywhere.
    let alphaIsOpaque: Bool
    /// Whether red, green and blue, if any, are equal everywhere.
    let colorIsGray: Bool

    init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        channels = bitmap.format.channels.rawValue
        isSixteenBit = bitmap.format.bitDepth == .sixteen
        let sixteen = isSixteenBit
        values = bitmap.withUnsafeBytes { bytes in
            sixteen
                ? stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
                : bytes.map(UInt16.init)
        }
        fitsEightBits = !isSixteenBit || values.allSatisfy { $0 >> 8 == $0 & 0xFF }
        let hasAlpha = channels == 2 || channels == 4
        let maximum: UInt16 = isSixteenBit ? 0xFFFF : 0xFF
        var opaque = hasAlpha
        var gray = channels >= 3
        let channels = channels
        if hasAlpha || gray {
            for start in stride(from: 0, to: values.count, by: channels) {
                if opaque, values[start + channels - 1] != maximum { opaque = false }
                if gray, values[start] != values[start + 1] || values[start] != values[start + 2] { gray = false }
                if !opaque && !gray { break }
            }
        }
        alphaIsOpaque = opaque
        colorIsGray = gray
    }

    var hasAlpha: Bool { channels == 2 || channels == 4 }
    var isColor: Bool { channels >= 3 }

    /// The background colour as (red, green, blue) at the bitmap's depth.
    func background(of bitmap: Bitmap) -> (UInt16, UInt16, UInt16)? {
        switch bitmap.metadata.backgroundColor {
        case .gray(let gray): (gray, gray, gray)
        case .rgb(let red, let green, let blue): (red, green, blue)
        case nil: nil
        }
    }

    /// The same channels and palette-free layout, smaller: 8 bits, no alpha, gray, low-bit gray, as the samples
    /// allow; `nil` when none applies or the background does not fit.
    func naturalReduction(of bitmap: Bitmap) -> PNGReduction? {
        let toEight = isSixteenBit && fitsEightBits
        let dropAlpha = hasAlpha && alphaIsOpaque
        let toGray = isColor && colorIsGray
        let color = isColor && !toGray
        var depth = isSixteenBit && !toEight ? 16 : 8
        let keptAlpha = hasAlpha && !dropAlpha
        let outChannels = (color ? 3 : 1) + (keptAlpha ? 1 : 0)
        let shift = toEight ? 8 : 0
        // The samples kept, in order, at the output depth.
        var kept: [UInt16] = []
        kept.reserveCapacity(width * height * outChannels)
        for start in stride(from: 0, to: values.count, by: channels) {
            kept.append(values[start] >> shift)
            if color {
                kept.append(values[start + 1] >> shift)
                kept.append(values[start + 2] >> shift)
            }
            if keptAlpha { kept.append(values[start + channels - 1] >> shift) }
        }
        // 8-bit gray without alpha: the lowest depth whose scale every value is a multiple of.
        var scale: UInt16 = 1
        if depth == 8, outChannels == 1 {
            for (bits, step) in [(1, UInt16(255)), (2, UInt16(85)), (4, UInt16(17))]
            where kept.allSatisfy({ $0 % step == 0 }) {
                depth = bits
                scale = step
                break
            }
        }
        guard toEight || dropAlpha || toGray || depth < 8 else {
            return nil
        }
        var background: Data?
        if let (red, green, blue) = self.background(of: bitmap) {
            let values = color ? [red, green, blue] : [red]
            guard color || (red == green && red == blue) else { return nil }
            var data = Data()
            for value in values {
                if toEight && value >> 8 != value & 0xFF { return nil }
                let eight = value >> shift
                guard eight % scale == 0 else { return nil }
                data += [UInt8((eight / scale) >> 8), UInt8((eight / scale) & 0xFF)]
            }
            background = data
        }
        let colorType: Int32 = color ? (keptAlpha ? 6 : 2) : (keptAlpha ? 4 : 0)
        let (rows, bytesPerRow) = Self.pack(
            kept.map { $0 / scale }, width: width, height: height, samplesPerPixel: outChannels, depth: depth)
        return PNGReduction(
            colorType: colorType, bitDepth: depth, samplesPerPixel: outChannels, rows: rows, bytesPerRow: bytesPerRow,
            background: background)
    }

    /// An indexed image with a given palette, in its order, when it holds every colour of the samples and the
    /// background.
    func indexedReduction(of bitmap: Bitmap, palette: (rgb: [UInt8], alpha: [UInt8])) -> PNGReduction? {
        guard fitsEightBits, palette.rgb.count % 3 == 0, (1...256).contains(palette.rgb.count / 3) else {
            return nil
        }
        let count = palette.rgb.count / 3
        var indexOf: [UInt32: Int] = [:]
        for entry in (0..<count).reversed() {  // the first of equal entries wins
            let alpha = entry < palette.alpha.count ? palette.alpha[entry] : 255
            let colour =
                UInt32(palette.rgb[3 * entry]) << 24 | UInt32(palette.rgb[3 * entry + 1]) << 16
                | UInt32(palette.rgb[3 * entry + 2]) << 8 | UInt32(alpha)
            indexOf[colour] = entry
        }
        var indices: [UInt16] = []
        indices.reserveCapacity(width * height)
        for colour in rgbaColours() {
            guard let index = indexOf[colour] else { return nil }
            indices.append(UInt16(index))
        }
        var background: Data?
        if let (red, green, blue) = self.background(of: bitmap) {
            let shift: UInt16 = isSixteenBit ? 8 : 0
            let colour = UInt32(red >> shift) << 24 | UInt32(green >> shift) << 16 | UInt32(blue >> shift) << 8 | 255
            guard let index = indexOf[colour] else { return nil }
            background = Data([UInt8(index)])
        }
        let depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
        let (rows, bytesPerRow) = Self.pack(indices, width: width, height: height, samplesPerPixel: 1, depth: depth)
        var reduction = PNGReduction(
            colorType: 3, bitDepth: depth, samplesPerPixel: 1, rows: rows, bytesPerRow: bytesPerRow)
        reduction.palette = palette.rgb
        reduction.paletteAlpha = Array(palette.alpha.prefix(count))
        reduction.background = background
        return reduction
    }

    /// Each pixel as RGBA, 8 bits a sample, in a UInt32; only for samples that fit 8 bits.
    func rgbaColours() -> [UInt32] {
        let shift: UInt16 = isSixteenBit ? 8 : 0
        var colours: [UInt32] = []
        colours.reserveCapacity(width * height)
        for start in stride(from: 0, to: values.count, by: channels) {
            let red = values[start] >> shift
            let green = isColor ? values[start + 1] >> shift : red
            let blue = isColor ? values[start + 2] >> shift : red
            let alpha = hasAlpha ? values[start + channels - 1] >> shift : 255
            colours.append(UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha))
        }
        return colours
    }

    /// An indexed image of at most 256 colours, when the samples fit 8 bits and the background fits the palette.
    func indexedReduction(of bitmap: Bitmap) -> PNGReduction? {
        guard fitsEightBits else { return nil }
        let shift: UInt16 = isSixteenBit ? 8 : 0
        var indexOf: [UInt32: Int] = [:]
        var colours: [UInt32] = []
        var pixels: [Int] = []
        pixels.reserveCapacity(width * height)
        for colour in rgbaColours() {
            if let index = indexOf[colour] {
                pixels.append(index)
            } else {
                guard colours.count < 256 else { return nil }
                indexOf[colour] = colours.count
                pixels.append(colours.count)
                colours.append(colour)
            }
        }
        // The background is an entry of the palette: an opaque one of its colour, added when missing.
        var backgroundColour: UInt32?
        if let (red, green, blue) = background(of: bitmap) {
            guard [red, green, blue].allSatisfy({ !isSixteenBit || $0 >> 8 == $0 & 0xFF }) else { return nil }
            let colour = UInt32(red >> shift) << 24 | UInt32(green >> shift) << 16 | UInt32(blue >> shift) << 8 | 255
            if indexOf[colour] == nil {
                guard colours.count < 256 else { return nil }
                indexOf[colour] = colours.count
                colours.append(colour)
            }
            backgroundColour = colour
        }
        // Translucent entries first, so that tRNS ends at the last of them.
        let order = colours.indices.sorted { left, right in
            let leftOpaque = colours[left] & 0xFF == 255
            let rightOpaque = colours[right] & 0xFF == 255
            return leftOpaque == rightOpaque ? left < right : !leftOpaque
        }
        var newIndex = [Int](repeating: 0, count: colours.count)
        for (position, old) in order.enumerated() {
            newIndex[old] = position
        }
        var palette: [UInt8] = []
        var alpha: [UInt8] = []
        for old in order {
            let colour = colours[old]
            palette += [UInt8(colour >> 24), UInt8((colour >> 16) & 0xFF), UInt8((colour >> 8) & 0xFF)]
            if colour & 0xFF != 255 { alpha.append(UInt8(colour & 0xFF)) }
        }
        let depth = colours.count <= 2 ? 1 : colours.count <= 4 ? 2 : colours.count <= 16 ? 4 : 8
        let (rows, bytesPerRow) = Self.pack(
            pixels.map { UInt16(newIndex[$0]) }, width: width, height: height, samplesPerPixel: 1, depth: depth)
        var reduction = PNGReduction(
            colorType: 3, bitDepth: depth, samplesPerPixel: 1, rows: rows, bytesPerRow: bytesPerRow)
        reduction.palette = palette
        reduction.paletteAlpha = alpha
        if let backgroundColour, let index = indexOf[backgroundColour] {
            reduction.background = Data([UInt8(newIndex[index])])
        }
        return reduction
    }

    /// Samples packed into PNG rows: 16-bit big-endian, 8-bit as bytes, lower depths most significant bits first.
    static func pack(
        _ samples: [UInt16], width: Int, height: Int, samplesPerPixel: Int, depth: Int
    ) -> (rows: [UInt8], bytesPerRow: Int) {
        let perRow = width * samplesPerPixel
        let bytesPerRow = (perRow * depth + 7) / 8
        var rows = [UInt8](repeating: 0, count: bytesPerRow * height)
        for y in 0..<height {
            let base = y * bytesPerRow
            for x in 0..<perRow {
                let value = samples[y * perRow + x]
                switch depth {
                case 16:
                    rows[base + 2 * x] = UInt8(value >> 8)
                    rows[base + 2 * x + 1] = UInt8(value & 0xFF)
                case 8:
                    rows[base + x] = UInt8(value)
                default:
                    let bit = x * depth
                    rows[base + bit / 8] |= UInt8(value) << (8 - depth - bit % 8)
                }
            }
        }
        return (rows, bytesPerRow)
    }
}
