import ContentTypes
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Moves (or copies) image files into a folder through a simulated two-pane drag: what `dnd-sim move` does.
///
/// A source pane holds the files as items, each identified by its content (`ContentSniffer`, not only its name); a
/// destination pane accepts `public.image`. Each file is dragged from one pane to the other by its own simulated touch
/// in its own session (up to 50 touches at once): the destination is targeted only by items it can import, the file
/// is transferred as a file opened in place (its bytes pass through, never decoded or re-encoded), and the
/// destination's action places it in the folder. A PNG must first have a sound structure (chunk lengths, the CRCs of
/// every chunk but the image data, IHDR first, IEND last) or it is refused. Then, as `mv` does, a file moved within
/// one file system is given its new name with a hard link (`link`, which never replaces a file; then checked to be
/// the same device, inode and size): no byte is copied. Otherwise (a copy, another file system, no hard links) it is
/// copied: written under a temporary name, closed, read back and compared byte for byte, then named without
/// replacing anything.
///
/// A move removes a file's source name only after its drag session ended with `.move` and the destination reported
/// success: the file linked and checked, or its copy complete, closed and verified (and, with
/// ``synchronizesCopies``, on disk). Sources are removed on a queue of their own while the next files are placed,
/// since on some file systems removing a copied file's source (freeing its blocks) costs as much as copying it.
/// When a source cannot be removed, the file stays in both places and its outcome says so. Anything that cannot be
/// accepted (not an image, unreadable, a corrupt PNG, a name already taken in the folder, which is never replaced)
/// stays where it was, with a reason in its ``MoveOutcome``.
package struct ImageMover: Sendable {
    /// The folder the files go to.
    package var destination: String
    /// Whether the files are copied (and stay at their source) rather than moved.
    package var copies: Bool
    /// Whether each copy, and the folder's entry for it, is flushed to disk (`fsync`) before its source is removed,
    /// so that not even a power cut can lose a moved file. Off by default, as for `mv` and `cp`: flushing costs a
    /// disk write per file.
    package var synchronizesCopies: Bool
    /// For tests, on any file system: the bytes of copies the destination takes before writes fail as on a full disk
    /// (see `VerifiedCopy.simulatedFreeSpace`); `nil` in real moves.
    var simulatedFreeSpace: Int?

    /// Creates a mover.
    /// - Parameters:
    ///   - destination: The folder the files go to.
    ///   - copies: Whether to copy rather than move.
    ///   - synchronizesCopies: Whether to flush each copy to disk before removing its source.
    package init(destination: String, copies: Bool = false, synchronizesCopies: Bool = false) {
        self.destination = destination
        self.copies = copies
        self.synchronizesCopies = synchronizesCopies
    }

    /// Moves or copies the files, one simulated drag each, in order.
    /// - Parameters:
    ///   - files: The files, as paths.
    ///   - progress: Told after each file, with its outcome, how many files are done and how many there are (a moved
    ///     file's source is being removed meanwhile, on a queue of its own; the report says if that failed).
    /// - Returns: The outcome of every file, in order.
    /// - Throws: ``MoveError`` when the destination is not a writable folder; problems with single files are
    ///   refusals in the report.
    nonisolated(nonsending) package func run(
        _ files: [String], progress: (MoveOutcome, Int, Int) -> Void = { _, _, _ in }
    ) async throws(MoveError) -> MoveReport {
        try checkDestination()
        var outcomes: [MoveOutcome] = []
        var items: [(index: Int, file: PaneFile)] = []
        var firstNaming: [FileIdentity: String] = [:]
        for (index, path) in files.enumerated() {
            switch Self.identify(path) {
            case .success(let (_, identity)) where firstNaming[identity] != nil:
                let first = firstNaming[identity] ?? path
                outcomes.append(
                    MoveOutcome(
                        file: path, status: .duplicate, reason: "the same file as \(first), handled once, as that one"))
            case .success(let (identification, identity)):
                firstNaming[identity] = path
                let url = URL(fileURLWithPath: path)
                items.append((index, PaneFile(url: url, contentType: identification.type)))
                outcomes.append(MoveOutcome(file: path, status: .refused, contentType: identification.type.identifier))
            case .failure(let problem):
                outcomes.append(MoveOutcome(file: path, status: .refused, reason: problem.description))
            }
        }
        let panes = MovePanes(
            items: items.map(\.file), copies: copies, destination: destination, synchronizes: synchronizesCopies,
            simulatedFreeSpace: simulatedFreeSpace)
        let removal = SourceRemoval()
        var linked: Set<Int> = []
        var done = 0
        for outcome in outcomes where outcome.reason != nil {
            done += 1
            progress(outcome, done, files.count)
        }
        for batch in stride(from: 0, to: items.count, by: MovePanes.touchesAtOnce) {
            let positions = batch..<min(items.count, batch + MovePanes.touchesAtOnce)
            let results = await panes.drag(positions, at: Double(batch / MovePanes.touchesAtOnce))
            for (position, result) in zip(positions, results) {
                let item = items[position]
                var outcome = outcomes[item.index]
                switch result {
                case .success(let placed):
                    outcome.status = copies ? .copied : .moved
                    outcome.destination = placed.path
                    outcome.byteCount = placed.byteCount
                    if placed.linked { linked.insert(item.index) }
                    if !copies { removal.remove(item.file.url.path, index: item.index) }
                case .failure(let problem):
                    outcome.reason = Self.reason(for: item.file, problem)
                }
                outcomes[item.index] = outcome
                done += 1
                progress(outcome, done, files.count)
            }
        }
        for (index, reason) in removal.finish() {
            outcomes[index].status = .copied
            let sameFile = linked.contains(index) ? "; the two names are hard links to one file" : ""
            outcomes[index].reason =
                "not moved: it was copied, but its source could not be removed (\(reason))\(sameFile)"
        }
        return MoveReport(outcomes: outcomes)
    }

    // MARK: Steps

    private func checkDestination() throws(MoveError) {
        var status = stat()
        guard stat(destination, &status) == 0 else {
            throw MoveError(
                .destinationUnusable, "\(destination): \(FileSystemError("", path: destination, errno: errno).code)")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw MoveError(.destinationUnusable, "\(destination): not a folder")
        }
        guard access(destination, W_OK | X_OK) == 0 else {
            throw MoveError(
                .destinationUnusable,
                "\(destination): cannot write here: \(FileSystemError("", path: destination, errno: errno).code)")
        }
    }

    /// A name of a file, however it was spelt (`a.png`, `./a.png`, an absolute path, through a linked folder): its
    /// folder's device and inode, and its last component. Hard links are other names, each moved as `mv` would.
    private struct FileIdentity: Hashable {
        let device: UInt64
        let folderInode: UInt64
        let name: String

        init?(_ path: String) {
            let url = URL(fileURLWithPath: path)
            var folder = stat()
            guard stat(url.deletingLastPathComponent().path, &folder) == 0 else { return nil }
            device = UInt64(folder.st_dev)
            folderInode = UInt64(folder.st_ino)
            name = url.lastPathComponent
        }
    }

    /// The type of a file's content, from its first bytes and its name, and the file's identity.
    private static func identify(_ path: String) -> Result<(ContentSniffer.Identification, FileIdentity), CopyProblem> {
        let prefix: Data
        do {
            prefix = try ReadableFile(path, keepingAccessTime: true).readPrefix(upTo: 4096)
        } catch {
            return .failure(CopyProblem("\(error.code)"))
        }
        do {
            let identification = try ContentSniffer.shared.identify(
                prefix, filename: (path as NSString).lastPathComponent)
            guard let identity = FileIdentity(path) else { return .failure(.system("cannot read its folder")) }
            return .success((identification, identity))
        } catch {
            return .failure(CopyProblem("cannot identify its content: \(error)"))
        }
    }

    private static func reason(for file: PaneFile, _ problem: MovePanes.Problem) -> String {
        if !file.contentType.conforms(to: .image) {
            return "not an image: its content is \(file.contentType.identifier)"
        }
        return problem.description
    }
}
