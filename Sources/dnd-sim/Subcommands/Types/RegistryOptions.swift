import ArgumentParser
import ContentTypes
import Foundation

/// Where `dnd-sim types` gets its types, shared by the subcommands that look types up.
struct RegistryOptions: ParsableArguments {
    @Option(
        name: .customLong("declarations"),
        help: ArgumentHelp("A declaration file to load (repeatable).", valueName: "file"))
    var declarationFiles: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: """
            Load the desktop's shared-mime-info database (/usr/share/mime, its generated files) when it is \
            installed, so that common files get readable types (the default); --no-desktop uses the catalog and \
            the declaration files alone.
            """)
    var desktop = true

    /// The options as plain values.
    var source: RegistrySource {
        RegistrySource(declarationFiles: declarationFiles, desktop: desktop)
    }

    /// Builds the registry and makes it the process-wide one; see `RegistrySource.installRegistry`.
    func installRegistry(readingDatabaseWhenNeeded whenNeeded: Bool = false) throws -> TypeRegistry {
        try source.installRegistry(readingDatabaseWhenNeeded: whenNeeded)
    }
}

/// Where `dnd-sim types` gets its types, as plain values: what `RegistryOptions` parses to, and what the
/// `types identify` fast path (which does not go through ArgumentParser) uses as the defaults.
struct RegistrySource {
    /// The files given with --declarations; none by default.
    var declarationFiles: [String] = []
    /// Whether to load the desktop's shared-mime-info database; --no-desktop makes it `false`.
    var desktop = true

    /// The environment variable naming declaration files when no --declarations is given.
    static let environmentVariable = "DNDSIM_DECLARATIONS"
    /// The declaration file used when neither --declarations nor the environment variable names one.
    static let defaultFile = "Info/Info.plist"

    /// The declaration files to load, by the precedence the command's help gives.
    var files: [String] {
        if !declarationFiles.isEmpty {
            return declarationFiles
        }
        // `getenv` and `stat` rather than ProcessInfo and FileManager, whose first use costs `types identify` about
        // 0.1 ms of its start-up (issue 29).
        if let list = getenv(Self.environmentVariable).map({ String(cString: $0) }), !list.isEmpty {
            return list.split(separator: ":").map(String.init)
        }
        var status = stat()
        return stat(Self.defaultFile, &status) == 0 ? [Self.defaultFile] : []
    }

    /// Builds the registry and makes it the process-wide one, so that every `UTType` the command makes sees it.
    ///
    /// - Parameter whenNeeded: Read the desktop database only when a look-up the catalog and the declarations do not
    ///   answer needs it (what a command that may never need it does, to start quickly); a database that cannot be
    ///   read is then left out and named by `desktopDatabaseError` instead of thrown here.
    /// - Returns: the registry.
    /// - Throws: `InputError` naming the declaration file or database at fault.
    func installRegistry(readingDatabaseWhenNeeded whenNeeded: Bool = false) throws -> TypeRegistry {
        var registry = TypeRegistry()
        for file in files {
            do {
                registry = try registry.addingDeclarations(contentsOf: URL(fileURLWithPath: file))
            } catch let error as TypeRegistryError {
                throw InputError(error, fallback: "declarations")
            }
        }
        // A string, not `URL`: a process's first `appendingPathComponent` cost `types identify` 0.15 ms (issue 29).
        let globs = TypeRegistry.desktopDatabasePath + "/globs2"
        var status = stat()
        if desktop, stat(globs, &status) == 0 {
            do {
                registry =
                    try whenNeeded ? registry.addingDesktopDatabaseWhenNeeded() : registry.addingDesktopDatabase()
            } catch let error as TypeRegistryError {
                throw InputError(error, fallback: "declarations")
            }
        }
        TypeRegistry.current = registry
        return registry
    }
}

/// Finds the type an argument names: an identifier, `.ext` for a filename extension, or a MIME type.
///
/// - Parameter argument: what the user wrote.
/// - Returns: the type.
/// - Throws: `InputError` when nothing is known by that name.
func resolveType(_ argument: String) throws -> UTType {
    let type: UTType? =
        if argument.hasPrefix(".") {
            UTType(filenameExtension: String(argument.dropFirst()))
        } else if argument.contains("/") {
            UTType(mimeType: argument)
        } else {
            UTType(argument)
        }
    guard let type else {
        throw InputError(argument, "unknown type: not a declared identifier, a .extension or a MIME type")
    }
    return type
}
