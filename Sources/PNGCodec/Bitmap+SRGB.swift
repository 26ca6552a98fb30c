import Foundation

extension Bitmap {
    /// This bitmap converted to 8-bit sRGB, applying the colour information of its metadata: the one explicit
    /// colour conversion of PNGCodec (decoding never changes samples).
    ///
    /// The source colour space is taken, in order of precedence, from:
    /// 1. an sRGB chunk: the samples are sRGB already and are only reduced to 8 bits (rounded);
    /// 2. an ICC profile of the matrix/TRC kind (its tone curves, and for RGB its colorants, adapted from D50 to
    ///    D65 with the Bradford transform);
    /// 3. gAMA (`sample = light ^ gamma`) and, for RGB, cHRM; a missing gAMA means the sRGB curve, missing
    ///    cHRM the sRGB primaries; with neither, the samples are taken to be sRGB already.
    ///
    /// Linear light is clipped to the sRGB gamut. Alpha is not colour-managed, only reduced to 8 bits (rounded).
    /// The channel layout stays the same. The result's metadata says sRGB (keeping an existing rendering intent,
    /// perceptual otherwise) with the matching gAMA and cHRM the PNG specification recommends alongside; the
    /// ICC profile is dropped, the background colour converted like the samples.
    ///
    /// - Returns: the converted 8-bit bitmap.
    public func convertedToSRGB() -> Bitmap {
        let transform = SRGBTransform(metadata: metadata, format: format)
        let target = PixelFormat(channels: format.channels, bitDepth: .eight)
        let storage = BitmapStorage(uninitializedByteCount: width * height * target.bytesPerPixel)
        let source = UnsafeRawBufferPointer(self.storage.bytes)
        let destination = storage.bytes
        let wide = format.bitDepth == .sixteen
        let colorChannels = format.channels.isColor ? 3 : 1
        var input = 0
        var output = 0
        var values = SIMD3<Double>()
        let tables = (0..<colorChannels).map(transform.linearTable)
        for _ in 0..<(width * height) {
            for channel in 0..<colorChannels {
                let sample = wide ? Int(source[input]) << 8 | Int(source[input + 1]) : Int(source[input])
                values[channel] = tables[channel][sample]
                input += wide ? 2 : 1
            }
            for (channel, encoded) in transform.encode(values, colorChannels: colorChannels).enumerated() {
                destination[output + channel] = encoded
            }
            output += colorChannels
            if format.channels.hasAlpha {
                let alpha = wide ? Int(source[input]) << 8 | Int(source[input + 1]) : Int(source[input])
                destination[output] = wide ? UInt8((alpha * 255 + 32_767) / 65_535) : UInt8(alpha)
                input += wide ? 2 : 1
                output += 1
            }
        }
        var metadata = self.metadata
        metadata.sRGBIntent = metadata.sRGBIntent ?? .perceptual
        metadata.gamma = 0.45455
        metadata.chromaticities = .sRGB
        metadata.iccProfile = nil
        metadata.backgroundColor = metadata.backgroundColor.map { transform.convert($0, colorChannels: colorChannels) }
        return Bitmap(width: width, height: height, format: target, storage: storage, metadata: metadata)
    }
}

/// The per-image part of an sRGB conversion: lookup tables from stored samples to linear light, a matrix to
/// linear sRGB, and a table from linear light to 8-bit sRGB.
struct SRGBTransform {
    /// Stored sample → linear light (0…1 in the source space): one table shared by all channels, or one per
    /// colour channel when an ICC profile gives each its own curve.
    let linearTables: [[Double]]
    /// Linear source RGB → linear sRGB; `nil` when the primaries already are sRGB's (or for gray).
    let matrix: Matrix3?
    /// Linear light quantised to 16 bits → 8-bit sRGB.
    static let encodeTable: [UInt8] = (0...65_535).map {
        UInt8((ColorMath.encodeSRGB(Double($0) / 65_535) * 255).rounded())
    }

    /// The table of colour channel `channel`.
    func linearTable(_ channel: Int) -> [Double] {
        linearTables[min(channel, linearTables.count - 1)]
    }

    init(metadata: PNGMetadata, format: Bitmap.PixelFormat) {
        let isColor = format.channels.isColor
        let curves: [(Double) -> Double]
        var matrix: Matrix3?
        if metadata.sRGBIntent != nil {
            curves = [ColorMath.decodeSRGB]
        } else if let profile = metadata.iccProfile,
            let description = ICCProfileReader(data: profile.data).matrixTRC(colorSpace: isColor ? "RGB " : "GRAY")
        {
            curves = description.curves.map { curve in { curve.linear($0) } }
            matrix = description.matrix.map {
                ColorMath.xyzToSRGB * ColorMath.adaptation(from: ColorMath.d50, to: ColorMath.d65) * $0
            }
        } else {
            if let gamma = metadata.gamma {
                curves = [{ pow($0, 1 / gamma) }]
            } else {
                curves = [ColorMath.decodeSRGB]
            }
            if isColor, let chromaticities = metadata.chromaticities,
                let toXYZ = ColorMath.rgbToXYZ(chromaticities)
            {
                let white = ColorMath.xyz(chromaticities.white)
                matrix = ColorMath.xyzToSRGB * ColorMath.adaptation(from: white, to: ColorMath.d65) * toXYZ
            }
        }
        let maximum = format.bitDepth.maxSampleValue
        linearTables = curves.map { curve in (0...maximum).map { curve(Double($0) / Double(maximum)) } }
        self.matrix = matrix
    }

    /// Linear source light to 8-bit sRGB.
    func encode(_ linear: SIMD3<Double>, colorChannels: Int) -> [UInt8] {
        let converted = colorChannels == 3 ? matrix.map { $0 * linear } ?? linear : linear
        return (0..<colorChannels).map { channel in
            let value = converted[channel]
            let clipped = value.isNaN ? 0 : min(max(value, 0), 1)
            return Self.encodeTable[Int((clipped * 65_535).rounded())]
        }
    }

    /// A background colour converted like the samples.
    func convert(_ background: PNGMetadata.BackgroundColor, colorChannels: Int) -> PNGMetadata.BackgroundColor {
        switch background {
        case .gray(let gray):
            let linear = linearTable(0)[min(Int(gray), linearTable(0).count - 1)]
            return .gray(UInt16(encode(SIMD3(linear, 0, 0), colorChannels: 1)[0]))
        case .rgb(let red, let green, let blue):
            let samples = [red, green, blue].enumerated().map { channel, value in
                linearTable(channel)[min(Int(value), linearTable(channel).count - 1)]
            }
            let encoded = encode(SIMD3(samples[0], samples[1], samples[2]), colorChannels: colorChannels)
            return .rgb(red: UInt16(encoded[0]), green: UInt16(encoded[1]), blue: UInt16(encoded[2]))
        }
    }
}
