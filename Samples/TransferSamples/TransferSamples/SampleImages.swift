import PNGCodec

/// The pictures of the samples, drawn in code so that the samples need no resources: three "spots" (each a
/// different colour gradient with a white disc) and a grey "no picture" placeholder with a cross.
public enum SampleImages {
    /// The width of every sample picture.
    public static let width = 64
    /// The height of every sample picture.
    public static let height = 48

    /// Three distinct pictures, like the reference chapter's `spot1`, `spot2` and `spot3`.
    ///
    /// - Returns: the pictures.
    /// - Throws: `ImageError` if a bitmap cannot be made (only when memory runs out).
    public static func spots() throws -> [Bitmap] {
        try (0..<3).map { try spot($0) }
    }

    /// The placeholder shown before anything is dropped.
    ///
    /// - Returns: the picture.
    /// - Throws: `ImageError` if a bitmap cannot be made (only when memory runs out).
    public static func noPicture() throws -> Bitmap {
        try draw { x, y in
            let onCross = abs(x * height - y * width) < width || abs((width - 1 - x) * height - y * width) < width
            return onCross ? [96, 96, 96, 255] : [208, 208, 208, 255]
        }
    }

    /// Picture `index` of the spots.
    private static func spot(_ index: Int) throws -> Bitmap {
        let tint = [[255, 96, 32], [32, 160, 255], [64, 200, 96]][index]
        let radius = 12 + 4 * index
        return try draw { x, y in
            let dx = x - width / 2
            let dy = y - height / 2
            if dx * dx + dy * dy < radius * radius {
                return [255, 255, 255, 255]
            }
            let shade = 64 + 191 * (x + y) / (width + height)
            return tint.map { UInt8($0 * shade / 255) } + [255]
        }
    }

    /// An RGBA 8-bit picture whose pixel at (x, y) is `pixel(x, y)`.
    private static func draw(_ pixel: (Int, Int) -> [UInt8]) throws -> Bitmap {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                bytes += pixel(x, y)
            }
        }
        return try Bitmap(width: width, height: height, format: .rgba8, bytes: bytes)
    }
}
