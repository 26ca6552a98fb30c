// The `dnd-sim` the README installs, for the families that time the command as a user runs it: a process of the
// repository's own release build.

import Foundation

/// The release binary is not there: the benchmark would time nothing.
package struct MissingBinary: Error, CustomStringConvertible {
    package let description: String
}

/// The release binary the README installs: `DNDSIM`, or `.build/release/dnd-sim` of the repository this package is in.
package func dndSimBinary() throws -> String {
    if let named = ProcessInfo.processInfo.environment["DNDSIM"] { return named }
    // A benchmark runs from Benchmarks/.build/<triple>/release/; the repository is the folder above Benchmarks/.
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" && folder.lastPathComponent != "Benchmarks" {
        folder.deleteLastPathComponent()
    }
    let binary = folder.deletingLastPathComponent().appendingPathComponent(".build/release/dnd-sim").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw MissingBinary(
            description: "\(binary) is missing: build it first with "
                + "`swift build -c release --product dnd-sim --static-swift-stdlib` in the repository, or set DNDSIM")
    }
    return binary
}
