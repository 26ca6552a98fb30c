import DnDKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking  // URLSession on Linux, as in any port of Apple code
#endif

// Drop handling the way apps write it with NSItemProvider: files received as URLs through `loadItem` and
// `loadObject`, text through `loadObject(ofClass: String.self)`, and a model class that writes and reads itself.

final class Recipe: NSObject, NSItemProviderWriting, NSItemProviderReading, Codable, @unchecked Sendable {
    static let typeIdentifier = "com.example.recipe"

    let title: String
    let minutes: Int

    init(title: String, minutes: Int) {
        self.title = title
        self.minutes = minutes
    }

    static var writableTypeIdentifiersForItemProvider: [String] {
        [typeIdentifier, UTType.utf8PlainText.identifier]
    }

    func loadData(
        withTypeIdentifier typeIdentifier: String,
        forItemProviderCompletionHandler completionHandler: @escaping (Data?, Error?) -> Void
    ) -> Progress? {
        if typeIdentifier == Recipe.typeIdentifier {
            do {
                completionHandler(try JSONEncoder().encode(self), nil)
            } catch {
                completionHandler(nil, error)
            }
        } else {
            completionHandler(Data("\(title) (\(minutes) min)".utf8), nil)
        }
        return nil
    }

    static var readableTypeIdentifiersForItemProvider: [String] {
        [typeIdentifier]
    }

    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        let decoded = try JSONDecoder().decode(Recipe.self, from: data)
        return Self(title: decoded.title, minutes: decoded.minutes)
    }
}

/// What a drop of files hands over: each provider's file URL, read the old way.
func fileURLs(from providers: [NSItemProvider], completion: @escaping @Sendable ([URL]) -> Void) {
    let found = FoundURLs()
    let group = DispatchGroup()
    for provider in providers where provider.hasItemConformingToTypeIdentifier(UTType.fileURL.identifier) {
        group.enter()
        provider.loadItem(forTypeIdentifier: UTType.fileURL.identifier, options: nil) { item, error in
            defer { group.leave() }
            if let data = item as? Data, let url = URL(dataRepresentation: data, relativeTo: nil) {
                found.add(url)
            } else if let url = item as? URL {
                found.add(url)
            }
        }
    }
    group.notify(queue: .global()) { completion(found.urls) }
}

/// URLs collected from completion handlers on any thread.
final class FoundURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [URL] = []

    func add(_ url: URL) {
        lock.lock()
        collected.append(url)
        lock.unlock()
    }

    var urls: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}

/// A photo picked from a file: security-scoped access as on Apple's platforms, then the bytes.
func readPickedFile(_ url: URL) throws -> Data {
    guard url.startAccessingSecurityScopedResource() else { throw CocoaError(.fileReadNoPermission) }
    defer { url.stopAccessingSecurityScopedResource() }
    return try Data(contentsOf: url)
}

/// An app's networking: URLSession, which on Linux every port imports from FoundationNetworking (at the top).
func makeSession() -> URLSession {
    URLSession(configuration: .ephemeral)
}

/// A count and the URLs that completion handlers on any thread report.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    private var found: [URL] = []

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    private var waiter: CheckedContinuation<URL, Never>?

    func record(_ url: URL) {
        lock.lock()
        found.append(url)
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: url)
    }

    /// The first URL recorded, once there is one.
    func firstURL() async -> URL {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let first = found.first {
                lock.unlock()
                continuation.resume(returning: first)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    var urls: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }
}
