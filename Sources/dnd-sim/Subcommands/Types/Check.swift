import ArgumentParser
import ContentTypes
import Foundation

extension Types {
    /// `dnd-sim types check FILE...`
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate declaration files against the system catalog and each other, in the order given.",
            discussion: """
                Reports, for each file, how many types it exports and imports, or the first problem, naming the \
                entry and the key, or why the file cannot be read (no such file, is a directory, empty, not a \
                property list; a named pipe or a device is refused at once, never read). Exit status 1 when any \
                file has a problem.
                """)

        @Argument(
            help: ArgumentHelp("The declaration files (Info.plist-shaped XML property lists).", valueName: "file"))
        var files: [String]

        func run() throws {
            var registry = TypeRegistry()
            var failed = false
            for file in files {
                do {
                    let declarations = try DeclarationFile(contentsOf: URL(fileURLWithPath: file)).declarations
                    registry = try registry.adding(declarations)
                    let exported = declarations.filter { $0.kind == .exported }.count
                    let imported = declarations.count - exported
                    print("\(file): ok (\(exported) exported, \(imported) imported)")
                } catch let error as TypeRegistryError {
                    StandardError.write("dnd-sim: \(InputError(error, fallback: "declarations").description)")
                    failed = true
                }
            }
            if failed {
                throw ExitCode(ExitStatus.badInput)
            }
        }
    }
}
