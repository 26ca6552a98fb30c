import ArgumentParser
import ContentTypes

extension Types {
    /// `dnd-sim types show ID|.ext|mime/type [--json]`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one type: its description, parents, supertypes, tags and where it is declared.")

        @OptionGroup var registryOptions: RegistryOptions

        @Argument(help: ArgumentHelp("An identifier, a .extension or a MIME type.", valueName: "type"))
        var type: String

        @Flag(help: "Print one JSON object.")
        var json = false

        func run() throws {
            let registry = try registryOptions.installRegistry()
            let report = TypeReport(try resolveType(type), in: registry)
            if json {
                try JSONOutput.printLine(report)
                return
            }
            func line(_ label: String, _ values: [String]) {
                let padded = (label + ":").padding(toLength: 16, withPad: " ", startingAt: 0)
                print("  \(padded)\(values.isEmpty ? "—" : values.joined(separator: ", "))")
            }
            print(Terminal.styled(report.identifier, .bold))
            line("description", report.description.map { [$0] } ?? [])
            line("conforms to", report.conformsTo)
            line("supertypes", report.supertypes)
            line("extensions", report.tags[UTTagClass.filenameExtension.rawValue] ?? [])
            line("MIME types", report.tags[UTTagClass.mimeType.rawValue] ?? [])
            line("dynamic", [report.isDynamic ? "yes" : "no"])
            line("declared in", [report.declaredIn ?? "nowhere (undeclared)"])
        }
    }
}
