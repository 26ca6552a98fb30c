import ArgumentParser
import ContentTypes

extension Types {
    /// `dnd-sim types tree [ID]`
    struct Tree: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tree",
            abstract: "Draw the conformance tree: every root, or one type, with the types that conform to it below.",
            discussion: "A type with several parents appears under each of them.")

        @OptionGroup var registryOptions: RegistryOptions

        @Argument(help: ArgumentHelp("The type at the top (identifier, .ext or MIME type).", valueName: "type"))
        var type: String?

        func run() throws {
            let registry = try registryOptions.installRegistry()
            var children: [String: [String]] = [:]
            var roots: [String] = []
            for declaration in registry.declarations {
                if declaration.conformsTo.isEmpty {
                    roots.append(declaration.identifier)
                }
                for parent in declaration.conformsTo {
                    let parentIdentifier = registry.type(withIdentifier: parent)?.identifier ?? parent
                    children[parentIdentifier, default: []].append(declaration.identifier)
                }
            }
            let tops = try type.map { [try resolveType($0).identifier] } ?? roots.sorted()
            var lines: [String] = []
            func draw(_ identifier: String, prefix: String, connector: String, childPrefix: String) {
                lines.append(prefix + connector + identifier)
                let below = (children[identifier] ?? []).sorted()
                for (index, child) in below.enumerated() {
                    let last = index == below.count - 1
                    draw(
                        child, prefix: prefix + childPrefix, connector: last ? "└── " : "├── ",
                        childPrefix: last ? "    " : "│   ")
                }
            }
            for top in tops {
                draw(top, prefix: "", connector: "", childPrefix: "")
            }
            print(lines.joined(separator: "\n"))
        }
    }
}
