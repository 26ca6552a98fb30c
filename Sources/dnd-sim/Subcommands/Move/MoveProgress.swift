import DnDKit
import FileMoving
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Progress of `dnd-sim move` on standard error: one line rewritten in place on a terminal, one line per file
/// otherwise (with `--progress`). Shown only for more than one file.
final class MoveProgress {
    private let enabled: Bool
    private let rewrites: Bool

    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    init(enabled: Bool, total: Int) {
        self.enabled = enabled && total > 1
        rewrites = Self.standardErrorIsTerminal
    }

    func update(_ outcome: MoveOutcome, done: Int, total: Int) {
        guard enabled else { return }
        let width = String(total).count
        let count = String(repeating: " ", count: width - String(done).count) + "\(done)/\(total)"
        let name = (outcome.file as NSString).lastPathComponent
        let line = "[\(count)] \(outcome.status.rawValue) \(name)"
        if rewrites {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        } else {
            StandardError.write(line)
        }
    }

    /// Clears the rewritten line.
    func finish() {
        guard enabled, rewrites else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
