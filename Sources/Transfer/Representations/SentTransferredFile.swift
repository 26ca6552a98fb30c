import Foundation

/// A file as its sender describes it: where it is, and whether receivers may use the original.
///
/// The same type as Apple's `CoreTransferable.SentTransferredFile`.
public struct SentTransferredFile: Sendable {
    /// The location of the file.
    public let file: URL
    /// Whether a receiver that asks to open the file in place may read and write the original; when `false`,
    /// receivers get a copy in the staging folder.
    public let allowAccessingOriginalFile: Bool

    /// Describes a file to send.
    ///
    /// - Parameters:
    ///   - file: the location of the file.
    ///   - allowAccessingOriginalFile: whether receivers that ask to open the file in place may have the original.
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
        self.file = file
        self.allowAccessingOriginalFile = allowAccessingOriginalFile
    }
}
