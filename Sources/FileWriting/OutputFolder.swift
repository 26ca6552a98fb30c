import FileAccess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder that receives a run's outputs without losing anything that was in it.
///
/// The outputs are written into a hidden working folder inside it (``staging``); ``commit()`` then gives each of
/// them — each entry at the top of ``staging``: a file, or a folder such as `snapshots` — its name in the folder with
/// `rename`. The folder itself is never replaced: its mode, owner, extended attributes and inode stay, and a symbolic
/// link to a folder is followed. Entries the outputs do not name are never touched.
///
/// An entry the outputs would replace is refused unless `replacing`; even then it is replaced only when the
/// folder's record (the hidden file `.dnd-sim-output`, written by each commit) lists it and everything under it, all
/// unchanged since; otherwise the refusal (``OutputFolderError``) names what may be the user's. With `replacing`,
/// recorded and unchanged entries of an earlier commit that this one does not write are removed, so no stale output
/// stays beside new ones.
///
/// The commit moves the entries being replaced aside, renames the new ones into place and writes the record; if a
/// step fails, the steps before it are undone and the folder is as it was. An interrupted run leaves the earlier
/// outputs in place (and at most a hidden working folder). A folder whose mode denies writing to the class this
/// process is in (owner, group, others; root counts as the owner) is refused as "permission denied", even for root,
/// whom the system would let write. The corresponding C functions are `stat`, `mkdir` and `rename`; entries get their
/// names through ``Renaming/withoutReplacing(_:_:)``, the record through ``OutputFile``.
package final class OutputFolder {
    /// The folder the outputs are for, as an absolute path (a symbolic link is kept, not resolved).
    package let path: String
    /// Where to write the outputs until ``commit()``: a hidden folder inside ``path``.
    package let staging: URL
    /// The folder as it was named, for messages.
    private let shown: String
    private let replacing: Bool
    /// The folders this made because they were missing, outermost first; removed again by ``discard()`` if empty.
    private let made: [String]
    private var done = false

    private static let operation = "cannot write the output folder"
    /// The start of the names the folder keeps for itself: its record and its hidden working folders.
    private static let reservedPrefix = ".dnd-sim-"

    /// Checks the folder (making it and the folders above it if missing) and makes the hidden working folder in it.
    ///
    /// - Parameters:
    ///   - path: The output folder.
    ///   - replacing: Whether entries dnd-sim wrote there before may be replaced.
    ///   - entries: Names the outputs will have at the top of the folder, when known in advance: they are checked now,
    ///     so that a refusal comes before any work. ``commit()`` checks every name again.
    /// - Throws: `OutputFolderError`: `exists` or `notWrittenHere` naming the entries in the way; `fileSystem` with
    ///   `notADirectory` for a file in the folder's place, `permissionDenied` for a folder that may not be written.
    package init(_ path: String, replacing: Bool, expecting entries: [String] = []) throws(OutputFolderError) {
        let folder = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path
        var made: [String] = []
        do throws(FileSystemError) {
            var status = stat()
            if stat(folder, &status) == 0 {
                guard (status.st_mode & S_IFMT) == S_IFDIR else {
                    throw FileSystemError(.notADirectory, path: path, operation: Self.operation)
                }
                guard Self.modeAllowsWriting(status) else {
                    throw FileSystemError(.permissionDenied, path: path, operation: Self.operation)
                }
            } else if errno == ENOENT || errno == ENOTDIR {
                // Missing, or a file on the way: making the folders finds which, and names it.
                try Self.makeFolders(folder, made: &made)
            } else {
                throw FileSystemError(Self.operation, path: path, errno: errno)
            }
        } catch {
            for made in made.reversed() { rmdir(made) }
            throw OutputFolderError(error, folder: path)
        }
        do throws(OutputFolderError) {
            let record = try OutputRecord.read(in: folder, shownAs: path)?.record
            _ = try Self.inTheWay(entries, of: folder, shownAs: path, record: record, replacing: replacing)
            do throws(FileSystemError) {
                staging = URL(fileURLWithPath: try Self.makeWorkingFolder(in: folder, "staging", shownAs: path))
            } catch {
                throw OutputFolderError(error, folder: path)
            }
        } catch {
            for made in made.reversed() { rmdir(made) }
            throw error
        }
        self.path = folder
        self.shown = path
        self.replacing = replacing
        self.made = made
    }

    deinit {
        if !done { discard() }
    }

    /// Gives each output in ``staging`` its name in the folder, replacing recorded, unchanged entries if that was
    /// allowed, and writes the folder's record.
    ///
    /// - Throws: `OutputFolderError` naming the entries in the way, or what failed; the folder is then as it was.
    package func commit() throws(OutputFolderError) {
        guard !done else { return }
        let names: [String]
        let stored: (record: OutputRecord, file: WrittenFile)?
        let replaced: [String]
        do throws(FileSystemError) {
            names = try FolderListing.names(in: staging.path, operation: Self.operation)
        } catch {
            throw OutputFolderError(error, folder: shown)
        }
        stored = try OutputRecord.read(in: path, shownAs: shown)
        let record = stored?.record
        // Checked again: entries may have appeared while the outputs were made.
        replaced = try Self.inTheWay(names, of: path, shownAs: shown, record: record, replacing: replacing)
        var stale: [String] = []
        var kept: [OutputRecord.Item] = []
        for entry in record?.entries ?? [] where !names.contains(entry) && OutputFile.exists("\(path)/\(entry)") {
            guard record?.foreignPaths(under: entry, in: path).isEmpty == true else { continue }
            if replacing {
                stale.append(entry)
            } else {
                kept += OutputRecord.walk([entry], in: path)
            }
        }
        try place(names, replacing: replaced + stale, keeping: kept, recordFile: stored?.file)
        done = true
        rmdir(staging.path)
    }

    /// Moves `old` aside, renames `names` into place and writes the record (replacing the record read, `recordFile`,
    /// only if it is still that file); undoes what was done if a step fails.
    private func place(
        _ names: [String], replacing old: [String], keeping kept: [OutputRecord.Item], recordFile: WrittenFile?
    ) throws(OutputFolderError) {
        var aside: String?
        var movedAside: [String] = []
        var placed: [String] = []
        do throws(FileSystemError) {
            if !old.isEmpty {
                let folder = try Self.makeWorkingFolder(in: path, "old", shownAs: shown)
                aside = folder
                for name in old {
                    guard rename("\(path)/\(name)", "\(folder)/\(name)") == 0 else {
                        throw FileSystemError(Self.operation, path: "\(shown)/\(name)", errno: errno)
                    }
                    movedAside.append(name)
                }
            }
            for name in names {
                let code = Renaming.withoutReplacing("\(staging.path)/\(name)", "\(path)/\(name)")
                guard code == 0 else {
                    throw FileSystemError(Self.operation, path: "\(shown)/\(name)", errno: code)
                }
                placed.append(name)
            }
            let record = OutputRecord(written: kept + OutputRecord.walk(names, in: path))
            try OutputFile.writeContents(
                try record.encoded(), toPath: "\(path)/\(OutputRecord.fileName)",
                existing: recordFile.map { .fileWritten($0) } ?? .nothing)
        } catch {
            for name in placed.reversed() { rename("\(path)/\(name)", "\(staging.path)/\(name)") }
            if let aside {
                for name in movedAside.reversed() { rename("\(aside)/\(name)", "\(path)/\(name)") }
                rmdir(aside)
            }
            throw OutputFolderError(error, folder: shown)
        }
        if let aside {
            TreeRemoval.remove(folderAt: aside)
        }
    }

    /// Removes the unfinished outputs, and the folders this made if they are empty; the folder is as it was.
    package func discard() {
        done = true
        TreeRemoval.remove(folderAt: staging.path)
        for folder in made.reversed() { rmdir(folder) }
    }

    /// The names among `names` that are already in the folder, which the outputs may replace.
    ///
    /// - Throws: `reservedName` for a name the folder keeps for itself; `notWrittenHere` with every path that is not
    ///   recorded, or changed since; `exists` when all are recorded but replacing was not asked for.
    private static func inTheWay(
        _ names: [String], of folder: String, shownAs shown: String, record: OutputRecord?, replacing: Bool
    ) throws(OutputFolderError) -> [String] {
        let reserved = names.filter { $0.hasPrefix(reservedPrefix) }
        guard reserved.isEmpty else {
            throw OutputFolderError(.reservedName, folder: shown, entries: reserved)
        }
        let existing = names.filter { OutputFile.exists("\(folder)/\($0)") }
        guard !existing.isEmpty else { return [] }
        // What is not recorded is named first, with or without replacing: replacing would not touch it either.
        let foreign = existing.flatMap { record?.foreignPaths(under: $0, in: folder) ?? [$0] }
        guard foreign.isEmpty else {
            throw OutputFolderError(.notWrittenHere, folder: shown, entries: foreign)
        }
        guard replacing else {
            throw OutputFolderError(.exists, folder: shown, entries: existing)
        }
        return existing
    }

    /// Whether the folder's mode bits let this process add entries (write and search), read for the class it is in:
    /// the owner (and root), the group, or others.
    private static func modeAllowsWriting(_ status: stat) -> Bool {
        let user = geteuid()
        let shift: mode_t
        if user == status.st_uid || user == 0 {
            shift = 6
        } else if isMember(ofGroup: status.st_gid) {
            shift = 3
        } else {
            shift = 0
        }
        return (status.st_mode >> shift) & 0o3 == 0o3
    }

    private static func isMember(ofGroup group: gid_t) -> Bool {
        if getegid() == group { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return filled > 0 && groups.prefix(Int(filled)).contains(group)
    }

    /// A new hidden folder inside `folder`, named with the reserved prefix, `purpose` and a random suffix.
    private static func makeWorkingFolder(
        in folder: String, _ purpose: String, shownAs shown: String
    ) throws(FileSystemError) -> String {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(generator.next() & 0xFF_FFFF_FFFF, radix: 36)
            let candidate = "\(folder)/\(reservedPrefix)\(purpose)-\(suffix)"
            if mkdir(candidate, 0o700) == 0 {
                return candidate
            }
            if errno != EEXIST {
                throw FileSystemError(operation, path: shown, errno: errno)
            }
        }
        throw FileSystemError(operation, path: shown, errno: EEXIST)
    }

    /// Makes a folder and any missing folders above it, as `mkdir -p` does, noting those it made (outermost first).
    /// The corresponding C function is `mkdir`.
    private static func makeFolders(_ path: String, made: inout [String]) throws(FileSystemError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw FileSystemError(.notADirectory, path: path, operation: operation)
            }
            return
        }
        let above = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if above != path {
            try makeFolders(above, made: &made)
        }
        if mkdir(path, 0o777) == 0 {
            made.append(path)
        } else if errno != EEXIST {
            throw FileSystemError(operation, path: path, errno: errno)
        }
    }
}
