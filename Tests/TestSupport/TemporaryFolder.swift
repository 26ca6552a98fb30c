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

/// Runs `body` with a new, empty temporary folder (``temporaryFolder(_:)``), and removes the folder and everything in
/// it afterwards, whether `body` returns or throws.
/// - Parameters:
///   - prefix: The start of the folder's name, which says which tests made it.
///   - body: The test's work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or the error of making the folder.
public func withTemporaryFolder<Result>(_ prefix: String = "dndkit", _ body: (URL) throws -> Result) throws -> Result {
    let folder = try temporaryFolder(prefix)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

/// A temporary folder (``temporaryFolder(_:)``) with `source` and `destination` folders in it, removed by `remove()`:
/// where tests of moves and outputs put the user's files and the files they make.
public struct MoveFolders {
    public let root: URL
    public let source: URL
    public let destination: URL

    /// Makes the folders.
    /// - Parameter prefix: The start of the root folder's name, which says which tests made it.
    /// - Throws: The error of `FileManager.createDirectory(at:withIntermediateDirectories:attributes:)`.
    public init(_ prefix: String = "dnd-sim-move") throws {
        root = try temporaryFolder(prefix)
        source = root.appendingPathComponent("source")
        destination = root.appendingPathComponent("destination")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
    }

    /// Removes the root folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes a file into the source folder and returns its path.
    @discardableResult
    public func write(_ data: Data, as name: String, in folder: URL? = nil) throws -> String {
        let url = (folder ?? source).appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// Every file under the root, by name relative to it, with its bytes.
    public func contents() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }
}

/// The folder holding the built products (`.build/debug` or `.build/release`), where a test finds the executables it
/// runs: `dnd-sim`, `transfer-demo`.
public var productsDirectory: URL {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL
}
