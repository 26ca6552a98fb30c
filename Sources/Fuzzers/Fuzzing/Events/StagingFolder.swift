import Foundation
import Synchronization

/// DnDKit's staging folder of this process, seen from outside: `dndkit-staging-<pid>-…` in the temporary
/// directory, holding one subfolder per staged file. Found once (the temporary directory may be large), after the
/// first file is staged.
enum StagingFolder {
    private static let found = Mutex<String?>(nil)

    /// The paths of the staged files (their subfolders) that exist now.
    static func leftovers() -> [String] {
        guard let folder = found.withLock({ $0 }) ?? find() else {
            return []
        }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { "\(folder)/\($0)" }
    }

    private static func find() -> String? {
        let temporary = FileManager.default.temporaryDirectory.path
        let prefix = "dndkit-staging-\(ProcessInfo.processInfo.processIdentifier)-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        guard let name = names.first(where: { $0.hasPrefix(prefix) }) else {
            return nil
        }
        let folder = "\(temporary)/\(name)"
        found.withLock { $0 = folder }
        return folder
    }
}
