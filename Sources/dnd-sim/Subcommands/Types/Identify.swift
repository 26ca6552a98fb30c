import ArgumentParser
import ContentTypes
import Foundation

extension Types {
    /// `dnd-sim types identify FILE... [--json]`
    struct Identify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Identify files by name and content (libmagic), as uniform type identifiers.",
            discussion: """
                `how` says what decided: extension, content, or both (they agree). Content wins over the name \
                when it is an executable or an archive.
                """)

        @OptionGroup var registryOptions: RegistryOptions

        @Argument(help: ArgumentHelp("The files.", valueName: "file"))
        var files: [String]

        @Flag(help: "One JSON object per file and line: file, identifier, mimeType, how.")
        var json = false

        struct Report: Encodable {
            var file: String
            var identifier: String
            var mimeType: String?
            var how: String

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(file, forKey: .file)
                try container.encode(identifier, forKey: .identifier)
                try container.encode(mimeType, forKey: .mimeType)
                try container.encode(how, forKey: .how)
            }

            enum CodingKeys: String, CodingKey { case file, identifier, mimeType, how }
        }

        func run() throws {
            let registry = try registryOptions.installRegistry()
            let sniffer = ContentSniffer(registry: registry)
            var failed = false
            for file in files {
                let found: ContentSniffer.Identification
                do {
                    found = try sniffer.identify(contentsOf: URL(fileURLWithPath: file))
                } catch let error as ContentSnifferError {
                    StandardError.write("dnd-sim: \(file): \(error.message)")
                    failed = true
                    continue
                }
                let report = Report(
                    file: file, identifier: found.type.identifier,
                    mimeType: found.type.preferredMIMEType ?? found.mimeType, how: found.basis.rawValue)
                if json {
                    try JSONOutput.printLine(report)
                } else {
                    let mime = report.mimeType.map { " (\($0))" } ?? ""
                    print("\(file): \(Terminal.styled(report.identifier, .bold))\(mime) [\(report.how)]")
                }
            }
            if failed {
                throw ExitCode(ExitStatus.badInput)
            }
        }
    }
}
