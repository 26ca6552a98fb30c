import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names a file is offered in a folder where its own name is taken, numbered as file managers number copies:
/// `NAME.EXT`, then `NAME 2.EXT`, `NAME 3.EXT`, … (the number before the extension; `NAME 2` for a name without one).
///
/// Every name stays within the 255 bytes a file name may have: where the number would not fit, NAME is shortened by
/// whole characters, never cut inside one. Only the first name is the caller's as given, so a name that is too long
/// already fails where it is used, with `ENAMETOOLONG`.
package enum FreeName {
    /// The `number`th name to try for `name`.
    /// - Parameters:
    ///   - name: The name the file is to have: a file name, without a path separator.
    ///   - number: 1 for `name` itself, 2 for `NAME 2.EXT`, and so on.
    /// - Returns: The name, at most 255 bytes long when `number` is above 1.
    package static func candidate(_ name: String, number: Int) -> String {
        guard number > 1 else { return name }
        return shortened(name, adding: " \(number)")
    }

    /// `name` shortened by whole characters before its extension to the 255 bytes a file name may have, for a name
    /// that comes from elsewhere (a sender's suggestion); `name` itself when it fits.
    ///
    /// - Parameter name: A file name, without a path separator.
    /// - Returns: The name, at most 255 bytes long unless its extension alone is longer.
    package static func fitted(_ name: String) -> String {
        name.utf8.count <= Int(NAME_MAX) ? name : shortened(name, adding: "")
    }

    /// NAME, shortened to fit, then `addition` and the extension.
    private static func shortened(_ name: String, adding addition: String) -> String {
        let extensionPart = (name as NSString).pathExtension
        let suffix = addition + (extensionPart.isEmpty ? "" : ".\(extensionPart)")
        var stem = Substring((name as NSString).deletingPathExtension)
        while stem.utf8.count + suffix.utf8.count > Int(NAME_MAX), !stem.isEmpty {
            stem = stem.dropLast()
        }
        return stem + suffix
    }
}

extension Renaming {
    /// Gives `from` the first free name in `folder` among `name`, `NAME 2.EXT`, `NAME 3.EXT`, … (``FreeName``), never
    /// replacing anything: each is tried with ``withoutReplacing(_:_:)`` (`renameat2` with `RENAME_NOREPLACE`, or
    /// `link`), and the next only when that one is taken (`EEXIST`). A name taken between two tries is skipped, not
    /// replaced: there is no check before the rename for another program to race.
    ///
    /// - Parameters:
    ///   - from: The finished file or folder, in the same file system as `folder`.
    ///   - folder: The folder it is to be in.
    ///   - name: The name it is to have, when free.
    ///   - attempts: How many names are tried before giving up.
    /// - Returns: The path given to `from` and 0, or the path last tried and the `errno` of the failure: `EEXIST` when
    ///   every one of `attempts` names is taken, another code (`ENAMETOOLONG`, `EACCES`, …) as soon as one fails for
    ///   another reason. `from` keeps its name on a failure.
    package static func withoutReplacing(
        _ from: String, inFolder folder: String, freeNameFor name: String, attempts: Int = 10_000
    ) -> (path: String, errno: Int32) {
        var tried = (path: "\(folder)/\(name)", errno: Int32(EEXIST))
        for number in 1...max(1, attempts) {
            tried.path = "\(folder)/\(FreeName.candidate(name, number: number))"
            tried.errno = withoutReplacing(from, tried.path)
            guard tried.errno == EEXIST else { return tried }
        }
        return tried
    }
}
