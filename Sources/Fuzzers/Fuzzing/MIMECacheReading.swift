import ContentTypes
import Foundation

/// The `fuzz-mimecache` check: any bytes written as the `mime.cache` of a small database (the text files
/// `update-mime-database` made from `Tests/ContentTypesTests/Fixtures/MIMEPackages/custom.xml`, written once per
/// process, older than every cache written after them, so that the cache is current), then read by everything that
/// reads a cache: `MIMECache` itself and a registry with the database.
///
/// Properties:
/// - opening gives a cache or a reason it is not used; a cache's aliases, parent entries and parents are all
///   readable, as is its tree (`forEachLiteralExtension`: each extension non-empty, heaviest first, each type's
///   string inside the file);
/// - `types(ofExtension:)` and `forEachType(ofExtension:)` agree; when both they and the whole tree's walk
///   succeed, each type the walk by one ASCII extension finds is among the whole tree's globs of that extension;
/// - adding the database to a registry succeeds, or throws `TypeRegistryError` naming the database's folder when the
///   cache is used (a cache may hold a cycle of parents); its look-ups by extension, by MIME type and its
///   conformance terminate;
/// - a cache that is not used changes nothing: the registry answers as with no cache at all.
///
/// libFuzzer's `-timeout` catches a walk or a look-up that does not terminate.
package enum MIMECacheReading {
    /// The text files, as `update-mime-database` 2.4 wrote them from `custom.xml` (without `globs2`'s comments).
    static let textFiles: [(name: String, text: String)] = [
        (
            "types",
            """
            application/vnd.DnDKit.Mixed
            application/x-dndkit-archive
            application/x-dndkit-bare
            application/x-dndkit-clash
            application/x-dndkit-shared
            application/x-dndkit-sub
            application/x-dndkit-twice
            application/x-dndkit_clash
            image/png
            image/x-dndkit-picture
            text/x-dndkit-lower
            text/x-dndkit-source
            text/x-dndkit-twice

            """
        ),
        (
            "aliases",
            """
            application/x-dndkit-source text/x-dndkit-source
            application/x-dndkit-zip application/x-dndkit-archive
            image/x-dndkit-png image/png

            """
        ),
        (
            "subclasses",
            """
            text/x-dndkit-source text/plain
            application/x-dndkit-sub application/x-dndkit-archive
            image/x-dndkit-picture application/x-dndkit-sub

            """
        ),
        (
            "globs2",
            """
            60:application/x-dndkit-archive:*.dkz
            50:application/x-dndkit-archive:*.dka
            50:application/x-dndkit-sub:*.dka.part
            50:application/x-dndkit-clash:*.dkc1
            50:text/x-dndkit-source:*.dkshared
            50:application/x-dndkit-shared:*.dkshared
            50:application/vnd.DnDKit.Mixed:*.dkm
            50:text/x-dndkit-source:*.D:cs
            50:text/x-dndkit-source:*.D
            50:image/x-dndkit-picture:*.dkp
            50:application/x-dndkit-sub:*.dks
            50:application/x-dndkit-shared:dndkit-*.conf
            50:application/x-dndkit_clash:*.dkc2
            50:image/png:*.dkpng
            50:text/x-dndkit-lower:*.d
            50:application/x-dndkit-archive:*.dkar
            50:application/x-dndkit-twice:*.dkt
            50:image/x-dndkit-picture:*.dkpé
            40:text/x-dndkit-twice:*.dkt

            """
        ),
    ]

    /// The extensions looked up: the database's, one that only a longer glob ends with, and some it lacks.
    static let extensions = ["dka", "dkz", "part", "dkshared", "d", "dkp", "dkpé", "dkt", "dkc1", "dkar", "txt", "png"]
    /// The MIME types looked up: types, aliases, a parent only the database's `subclasses` names, and unknown ones.
    static let mimeTypes = [
        "application/x-dndkit-archive", "application/x-dndkit-zip", "image/x-dndkit-png", "image/x-dndkit-picture",
        "text/x-dndkit-source", "application/x-dndkit-source", "text/plain", "application/x-unknown",
    ]

    /// The database's folder: made once per process (a random name, so that processes never share one), its text
    /// files dated 2001 so that every cache written later is current, removed at exit; `nil` when it cannot be made.
    static let folder: URL? = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dndkit-fuzz-mimecache-\(UUID().uuidString)", isDirectory: true)
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        // Removed when the process exits (not when it crashes: then the folder shows what the fuzzer read).
        atexit {
            if let folder = MIMECacheReading.folder {
                try? FileManager.default.removeItem(at: folder)
            }
        }
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for file in textFiles {
            let path = url.appendingPathComponent(file.name).path
            guard FileManager.default.createFile(atPath: path, contents: Data(file.text.utf8)),
                (try? FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)) != nil
            else {
                return nil
            }
        }
        return url
    }()

    /// What the registry answers with no cache: the text files alone.
    static let withoutCache: Result<[String], FuzzFailure> = {
        guard let folder else {
            return .failure(FuzzFailure("the database's folder cannot be made"))
        }
        do {
            return .success(answers(try TypeRegistry().addingDesktopDatabase(at: folder)))
        } catch {
            return .failure(FuzzFailure("the text files alone do not make a registry: \(error)"))
        }
    }()

    /// Checks one input.
    ///
    /// - Parameter data: any bytes.
    /// - Throws: `FuzzFailure` when a property does not hold, or when the database's folder cannot be made.
    package static func check(_ data: Data) throws(FuzzFailure) {
        _ = try cacheUsed(data)
    }

    /// Checks one input, as ``check(_:)`` does.
    ///
    /// - Parameter data: any bytes.
    /// - Returns: Whether the bytes were used as the cache (`MIMECache.open` accepted them).
    /// - Throws: `FuzzFailure` when a property does not hold, or when the database's folder cannot be made.
    package static func cacheUsed(_ data: Data) throws(FuzzFailure) -> Bool {
        guard let folder else {
            throw FuzzFailure("the database's folder cannot be made")
        }
        let expected = try withoutCache.get()
        do {
            // Replaced by rename, as update-mime-database replaces it: a mapping of the last input stays whole.
            try data.write(to: folder.appendingPathComponent("mime.cache"), options: .atomic)
        } catch {
            throw FuzzFailure("the cache cannot be written: \(error)")
        }
        let used: Bool
        switch MIMECache.open(directory: folder.path) {
        case .success(let cache):
            try walk(cache)
            used = true
        case .failure(.absent) where !data.isEmpty, .failure(.stale):
            throw FuzzFailure("a current cache of \(data.count) bytes was not found current")
        case .failure:
            used = false
        }
        let registry: TypeRegistry
        do {
            registry = try TypeRegistry().addingDesktopDatabase(at: folder)
        } catch let error as TypeRegistryError {
            // A cache that is used may say what the text files cannot (a cycle of parents); one that is not used
            // leaves the text files, which make a registry.
            guard used, error.description.contains(folder.path) else {
                throw FuzzFailure("adding the database failed with a cache \(used ? "" : "not ")used: \(error)")
            }
            return used
        } catch {
            throw FuzzFailure("adding the database threw \(type(of: error)), not TypeRegistryError: \(error)")
        }
        let answered = answers(registry)
        if !used, answered != expected {
            throw FuzzFailure("a cache that is not used changed the answers: \(answered), not \(expected)")
        }
        return used
    }

    /// Reads everything an open cache holds.
    private static func walk(_ cache: MIMECache) throws(FuzzFailure) {
        let size = cache.cache.withBytes { $0.count }
        for index in 0..<cache.aliasCount {
            let (alias, type) = cache.alias(index)
            try expectString(alias, size: size, "alias \(index)")
            try expectString(type, size: size, "the type of alias \(index)")
        }
        for entry in 0..<cache.parentEntryCount {
            let (type, count) = cache.parentEntry(entry)
            try expectString(type, size: size, "parent entry \(entry)")
            for index in 0..<count {
                try expectString(cache.parent(index, of: entry), size: size, "parent \(index) of entry \(entry)")
            }
        }
        var listed: [[UInt8]: Set<Int>] = [:]
        var lastWeight = Int.max
        var problem: String?
        let walked = cache.forEachLiteralExtension { folded, type, weight in
            var bytes: [UInt8] = []
            for index in folded.indices {
                bytes.append(folded[index])
            }
            if bytes.isEmpty || type < 0 || type >= size || weight > lastWeight {
                problem = problem ?? "glob *.\(String(decoding: bytes, as: UTF8.self)) \(type) \(weight)"
            }
            lastWeight = weight
            listed[bytes, default: []].insert(type)
        }
        if let problem {
            throw FuzzFailure(
                "the whole tree's walk gave an empty extension, a type outside the file or"
                    + " a heavier glob after a lighter one: \(problem)")
        }
        for name in extensions {
            let ext = Array(name.utf8)
            let types = cache.types(ofExtension: ext.span)
            var each: [(type: Int, weight: Int)] = []
            let found = cache.forEachType(ofExtension: ext.span) { each.append(($0, $1)) }
            guard found == (types != nil), (types ?? []).map(\.type) == each.map(\.type),
                (types ?? []).map(\.weight) == each.map(\.weight)
            else {
                throw FuzzFailure("*.\(name): types(ofExtension:) \(String(describing: types)), forEachType \(each)")
            }
            if walked, let types, ext.allSatisfy({ $0 < 0x80 }) {
                let missing = Set(types.map(\.type)).subtracting(listed[ext] ?? [])
                guard missing.isEmpty else {
                    throw FuzzFailure(
                        "*.\(name): the walk by extension finds types \(missing.sorted()) the whole"
                            + " tree's walk does not list")
                }
            }
        }
    }

    private static func expectString(_ offset: Int, size: Int, _ what: String) throws(FuzzFailure) {
        guard offset >= 0, offset < size else {
            throw FuzzFailure("\(what): a string at \(offset), outside the file's \(size) bytes")
        }
    }

    /// The registry's answers to the look-ups, as text: each extension's type and all its types (24 look-ups by
    /// extension, past the 16 a database answers from its cache's tree before it reads its extension table), each
    /// MIME type's type, and which of the types found conform to which.
    private static func answers(_ registry: TypeRegistry) -> [String] {
        var found: [UTType] = []
        var answers: [String] = []
        for name in extensions {
            let type = registry.type(tag: name, tagClass: .filenameExtension, conformingTo: nil)
            let all = registry.types(tag: name, tagClass: .filenameExtension, conformingTo: nil)
            answers.append("*.\(name): \(type?.identifier ?? "none") of \(all.map(\.identifier))")
            found += type.map { [$0] } ?? []
        }
        for name in mimeTypes {
            let type = registry.type(tag: name, tagClass: .mimeType, conformingTo: nil)
            answers.append("\(name): \(type?.identifier ?? "none") \(type?.preferredMIMEType ?? "none")")
            found += type.map { [$0] } ?? []
        }
        for type in found {
            answers.append("\(type.identifier) conforms to \(found.filter { type.conforms(to: $0) }.map(\.identifier))")
        }
        return answers
    }
}
