extension Bitmap {
    /// This bitmap in another pixel format, sample by sample, with no colour management.
    ///
    /// - 16-bit to 8-bit keeps the high byte; 8-bit to 16-bit multiplies by 257 (so 255 becomes 65535).
    /// - Gray to RGB replicates the gray sample; RGB to gray takes the Rec. 709 luma of the stored values
    ///   (0.2126 R + 0.7152 G + 0.0722 B, rounded).
    /// - Alpha added is opaque; alpha removed is dropped (the colour samples are kept as they are).
    ///
    /// Metadata is kept, with the background colour converted the same way. The result has no
    /// ``originalPNGData``, unless the format is unchanged (then the result is this bitmap).
    ///
    /// - Parameter target: the pixel format wanted.
    /// - Returns: the converted bitmap.
    public func converted(to target: PixelFormat) -> Bitmap {
        if target == format {
            return self
        }
        let storage = BitmapStorage(uninitializedByteCount: width * height * target.bytesPerPixel)
        let source = UnsafeRawBufferPointer(self.storage.bytes)
        let destination = storage.bytes
        let sourceChannels = format.channels
        let targetChannels = target.channels
        let sourceWide = format.bitDepth == .sixteen
        let targetWide = target.bitDepth == .sixteen
        var input = 0
        var output = 0
        var pixel = SIMD4<UInt16>()
        for _ in 0..<(width * height) {
            for channel in 0..<sourceChannels.count {
                pixel[channel] =
                    sourceWide ? UInt16(source[input]) << 8 | UInt16(source[input + 1]) : UInt16(source[input]) * 257
                input += sourceWide ? 2 : 1
            }
            let samples = Self.convertPixel(pixel, from: sourceChannels, to: target)
            for channel in 0..<targetChannels.count {
                destination[output] = UInt8(samples[channel] >> 8)
                if targetWide {
                    destination[output + 1] = UInt8(samples[channel] & 0xFF)
                }
                output += targetWide ? 2 : 1
            }
        }
        var metadata = self.metadata
        metadata.backgroundColor = metadata.backgroundColor.map { background in
            Self.convertBackground(background, from: format, to: target)
        }
        return Bitmap(width: width, height: height, format: target, storage: storage, metadata: metadata)
    }

    /// This bitmap as 8-bit RGBA: 16-bit samples keep their high byte, gray is replicated to red, green and
    /// blue, and missing alpha is opaque. Shorthand for `converted(to: .rgba8)`.
    ///
    /// - Returns: the converted bitmap.
    public func convertedToRGBA8() -> Bitmap {
        converted(to: .rgba8)
    }

    /// Converts one pixel held as 16-bit values (channels in order, alpha last).
    private static func convertPixel(
        _ pixel: SIMD4<UInt16>, from source: Channels, to format: PixelFormat
    ) -> SIMD4<UInt16> {
        let alpha: UInt16 = source.hasAlpha ? pixel[source.count - 1] : 0xFFFF
        let rgb = source.isColor ? pixel : SIMD4(pixel[0], pixel[0], pixel[0], 0)
        switch format.channels {
        case .gray:
            return SIMD4(source.isColor ? luma(rgb, depth: format.bitDepth) : pixel[0], 0, 0, 0)
        case .grayAlpha:
            return SIMD4(source.isColor ? luma(rgb, depth: format.bitDepth) : pixel[0], alpha, 0, 0)
        case .rgb:
            return SIMD4(rgb[0], rgb[1], rgb[2], 0)
        case .rgba:
            return SIMD4(rgb[0], rgb[1], rgb[2], alpha)
        }
    }

    /// Rec. 709 luma of the first three values, rounded to the nearest value of `depth` and returned on the
    /// 16-bit scale (an 8-bit value v as v × 257, whose high byte is v).
    private static func luma(_ rgb: SIMD4<UInt16>, depth: BitDepth) -> UInt16 {
        let red = 0.2126 * Double(rgb[0])
        let green = 0.7152 * Double(rgb[1])
        let blue = 0.0722 * Double(rgb[2])
        let fraction = (red + green + blue) / 65535
        if depth == .eight {
            return UInt16((fraction * 255).rounded()) * 257
        }
        return UInt16((fraction * 65535).rounded())
    }

    static func convertBackground(
        _ background: PNGMetadata.BackgroundColor, from source: PixelFormat, to target: PixelFormat
    ) -> PNGMetadata.BackgroundColor {
        func widen(_ value: UInt16) -> UInt16 { source.bitDepth == .sixteen ? value : value * 257 }
        func narrow(_ value: UInt16) -> UInt16 { target.bitDepth == .sixteen ? value : value >> 8 }
        let (red, green, blue): (UInt16, UInt16, UInt16) =
            switch background {
            case .gray(let gray): (widen(gray), widen(gray), widen(gray))
            case .rgb(let red, let green, let blue): (widen(red), widen(green), widen(blue))
            }
        if target.channels.isColor {
            return .rgb(red: narrow(red), green: narrow(green), blue: narrow(blue))
        }
        if case .gray = background {
            return .gray(narrow(red))
        }
        return .gray(narrow(luma(SIMD4(red, green, blue, 0), depth: target.bitDepth)))
    }
}
