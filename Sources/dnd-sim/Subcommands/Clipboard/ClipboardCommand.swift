import ArgumentParser
import DesktopX11
import DnDKit
import FileWriting
import Foundation

/// `dnd-sim clipboard`: the desktop's clipboard through X11, with other programs.
struct ClipboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clipboard",
        abstract: "Copy to and paste from the desktop's clipboard (X11 selections), with any other program.",
        discussion: """
            Needs an X server: DISPLAY names it (under Wayland, XWayland's). Types are MIME types (image/png, \
            text/plain;charset=utf-8) or X's text names (UTF8_STRING); large payloads go in increments (INCR).
            """,
        subcommands: [ClipboardCopy.self, ClipboardPaste.self, ClipboardTypes.self]
    )
}

/// Options every clipboard command takes.
struct SelectionOptions: ParsableArguments {
    @Flag(help: "Use the primary selection (text selected with the mouse) instead of the clipboard.")
    var primary = false

    var selection: X11Clipboard.Selection { primary ? .primary : .clipboard }
}

struct ClipboardCopy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Own the clipboard with a file's content (typed by its content) or a text, and serve pastes.",
        discussion: """
            Stays in the foreground answering every program that pastes, until another program copies \
            something (or --for SECONDS have passed).

            Examples:
              dnd-sim clipboard copy photo.png &     # then paste into any program
              dnd-sim clipboard copy --text "hello" --for 30
            """)

    @Argument(help: "The file to copy.")
    var file: String?

    @Option(help: "Copy this text instead of a file.")
    var text: String?

    @Option(name: .customLong("for"), help: "Serve at most this many seconds.")
    var seconds: Double?

    @OptionGroup var options: SelectionOptions

    func validate() throws {
        guard (file == nil) != (text == nil) else {
            throw ValidationError("give a FILE or --text TEXT, not both and not neither")
        }
    }

    func run() throws {
        let provider: ItemProvider
        if let text {
            provider = ItemProvider(text)
        } else if let file {
            let url = URL(fileURLWithPath: file)
            guard let fileProvider = ItemProvider(contentsOf: url) else {
                throw InputError(file, "no such file")
            }
            provider = fileProvider
        } else {
            return
        }
        let offers = X11ClipboardOwner.Offer.offers(for: provider)
        do {
            let owner = try X11ClipboardOwner(offers: offers, selection: options.selection)
            StandardError.write(
                "dnd-sim: \(options.selection.rawValue) offers \(offers.map(\.type).joined(separator: ", "))")
            try owner.serve(for: seconds)
            if owner.hasLostOwnership { StandardError.write("dnd-sim: another program took the clipboard") }
        } catch {
            throw InputError(error, fallback: "X11")
        }
    }
}

struct ClipboardPaste: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paste",
        abstract: "Paste the clipboard as a type, to standard output or a file.",
        discussion: """
            --as takes a type identifier, a .extension or a MIME type (public.png, .png, image/png); the \
            first type the owner offers that conforms to it is pasted. Without --as, text. --out refuses an \
            existing file (--force replaces only dnd-sim's own earlier output), and writes aside before renaming.

            Examples:
              dnd-sim clipboard paste
              dnd-sim clipboard paste --as public.image --out pasted.png
            """)

    @Option(name: .customLong("as"), help: "The type wanted (default: text).")
    var type: String?

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    @Flag(
        help: "Replace the --out file if dnd-sim wrote it (and it is unchanged since); never a file it did not write.")
    var force = false

    @Option(help: "Wait at most this many seconds for each answer of the clipboard's owner.")
    var timeout: Double = 5

    @OptionGroup var options: SelectionOptions

    func validate() throws {
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout takes a number of seconds above 0, not \(timeout)")
        }
    }

    func run() throws {
        let wanted: UTType
        if let type {
            wanted = try resolveType(type)
        } else {
            wanted = .plainText
        }
        if let out { try NamedOutputFile.check(out, force: force) }
        let pasted: (data: Data, type: UTType)
        do {
            pasted = try X11Clipboard.paste(wanted, from: options.selection, timeout: timeout)
        } catch {
            throw InputError(error, fallback: "X11")
        }
        guard let out else {
            FileHandle.standardOutput.write(pasted.data)
            return
        }
        try NamedOutputFile.write(pasted.data, to: out, force: force)
        StandardError.write("dnd-sim: pasted \(pasted.data.count) bytes of \(pasted.type.identifier) into \(out)")
    }
}

struct ClipboardTypes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the types the clipboard's owner offers, one per line.")

    @OptionGroup var options: SelectionOptions

    func run() throws {
        do {
            for type in try X11Clipboard.availableTypes(options.selection) { print(type) }
        } catch {
            throw InputError(error, fallback: "X11")
        }
    }
}
