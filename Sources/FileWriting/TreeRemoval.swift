#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removing a folder that this program made, with everything in it, without ever reaching outside it.
///
/// A path-based removal (`FileManager.removeItem`) looks each entry up by its path again when it removes it. Another
/// program that can write in the folder (the sender of a Direct Save writes into one) can swap a subfolder for a
/// symbolic link between the listing and the removal, and steer it to the link's target. Here every step is relative
/// to a descriptor of a folder already opened, and opened with `O_NOFOLLOW`: a symbolic link met anywhere is removed
/// itself, never followed; a folder on another file system (a mount point inside) is left alone; and the walk goes no
/// deeper than ``maximumDepth`` (each level holds a descriptor). The corresponding C functions are `openat`,
/// `fdopendir`, `readdir`, `unlinkat` and `fstat`.
package enum TreeRemoval {
    /// How many levels of folders below the one removed are walked; a tree deeper than this is left in part.
    package static let maximumDepth = 64

    /// Removes the folder at `path` and everything in it; a symbolic link at `path` is removed itself.
    ///
    /// - Parameter path: The folder; its parent's path is followed as usual.
    /// - Returns: Whether nothing is left at `path`. `false` when something could not be removed, such as a file that
    ///   another program wrote into a folder while it was being removed, or a mount point.
    @discardableResult
    package static func remove(folderAt path: String) -> Bool {
        let (parent, name) = split(path)
        guard !name.isEmpty, name != ".", name != "..", name != "/" else {
            return false
        }
        let parentDescriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentDescriptor >= 0 else {
            return errno == ENOENT
        }
        defer { close(parentDescriptor) }
        var status = stat()
        guard fstat(parentDescriptor, &status) == 0 else { return false }
        return removeEntry(name, in: parentDescriptor, device: status.st_dev, depth: 0)
    }

    /// Removes the entry `name` of the open folder `folder`: a folder with what is in it, anything else itself.
    private static func removeEntry(_ name: String, in folder: Int32, device: dev_t, depth: Int) -> Bool {
        let descriptor = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT: return true
            // Not a folder (ENOTDIR), or a symbolic link (ELOOP): the entry itself goes.
            case ENOTDIR, ELOOP: return unlinkat(folder, name, 0) == 0 || errno == ENOENT
            default: return false
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_dev == device, depth <= maximumDepth else {
            close(descriptor)
            return false
        }
        // `fdopendir` owns the descriptor from here; `closedir` closes it.
        guard let listing = fdopendir(descriptor) else {
            close(descriptor)
            return false
        }
        var removedAll = true
        for entry in names(in: listing) {
            removedAll = removeEntry(entry, in: descriptor, device: device, depth: depth + 1) && removedAll
        }
        closedir(listing)
        return removedAll && (unlinkat(folder, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
    }

    /// The names in an open folder, `.` and `..` left out; read to the end before anything is removed.
    private static func names(in listing: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The parent folder and last component of a path, trailing slashes left out.
    private static func split(_ path: String) -> (parent: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else {
            return (".", String(trimmed))
        }
        let parent = trimmed[..<slash]
        return (parent.isEmpty ? "/" : String(parent), String(trimmed[trimmed.index(after: slash)...]))
    }
}
