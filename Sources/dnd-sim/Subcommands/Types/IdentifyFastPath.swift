import Foundation

/// `dnd-sim types identify FILE... [--json]` recognised without ArgumentParser, so that the command starts quickly.
///
/// Why it exists: issue 29 asks that `dnd-sim types identify FILE` of the installed binary take at most twice as
/// long as `file --mime-type FILE`. Through ArgumentParser it took 6.2–6.5 ms against `file`'s 1.1–1.2 ms
/// (`hyperfine -N`, release build), and about a third of that was `parseAsRoot`: arguments found by reflection, each
/// type asked about for the first time a scan of the binary's 6,483 conformance records, and about 1 ms for its check
/// for `--generate-completion-script` alone. A statically linked Swift program that only prints takes 1.4 ms, so
/// the target leaves no room for it. Benchmarks/README.md has the figures before and after.
///
/// Only the plainest command lines take this path: `types identify`, then one or more operands, none of them empty or
/// starting with `-`, and at most one `--json` anywhere among them. Anything else (a registry option, `--`, `-h`,
/// `--help`, `--json` twice, no file) goes to ArgumentParser unchanged, so help, usage errors and every option stay
/// its. The two paths share one implementation, `Types.Identify.identify`, with the options' defaults
/// (`RegistrySource()`); `IdentifyFastPathTests` runs each shape both ways and compares the output, the errors and the
/// exit status. `DNDSIM_NO_FAST_PATH=1` (any value but empty) turns this path off.
struct IdentifyFastPath {
    /// The files, in the order given.
    var files: [String]
    /// Whether `--json` was given.
    var json: Bool

    /// The environment variable that sends every command line to ArgumentParser.
    static let disablingVariable = "DNDSIM_NO_FAST_PATH"

    /// Recognises a command line this path takes; `nil` for every other one, and for all when `DNDSIM_NO_FAST_PATH`
    /// is set.
    ///
    /// - Parameter arguments: the command line after the program's name.
    init?(arguments: some Sequence<String>) {
        if let disabled = getenv(Self.disablingVariable), disabled.pointee != 0 {
            return nil
        }
        var arguments = arguments.makeIterator()
        guard arguments.next() == "types", arguments.next() == "identify" else {
            return nil
        }
        var files: [String] = []
        var json = false
        while let argument = arguments.next() {
            if argument == "--json", !json {
                json = true
            } else if !argument.isEmpty, !argument.hasPrefix("-") {
                files.append(argument)
            } else {
                return nil
            }
        }
        guard !files.isEmpty else {
            return nil
        }
        self.files = files
        self.json = json
    }

    /// Identifies the files as `dnd-sim types identify` does with no registry option.
    ///
    /// - Throws: what `Types.Identify.identify` throws.
    func run() throws {
        try Types.Identify.identify(files, json: json, registry: RegistrySource())
    }
}
