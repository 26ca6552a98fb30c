extension Bitmap {
    /// The channels of each pixel, in memory order.
    public enum Channels: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// One sample: gray level.
        case gray = 1
        /// Gray level, then alpha.
        case grayAlpha = 2
        /// Red, green, blue.
        case rgb = 3
        /// Red, green, blue, then alpha.
        case rgba = 4

        /// Samples per pixel.
        public var count: Int { rawValue }

        /// Whether the last sample of each pixel is alpha (straight, not premultiplied; 0 is transparent).
        public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }

        /// Whether the pixel has red, green and blue samples.
        public var isColor: Bool { self == .rgb || self == .rgba }

        public var description: String {
            switch self {
            case .gray: "gray"
            case .grayAlpha: "gray+alpha"
            case .rgb: "RGB"
            case .rgba: "RGBA"
            }
        }
    }

    /// Bits per sample.
    public enum BitDepth: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// One byte per sample, 0…255.
        case eight = 8
        /// Two bytes per sample, 0…65535, stored big-endian (most significant byte first), as in PNG and PAM.
        case sixteen = 16

        /// Bytes per sample.
        public var bytesPerSample: Int { rawValue / 8 }

        /// The largest sample value: 255 or 65535.
        public var maxSampleValue: Int { (1 << rawValue) - 1 }

        public var description: String { "\(rawValue)-bit" }
    }

    /// How the samples of a pixel are laid out: which channels and how many bits each.
    public struct PixelFormat: Sendable, Hashable, CustomStringConvertible {
        /// The channels of each pixel.
        public var channels: Channels
        /// The size of each sample.
        public var bitDepth: BitDepth

        /// Creates a pixel format.
        ///
        /// - Parameters:
        ///   - channels: the channels of each pixel.
        ///   - bitDepth: the size of each sample.
        public init(channels: Channels, bitDepth: BitDepth) {
            self.channels = channels
            self.bitDepth = bitDepth
        }

        /// Bytes per pixel: channels times bytes per sample.
        public var bytesPerPixel: Int { channels.count * bitDepth.bytesPerSample }

        public var description: String { "\(channels) \(bitDepth)" }

        /// 8-bit gray.
        public static let gray8 = PixelFormat(channels: .gray, bitDepth: .eight)
        /// 8-bit gray with alpha.
        public static let grayAlpha8 = PixelFormat(channels: .grayAlpha, bitDepth: .eight)
        /// 8-bit RGB.
        public static let rgb8 = PixelFormat(channels: .rgb, bitDepth: .eight)
        /// 8-bit RGBA.
        public static let rgba8 = PixelFormat(channels: .rgba, bitDepth: .eight)
        /// 16-bit gray.
        public static let gray16 = PixelFormat(channels: .gray, bitDepth: .sixteen)
        /// 16-bit gray with alpha.
        public static let grayAlpha16 = PixelFormat(channels: .grayAlpha, bitDepth: .sixteen)
        /// 16-bit RGB.
        public static let rgb16 = PixelFormat(channels: .rgb, bitDepth: .sixteen)
        /// 16-bit RGBA.
        public static let rgba16 = PixelFormat(channels: .rgba, bitDepth: .sixteen)
    }
}
