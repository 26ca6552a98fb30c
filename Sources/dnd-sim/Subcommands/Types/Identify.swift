import ArgumentParser
import ContentTypes
import Foundation

extension Types {
    /// `dnd-sim types identify FILE... [--json]`
    struct Identify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "identify",
            abstract: "Identify files by content (libmagic) and name, as uniform type identifiers.",
            discussion: """
                Content decides. The name only refines what the content allows (text named .csv or .xbm, JSON \
                named .geojson, gzip named .tar.gz, or .svgz when it holds an SVG) or answers when the content says \
                nothing (unclaimed bytes, an empty file). [content], [name] or [both] says which decided; a name the content contradicts (a PDF \
                named x.jpg) is reported, not followed. The MIME type shown is the type's own; libmagic's answer \
                follows when it differs.
                """)

        @OptionGroup var registryOptions: RegistryOptions

        @Argument(help: ArgumentHelp("The files.", valueName: "file"))
        var files: [String]

        @Flag(
            help: """
                One JSON object per file and line: file, status ("ok"), identifier, mimeType, contentMimeType \
                (libmagic's, when it differs), how, nameSuggests (when the content contradicts the name); for a file \
                that could not be read: file, status ("failed") and error.
                """)
        var json = false

        struct Report: Encodable {
            var file: String
            var status = "ok"
            var identifier: String
            var mimeType: String?
            var contentMimeType: String?
            var how: String
            var nameSuggests: String?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(file, forKey: .file)
                try container.encode(status, forKey: .status)
                try container.encode(identifier, forKey: .identifier)
                try container.encode(mimeType, forKey: .mimeType)
                try container.encodeIfPresent(contentMimeType, forKey: .contentMimeType)
                try container.encode(how, forKey: .how)
                try container.encodeIfPresent(nameSuggests, forKey: .nameSuggests)
            }

            enum CodingKeys: String, CodingKey {
                case file, status, identifier, mimeType, contentMimeType, how, nameSuggests
            }
        }

        func run() throws {
            try Self.identify(files, json: json, registry: registryOptions.source)
        }

        /// The whole of `types identify` over plain values, for `run()` and for the fast path in `DndSim.main()`
        /// (`IdentifyFastPath`), which does not parse with ArgumentParser: one implementation, so that the two
        /// print the same and end with the same status.
        ///
        /// - Parameters:
        ///   - files: the files, as given.
        ///   - json: one JSON record per file instead of a line of text.
        ///   - source: where the types come from.
        /// - Throws: `InputError` for a declaration file that cannot be read; `ExitCode(ExitStatus.badInput)` when a
        ///   file could not be identified (standard error has said why).
        static func identify(_ files: [String], json: Bool, registry source: RegistrySource) throws {
            // Most files are answered by the catalog alone: the desktop database is read for the first one that is not.
            let registry = try source.installRegistry(readingDatabaseWhenNeeded: true)
            let sniffer = ContentSniffer(registry: registry)
            var failed = false
            for file in files {
                let found: ContentSniffer.Identification
                do {
                    found = try sniffer.identify(atPath: file)
                } catch let error as ContentSnifferError {
                    StandardError.write("dnd-sim: \(file): \(error.message)")
                    if json {
                        try JSONOutput.printLine(FailureRecord(file: file, error: error.message))
                    }
                    failed = true
                    continue
                }
                let ownMIMEType = found.type.preferredMIMEType ?? found.mimeType
                let report = Report(
                    file: file, identifier: found.type.identifier, mimeType: ownMIMEType,
                    contentMimeType: found.mimeType == ownMIMEType ? nil : found.mimeType, how: found.basis.rawValue,
                    nameSuggests: found.nameSuggests?.identifier)
                if json {
                    try JSONOutput.printLine(report)
                } else {
                    let libmagic = report.contentMimeType.map { "; libmagic: \($0)" } ?? ""
                    let mime = report.mimeType.map { " (\($0)\(libmagic))" } ?? ""
                    let name = report.nameSuggests.map { "; the name says \($0)" } ?? ""
                    print("\(file): \(Terminal.styled(report.identifier, .bold))\(mime) [\(report.how)]\(name)")
                }
            }
            if let error = registry.desktopDatabaseError {
                // A look-up needed the database, and it could not be read: the answers above are the catalog's.
                StandardError.write("dnd-sim: \(InputError(error, fallback: "declarations").description)")
                failed = true
            }
            if failed {
                throw ExitCode(ExitStatus.badInput)
            }
        }
    }
}
