import Foundation

/// A file as its receiver gets it: the sender's original (opened in place) or a copy in DnDKit's private staging
/// folder.
///
/// The same type as Apple's `CoreTransferable.ReceivedTransferredFile`, plus a public initialiser so that tests can
/// build one. A staged copy exists while any copy of this value does, and is removed once none is left (and at the
/// latest when the process exits): move or copy the file elsewhere to keep it.
public struct ReceivedTransferredFile: Sendable {
    /// The received file on disk.
    public let file: URL
    /// Whether ``file`` is the sender's original file rather than a copy.
    public let isOriginalFile: Bool
    /// The staged copy that ``file`` points into, kept alive by this value.
    let staged: StagedFile?

    /// Describes a received file that DnDKit does not own.
    ///
    /// - Parameters:
    ///   - file: the file.
    ///   - isOriginalFile: whether it is the sender's original.
    public init(file: URL, isOriginalFile: Bool) {
        self.file = file
        self.isOriginalFile = isOriginalFile
        self.staged = nil
    }

    /// A staged copy, removed when the last value referring to it goes away.
    init(staged: StagedFile) {
        self.file = staged.url
        self.isOriginalFile = false
        self.staged = staged
    }
}
