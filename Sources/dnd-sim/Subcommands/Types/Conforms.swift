import ArgumentParser
import ContentTypes

extension Types {
    /// `dnd-sim types conforms A B`
    struct Conforms: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conforms",
            abstract: "Whether type A conforms to type B, with the chain of parents that leads from A to B.",
            discussion: """
                Exit status 0 when A conforms to B, 1 when it does not, 2 when A or B is not a known type (standard \
                error says which), as grep answers a question.
                """)

        @OptionGroup var registryOptions: RegistryOptions

        @Argument(help: ArgumentHelp("The type to test (identifier, .ext or MIME type).", valueName: "A"))
        var subtype: String

        @Argument(help: ArgumentHelp("The type it may conform to.", valueName: "B"))
        var supertype: String

        func run() throws {
            let registry = try registryOptions.installRegistry()
            let subtype: UTType
            let supertype: UTType
            do {
                subtype = try resolveType(self.subtype)
                supertype = try resolveType(self.supertype)
            } catch {
                StandardError.write("dnd-sim: \(error)")
                throw ExitCode(ExitStatus.noAnswer)
            }
            guard subtype.conforms(to: supertype) else {
                print("\(subtype.identifier) does not conform to \(supertype.identifier)")
                throw ExitCode(ExitStatus.badInput)
            }
            print(chain(from: subtype, to: supertype, in: registry).map(\.identifier).joined(separator: " → "))
        }

        /// The shortest path of direct parents from `start` to `goal`, both included.
        private func chain(from start: UTType, to goal: UTType, in registry: TypeRegistry) -> [UTType] {
            var previous: [UTType: UTType] = [:]
            var queue = [start]
            var index = 0
            while index < queue.count {
                let type = queue[index]
                index += 1
                if type == goal {
                    var path = [type]
                    while let before = previous[path[0]] {
                        path.insert(before, at: 0)
                    }
                    return path
                }
                for parent in directParents(of: type, in: registry) where previous[parent] == nil && parent != start {
                    previous[parent] = type
                    queue.append(parent)
                }
            }
            return [start, goal]
        }
    }
}
