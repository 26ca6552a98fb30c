import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The record an ``OutputFolder`` keeps in its folder of what it wrote there: every file and folder under the entries
/// it placed, with the identity each had then (inode; for a file also its size and modification time).
///
/// An entry counts as written there only when it and everything under it still match the record: a file the user
/// added, replaced or edited since, or a folder of the same name the user made, does not, so it is never replaced.
struct OutputRecord: Codable, Equatable {
    /// One file or folder.
    struct Item: Codable, Equatable {
        enum Kind: String, Codable {
            case file, folder
        }
        /// The path relative to the output folder, `/`-separated.
        var path: String
        var kind: Kind
        var inode: UInt64
        /// A file's size in bytes.
        var size: Int64?
        /// A file's modification time in nanoseconds since 1970.
        var modified: Int64?

        /// The item as it is now; nil for what is neither a file nor a folder (or is gone).
        init?(path: String, status: stat) {
            self.path = path
            inode = UInt64(status.st_ino)
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                kind = .folder
            case S_IFREG:
                kind = .file
                size = Int64(status.st_size)
                modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
            default:
                return nil
            }
        }
    }

    /// The record's file name in the output folder.
    static let fileName = ".dnd-sim-output"
    /// The largest record read: far more than any run writes.
    static let sizeLimit = 16 << 20

    /// What the file is, for a person who opens it.
    var about =
        "The files dnd-sim wrote in this folder. With --force, dnd-sim replaces only entries listed here and unchanged "
        + "since; delete this file to keep it from replacing any."
    var written: [Item]

    private var byPath: [String: Item] {
        Dictionary(written.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The top-level entries recorded.
    var entries: [String] {
        written.map(\.path).filter { !$0.contains("/") }
    }

    init(written: [Item]) {
        self.written = written
    }

    /// Reads the record of a folder, with the identity of its file (the proof that lets the next commit replace it):
    /// nil when there is none; throws `notWrittenHere` naming the record when a file of that name is there but is not
    /// a record (it may be the user's, and it would be replaced).
    static func read(
        in folder: String, shownAs shown: String
    ) throws(OutputFolderError) -> (record: OutputRecord, file: WrittenFile)? {
        let path = folder + "/" + fileName
        guard OutputFile.exists(path) else { return nil }
        do {
            let file = try ReadableFile(path)
            let data = try file.readAll(limit: sizeLimit)
            return (try JSONDecoder().decode(OutputRecord.self, from: data), WrittenFile(file.status))
        } catch {
            throw OutputFolderError(.notWrittenHere, folder: shown, entries: [fileName])
        }
    }

    /// The paths under `entry` (the entry itself first) that do not match the record: the whole entry when it is not
    /// recorded; empty when all of it was written there and is unchanged.
    func foreignPaths(under entry: String, in folder: String) -> [String] {
        let items = byPath
        var foreign: [String] = []
        func visit(_ relative: String) {
            var status = stat()
            guard lstat(folder + "/" + relative, &status) == 0 else { return }
            guard let recorded = items[relative], Item(path: relative, status: status) == recorded else {
                foreign.append(relative)
                return
            }
            guard recorded.kind == .folder else { return }
            guard let names = try? FolderListing.names(in: folder + "/" + relative, operation: "cannot read") else {
                foreign.append(relative)
                return
            }
            for name in names { visit(relative + "/" + name) }
        }
        visit(entry)
        return foreign
    }

    /// The record of what is now under the entries (walked without following links).
    static func walk(_ entries: [String], in folder: String) -> [Item] {
        var items: [Item] = []
        func visit(_ relative: String) {
            var status = stat()
            guard lstat(folder + "/" + relative, &status) == 0, let item = Item(path: relative, status: status) else {
                return
            }
            items.append(item)
            guard item.kind == .folder,
                let names = try? FolderListing.names(in: folder + "/" + relative, operation: "cannot read")
            else { return }
            for name in names { visit(relative + "/" + name) }
        }
        for entry in entries { visit(entry) }
        return items
    }

    /// The record's bytes: indented JSON with sorted keys, so that it reads and diffs well.
    func encoded() throws(FileSystemError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        guard let data = try? encoder.encode(self) else {
            throw FileSystemError(.other(EINVAL), path: Self.fileName, operation: "cannot write the record")
        }
        return data
    }
}
