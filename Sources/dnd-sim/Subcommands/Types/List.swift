import ArgumentParser
import ContentTypes

extension Types {
    /// `dnd-sim types list [--conforming-to ID] [--json]`
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the registry's types, sorted by identifier.")

        @OptionGroup var registryOptions: RegistryOptions

        @Option(
            help: ArgumentHelp(
                "Only the types that conform to this one (identifier, .ext or MIME type).", valueName: "type"))
        var conformingTo: String?

        @Flag(help: "One JSON object per line, shaped as `types show --json` prints it.")
        var json = false

        func run() throws {
            let registry = try registryOptions.installRegistry()
            let supertype = try conformingTo.map(resolveType)
            let types = registry.types.filter { type in supertype.map(type.conforms(to:)) ?? true }
                .sorted { $0.identifier < $1.identifier }
            if json {
                for type in types {
                    try JSONOutput.printLine(TypeReport(type, in: registry))
                }
                return
            }
            for line in Self.lines(types.map { ($0.identifier, $0.localizedDescription ?? "") }) {
                print(
                    line.description.isEmpty
                        ? Terminal.styled(line.name, .bold) : "\(Terminal.styled(line.name, .bold))\(line.description)")
            }
        }

        /// The width of the listing, in columns.
        static let columns = 100
        /// The widest identifier column; longer identifiers take a line of their own, their description the next.
        static let identifierColumns = 44

        /// The listing's lines: the identifier, padded to the identifier column, and the description after two
        /// spaces, cut with "…" to fit `columns`; an identifier wider than the column on its own line, with its
        /// description indented below it.
        ///
        /// - Parameter entries: identifiers and descriptions (empty for none), in order.
        /// - Returns: each line as the part to print in bold and the rest.
        static func lines(_ entries: [(identifier: String, description: String)]) -> [(
            name: String, description: String
        )] {
            let width = min(identifierColumns, entries.map(\.identifier.count).max() ?? 0)
            let indent = String(repeating: " ", count: width + 2)
            var lines: [(name: String, description: String)] = []
            for (identifier, description) in entries {
                let text = fitted(description, to: columns - width - 2)
                if identifier.count > width {
                    lines.append((fitted(identifier, to: columns), ""))
                    if !text.isEmpty {
                        lines.append(("", indent + text))
                    }
                } else if text.isEmpty {
                    lines.append((identifier, ""))
                } else {
                    lines.append((identifier.padding(toLength: width, withPad: " ", startingAt: 0), "  " + text))
                }
            }
            return lines
        }

        /// `text` as it is when it has at most `columns` characters, else cut to `columns` with "…" last.
        private static func fitted(_ text: String, to columns: Int) -> String {
            text.count <= columns ? text : text.prefix(max(0, columns - 1)) + "…"
        }
    }
}
