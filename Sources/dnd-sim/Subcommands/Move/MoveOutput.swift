import DnDKit
import FileMoving
import Foundation

/// What `dnd-sim move` prints: a line per file and a summary on standard output, the reason of each refused file on
/// standard error; or, with `--json`, JSON Lines.
struct MoveOutput {
    let report: MoveReport
    let destination: String
    let copies: Bool

    /// The last JSON line: how many files ended how, and the bytes that arrived.
    struct Summary: Encodable {
        var moved: Int
        var copied: Int
        var refused: Int
        var duplicates: Int
        var byteCount: Int
        var destination: String
    }

    func print(json: Bool) throws {
        let summary = Summary(
            moved: report.count(.moved), copied: report.count(.copied), refused: report.count(.refused),
            duplicates: report.count(.duplicate), byteCount: report.transferredByteCount, destination: destination)
        if json {
            for outcome in report.outcomes {
                try JSONOutput.printLine(outcome)
            }
            try JSONOutput.printLine(["summary": summary])
        } else {
            for outcome in report.outcomes {
                Swift.print(line(for: outcome))
            }
            Swift.print(sentence(summary))
        }
        for outcome in report.outcomes where !outcome.succeeded {
            StandardError.write("dnd-sim: \(outcome.file): \(outcome.reason ?? "refused")")
        }
    }

    private func line(for outcome: MoveOutcome) -> String {
        let type = outcome.contentType.map { " (\($0))" } ?? ""
        switch outcome.status {
        case .refused:
            return "\(Terminal.styled("refused", .red)) \(outcome.file)\(type): \(outcome.reason ?? "")"
        case .duplicate:
            return "\(Terminal.styled("duplicate", .yellow)) \(outcome.file): \(outcome.reason ?? "")"
        default:
            let note = outcome.reason.map { "; \($0)" } ?? ""
            return "\(Terminal.styled(outcome.status.rawValue, .green)) \(outcome.file) -> \(outcome.destination ?? "")"
                + "\(type)\(note)"
        }
    }

    /// `moved 2 of 5 files (13.4 kB) to DIR; …`: only the files that ended as asked count as moved (or copied); a
    /// file copied whose source could not be removed is counted apart, never as moved.
    private func sentence(_ summary: Summary) -> String {
        let asked: MoveOutcome.Status = copies ? .copied : .moved
        let done = report.outcomes.filter { $0.status == asked }
        let bytes = done.reduce(0) { $0 + ($1.byteCount ?? 0) }
        let files = report.outcomes.count - summary.duplicates
        var parts = [
            "\(asked) \(done.count) of \(files) file\(files == 1 ? "" : "s")"
                + " (\(ByteCount.words(bytes))) to \(destination)"
        ]
        if !copies, summary.copied > 0 {
            let those = summary.copied == 1 ? "its source" : "their sources"
            parts.append("\(summary.copied) copied, not moved: \(those) could not be removed")
        }
        if summary.refused > 0 { parts.append("\(summary.refused) refused, left where they were") }
        if summary.duplicates > 0 {
            parts.append("\(summary.duplicates) named again, handled once")
        }
        return parts.joined(separator: "; ")
    }
}
