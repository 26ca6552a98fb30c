import ArgumentParser
import DnDKit
import FileMoving
import Foundation

/// `dnd-sim move FILE... --to DIR [--copy] [--json] [--progress] [--sync]`.
struct MoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move (or copy) images into a folder through a simulated two-pane drag.",
        discussion: """
            Each file becomes an item of a simulated source pane, identified by its content (libmagic): the \
            name only refines what the content allows, so a PDF named x.jpg is a PDF and stays, and a PNG named \
            z.txt moves as a PNG. It is dragged by a simulated touch (many at once) onto a destination pane that \
            accepts public.image. The file travels as a file opened in place: its bytes are never decoded or \
            re-encoded.

            Moving within one file system: a hard link, then removal of the source name, like mv; otherwise a \
            verified copy that keeps what mv keeps (times, permissions, the owner where allowed, extended \
            attributes). A file named twice is handled once; its other naming is reported as a duplicate.

            A verified copy is written under a temporary name in DIR, closed, read back, compared byte for byte, \
            and only then given its name (a link is checked to be the same file, of the same size). A move removes \
            the source name after that, and only after that.

            Anything that cannot be accepted stays where it was, with a reason: a file that is not an image, an \
            unreadable file, a named pipe, socket or device (refused at once, never read), a PNG whose structure \
            is broken (its size is not checked against any decoder limit: nothing is decoded), a name already \
            taken in DIR (nothing is ever replaced), a file that does not fit on a full disk (the files that fit \
            still arrive). A file copied whose source cannot be removed is reported as copied, not moved.

            Examples:
              dnd-sim move shots/*.png --to Pictures/
              dnd-sim move --copy photo.png notes.txt --to album/
              dnd-sim move --json *.png --to out/ | jq -c 'select(.status == "refused")'

            Exit status: 0 when every file arrived; 1 when any was refused (standard error names each file and \
            why) or DIR is unusable; 2 for usage errors.
            """
    )

    @Argument(help: ArgumentHelp("The files to move.", valueName: "file"))
    var files: [String]

    @Option(name: .customLong("to"), help: ArgumentHelp("The folder to move the files into.", valueName: "dir"))
    var destination: String

    @Flag(help: "Copy the files: leave them at their source.")
    var copy = false

    @Flag(
        help:
            "One JSON object per file and line (file, status, destination, contentType, byteCount, reason), then a summary."
    )
    var json = false

    @Flag(help: "Show progress on standard error even when it is not a terminal.")
    var progress = false

    @Flag(help: "Flush each copy to disk (fsync) before its source is removed.")
    var sync = false

    func run() async throws {
        let mover = ImageMover(destination: destination, copies: copy, synchronizesCopies: sync)
        let meter = MoveProgress(enabled: progress || MoveProgress.standardErrorIsTerminal, total: files.count)
        let report = try await mover.run(files) { outcome, done, total in
            meter.update(outcome, done: done, total: total)
        }
        meter.finish()
        try MoveOutput(report: report, destination: destination, copies: copy).print(json: json)
        if !report.succeeded {
            throw ExitCode(ExitStatus.badInput)
        }
    }
}
