import ArgumentParser
import Foundation

@main
struct DndSim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dnd-sim",
        abstract: "Move images between simulated panes, replay input, and inspect the type registry.",
        discussion: """
            Exit status: 0 on success; 1 when an input is bad (standard error names the file and the \
            problem); 2 for usage errors.
            """,
        version: "0.1.0",
        subcommands: [
            Demo.self, Run.self, MoveCommand.self, Types.self, ImageCommand.self, ClipboardCommand.self,
            WindowCommand.self,
        ]
    )

    /// Parses the command line and runs the chosen subcommand, with dnd-sim's exit statuses rather than
    /// ArgumentParser's (which uses 64 for usage errors).
    ///
    /// `types identify FILE...` with at most `--json` is recognised before ArgumentParser is asked, so that it starts
    /// quickly (`IdentifyFastPath` says why and which command lines).
    static func main() async {
        do {
            if let identify = IdentifyFastPath(arguments: CommandLine.arguments.dropFirst()) {
                try identify.run()
                return
            }
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(with: error)
        }
    }

    private static func exit(with error: any Error) -> Never {
        switch error {
        case let exit as ExitCode:
            Foundation.exit(exit.rawValue)
        case let input as InputError:
            StandardError.write("dnd-sim: \(input.description)")
            Foundation.exit(ExitStatus.badInput)
        default:
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version and the like.
                self.exit(withError: error)
            }
            if code == .validationFailure {
                StandardError.write(fullMessage(for: error))
                Foundation.exit(ExitStatus.usage)
            }
            StandardError.write("dnd-sim: \(String(describing: error))")
            Foundation.exit(ExitStatus.badInput)
        }
    }
}
