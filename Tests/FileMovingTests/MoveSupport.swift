import Foundation
import PNGCodec
import Testing

/// A temporary folder with `source` and `destination` folders in it, removed by `remove()`.
struct MoveFolders {
    let root: URL
    let source: URL
    let destination: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("dnd-sim-move-\(UUID().uuidString)")
        source = root.appendingPathComponent("source")
        destination = root.appendingPathComponent("destination")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes a file into the source folder and returns its path.
    @discardableResult
    func write(_ data: Data, as name: String, in folder: URL? = nil) throws -> String {
        let url = (folder ?? source).appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Every file under the root, by name relative to it, with its bytes.
    func contents() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }
}

/// A PNG of a small gradient, different for each seed.
func pngFile(seed: Int, width: Int = 24, height: Int = 16) throws -> Data {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            bytes += [UInt8((x * 10 + seed * 40) % 256), UInt8((y * 15 + seed) % 256), UInt8(seed % 256)]
        }
    }
    return try PNGEncoder().encode(Bitmap(width: width, height: height, format: .rgb8, bytes: bytes))
}
