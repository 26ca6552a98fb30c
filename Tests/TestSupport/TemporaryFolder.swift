import Foundation

/// Makes a new, empty folder of its own in the system's temporary folder (`TMPDIR`), named by the prefix and a UUID:
/// `dnd-sim-image-6F1C…`. The caller removes it.
/// - Parameter prefix: The start of the folder's name, which says which tests made it.
/// - Returns: The folder.
/// - Throws: The error of `FileManager.createDirectory(at:withIntermediateDirectories:attributes:)`.
public func temporaryFolder(_ prefix: String = "dndkit") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The folder holding the built products (`.build/debug` or `.build/release`), where a test finds the executables it
/// runs: `dnd-sim`, `transfer-demo`.
public var productsDirectory: URL {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL
}
