import Foundation
import PNGCodec

/// The PngSuite files and their manifests in `Fixtures/` (copied from the shared test data; see
/// `Fixtures/PngSuite.LICENSE`).
enum Fixtures {
    static let directory: URL = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures folder is missing from the test bundle")
        }
        return url
    }()

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Rows of a tab-separated manifest, header removed, as column name → value.
    static func table(_ name: String) -> [[String: String]] {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else {
            return []
        }
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        guard let header = lines.first else {
            return []
        }
        return lines.dropFirst().map { fields in
            Dictionary(uniqueKeysWithValues: zip(header.map(String.init), fields.map(String.init)))
        }
    }

    /// file name → SHA-256 of the raw RGBA8 samples (libpng classic = libspng = stb_image).
    static let rawHashes: [String: String] = Dictionary(
        uniqueKeysWithValues: table("rgba8-sha256.tsv").compactMap { row in
            guard let file = row["file"], let hash = row.first(where: { $0.key.hasPrefix("sha256_rgba8_raw") })?.value
            else {
                return nil
            }
            return (file, hash)
        })

    /// The 161 files PngSuite says must decode.
    static let validFiles: [String] = table("MANIFEST.tsv").filter { $0["expected"] == "decode" }.compactMap {
        $0["file"]
    }

    /// The valid files the parallel-coding round trips take: all of them, or every Nth when `DNDKIT_PNGSUITE_STRIDE`
    /// is N. Thread Sanitizer runs them with a stride of 8 (`.ci/sanitizers`): the threads share the same code for
    /// every image, and all 161 took 9 minutes there, most of the sanitizer stage.
    static let parallelCodingFiles: [String] = {
        let stride = ProcessInfo.processInfo.environment["DNDKIT_PNGSUITE_STRIDE"].flatMap { Int($0) } ?? 1
        return validFiles.enumerated().filter { $0.offset % max(1, stride) == 0 }.map(\.element)
    }()

    /// The 14 corrupt files PngSuite says must be rejected.
    static let corruptFiles: [String] = table("MANIFEST.tsv").filter { $0["expected"] == "reject" }.compactMap {
        $0["file"]
    }

    /// The SHA-256 of a bitmap's samples.
    static func sha256(_ bitmap: Bitmap) -> String {
        var hasher = SHA256()
        bitmap.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }
}
