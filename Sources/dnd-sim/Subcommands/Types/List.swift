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
            let width = types.map(\.identifier.count).max() ?? 0
            for type in types {
                let name = type.identifier.padding(toLength: width, withPad: " ", startingAt: 0)
                print("\(Terminal.styled(name, .bold))  \(type.localizedDescription ?? "")")
            }
        }
    }
}
