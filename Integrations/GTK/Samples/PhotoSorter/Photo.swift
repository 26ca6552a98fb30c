import DnDKit
import Foundation

/// A photo: its name and its PNG bytes. Exported and imported as PNG, with its name as the file name.
struct Photo: Transferable, Hashable, Sendable {
    let name: String
    let png: Data

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .png) { photo in
            photo.png
        } importing: { data in
            // Decoding checks that the bytes are a PNG before the photo is taken.
            _ = try Bitmap(pngData: data)
            return Photo(name: "dropped", png: data)
        }
        .suggestedFileName { $0.name + ".png" }
    }

    /// The PNG files of `folder`, by name; without a folder, four generated pictures.
    static func library(from folder: String?) throws -> [Photo] {
        guard let folder else {
            return try ["dawn", "noon", "dusk", "night"].enumerated().map { index, name in
                Photo(name: name, png: try picture(shade: index))
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        return try names.map { name in
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            return Photo(name: String(name.dropLast(4)), png: try Data(contentsOf: url))
        }
    }

    /// A 96×72 gradient of one of four hues.
    private static func picture(shade: Int) throws -> Data {
        let (width, height) = (96, 72)
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                let level = UInt8(64 + (x + y) * 191 / (width + height))
                bytes[index] = shade == 0 || shade == 2 ? level : 40
                bytes[index + 1] = shade == 1 || shade == 2 ? level : 60
                bytes[index + 2] = shade == 3 ? level : 90
            }
        }
        return try Bitmap(width: width, height: height, format: .rgb8, bytes: bytes).pngData()
    }
}
