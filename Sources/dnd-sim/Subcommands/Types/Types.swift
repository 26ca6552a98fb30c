import ArgumentParser

/// `dnd-sim types`: the type registry, seen from the command line.
struct Types: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "Inspect the type registry: list, show, draw and compare types, identify files, check declarations.",
        discussion: """
            Types come from the system catalog, plus declaration files (Info.plist-shaped XML property lists), \
            plus the desktop's shared-mime-info database when it is installed (--no-desktop leaves it out). \
            Declaration files are, in order of \
            precedence: every --declarations FILE; else the colon-separated files in DNDSIM_DECLARATIONS; else \
            Info/Info.plist in the current directory, when it exists.
            """,
        subcommands: [List.self, Show.self, Tree.self, Conforms.self, Identify.self, Check.self]
    )
}
