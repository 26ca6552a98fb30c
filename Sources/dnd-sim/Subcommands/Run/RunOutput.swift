import DnDKit
import FileWriting
import Foundation
import Simulation

/// How `run` and `demo` show a run: the timeline (coloured on a terminal) or JSON Lines, and the summary.
enum RunOutput {
    /// Prints the timeline and the summary.
    static func printText(_ result: SimulationResult, colors: Bool = Terminal.colorsEnabled) {
        let widths = SimulationEvent.ColumnWidths(fitting: result.events)
        print(Terminal.styled(widths.header, .dim, enabled: colors))
        for (index, event) in result.events.enumerated() {
            if event.kind == .lift && index > 0 { print("") }
            print(line(event, widths: widths, colors: colors))
        }
        print("")
        print(Terminal.styled("Panes at \(Formatting.time(result.endTime)) s:", .bold, enabled: colors))
        for line in result.summaryLines {
            print("  " + line)
        }
    }

    /// Prints JSON Lines.
    static func printJSON(_ result: SimulationResult, input: String) throws {
        do {
            for line in try result.jsonLines() { print(line) }
        } catch {
            throw InputError(input, "cannot write JSON: \(error)")
        }
    }

    /// One event, its columns as wide as `widths` and coloured by what happened.
    static func line(_ event: SimulationEvent, widths: SimulationEvent.ColumnWidths, colors: Bool) -> String {
        guard colors else { return event.line(widths: widths) }
        let columns = event.columns(widths: widths)
        return [
            Terminal.styled(columns.time, .dim), Terminal.styled(columns.pane, .cyan),
            Terminal.styled(columns.item, .bold), Terminal.styled(columns.kind, style(of: event)), columns.detail,
        ].joined(separator: " ")
    }

    private static func style(of event: SimulationEvent) -> Terminal.Style {
        switch event.fact {
        case .drag(.lifted), .drag(.arrived): .blue
        case .drag(.proposed(.forbidden)): .red
        case .drag(.entered), .drag(.exited), .drag(.targetedChanged), .drag(.proposed), .drag(.springLoaded),
            .drag(.declined):
            .yellow
        case .drag(.dropped), .drag(.handedOff), .drag(.loadStarted), .drag(.itemLoaded), .drag(.moved),
            .drag(.insertion), .added, .removed, .saved:
            .green
        case .drag(.actionReturned(true)): .green
        case .drag(.ended(let operation, _)): operation.transfersData ? .green : .red
        case .drag(.itemFailed), .drag(.actionReturned(false)), .drag(.actionThrew), .cancelled, .declined: .red
        case .zoomed, .rotated, .selected, .key: .cyan
        }
    }
}

extension RunOutput {
    /// A note about the files a command wrote: on standard output with the timeline, or on standard error when
    /// standard output carries JSON Lines. `demo` and `run` say the same things the same way.
    static func note(_ text: String, json: Bool) {
        if json {
            StandardError.write("dnd-sim: \(text)")
        } else {
            print(text)
        }
    }
}

extension RunOutput {
    /// The last JSON line of `run --json`: how the run of the scene ended, one record whether it completed or failed,
    /// with the error's message and place kept apart.
    struct RunRecord: Encodable {
        let type = "run"
        let scene: String
        let status: Status
        let error: String?
        let file: String?
        let line: Int?
        let column: Int?

        enum Status: String, Encodable {
            case completed, failed
        }

        /// A run that completed.
        init(scene: String) {
            self.scene = scene
            status = .completed
            error = nil
            file = nil
            line = nil
            column = nil
        }

        /// A run that failed: the file, line and column the error named, and its message.
        init(scene: String, failure: any Error) {
            self.scene = scene
            status = .failed
            let input = failure as? InputError
            error = input?.problem ?? String(describing: failure)
            file = input.map { $0.location?.file ?? $0.input }
            line = input?.location?.line
            column = input?.location?.column
        }
    }
}

extension InputError {
    /// An output folder that was not written: entries in the way, named, with what to do; or what failed.
    ///
    /// - Parameters:
    ///   - error: The refusal or failure.
    ///   - hint: Words added to the message, such as what to pass instead.
    /// - Returns: The error to report, naming the folder.
    static func outputFolder(_ error: OutputFolderError, hint: String? = nil) -> InputError {
        let problem: String
        let names = error.entries.joined(separator: ", ")
        let plural = error.entries.count != 1
        switch error.code {
        case .exists:
            problem =
                "holds \(names) already; \(plural ? "they are" : "it is") not replaced (--force replaces what dnd-sim "
                + "wrote there)"
        case .notWrittenHere:
            problem =
                "holds \(names), which dnd-sim did not write there or which changed since; "
                + "\(plural ? "they are" : "it is") not replaced, even with --force (move \(plural ? "them" : "it") "
                + "away, or choose another --out)"
        default:
            return InputError(error, fallback: error.folder).adding(hint)
        }
        return InputError(error.folder, problem).adding(hint)
    }

    private func adding(_ hint: String?) -> InputError {
        guard let hint else { return self }
        var error = self
        error.problem += "; \(hint)"
        return error
    }
}

/// Writes every pane's items as files under a folder, one subfolder per pane, and reads each back to check it.
enum ItemExport {
    /// The folders `write` makes, one per pane: the names the output folder checks before the run.
    static func folderNames(_ simulation: Simulation) -> [String] {
        simulation.paneNames.map(safe)
    }

    /// Writes the items.
    /// - Parameters:
    ///   - simulation: The run whose panes' items are written.
    ///   - directory: Where to write them.
    ///   - shown: The folder named in messages, where the items will be once the output folder is in place.
    /// - Returns: The number of files written and checked.
    /// - Throws: `InputError` naming the file that could not be written, or that did not read back as written.
    static func write(_ simulation: Simulation, to directory: String, shownAs shown: String) throws -> Int {
        var count = 0
        for pane in simulation.paneNames {
            let folder = "\(directory)/\(safe(pane))"
            let shownFolder = "\(shown)/\(safe(pane))"
            guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
                let error = FileSystemError("cannot create the folder", path: shownFolder, errno: errno)
                throw InputError(error, fallback: shownFolder)
            }
            for item in simulation.items(inPane: pane) {
                var name = safe(item.name)
                let wanted = item.imageName == nil ? "txt" : "png"
                if URL(fileURLWithPath: name).pathExtension.lowercased() != wanted { name += ".\(wanted)" }
                let file = "\(folder)/\(name)"
                do throws(FileSystemError) {
                    try OutputFile.writeContents(item.data, toPath: file, existing: .anyFile, readingBack: true)
                } catch {
                    var shownError = error
                    shownError.path = "\(shownFolder)/\(name)"
                    throw InputError(shownError, fallback: shownError.path)
                }
                count += 1
            }
        }
        return count
    }

    /// A name safe as one path component.
    private static func safe(_ name: String) -> String {
        let cleaned = name.map { $0 == "/" || $0 == "\\" || $0 == "\0" ? "_" : $0 }
        let text = String(cleaned)
        return text == "." || text == ".." || text.isEmpty ? "_" : text
    }
}
