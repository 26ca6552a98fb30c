import Foundation

/// The test fixtures, copied into the test bundle.
enum Fixtures {
    static let root: URL = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            preconditionFailure("the Fixtures folder is missing from the test bundle")
        }
        return url
    }()

    static func file(_ name: String) -> URL {
        root.appendingPathComponent("Files").appendingPathComponent(name)
    }

    static func declarations(_ name: String) -> URL {
        root.appendingPathComponent("Declarations").appendingPathComponent(name)
    }

    static var mimeDirectory: URL { root.appendingPathComponent("MIME") }
    static var brokenMIMEDirectory: URL { root.appendingPathComponent("BrokenMIME") }
    /// A database of types no other test uses, for the current registry.
    static var lazyMIMEDirectory: URL { root.appendingPathComponent("LazyMIME") }
}
