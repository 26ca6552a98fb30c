import ArgumentParser
import DnDKit
import FileMoving
import Foundation

/// Reading and writing the files `dnd-sim image` works on; every failure is an ``InputError`` naming the file.
enum ImageFiles {
    /// The file formats `dnd-sim image convert` reads and writes.
    enum Format: String {
        case png = "PNG"
        case pam = "PAM"

        /// The format a file name's extension asks for, if it is `.png` or `.pam`.
        init?(pathExtension path: String) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "png": self = .png
            case "pam": self = .pam
            default: return nil
            }
        }

        /// The format of some bytes, by their first bytes: the PNG signature, or "P7" and a line break.
        init?(sniffing data: Data) {
            if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                self = .png
            } else if data.starts(with: Array("P7".utf8)), data.count > 2,
                [0x0A, 0x0D, 0x20].contains(data[data.startIndex + 2])
            {
                self = .pam
            } else {
                return nil
            }
        }
    }

    static func read(_ path: String) throws(InputError) -> Data {
        do {
            return try OutputFile.readContents(atPath: path)
        } catch {
            throw InputError(path, error.code.description)  // "no such file", "is a directory", ...
        }
    }

    /// Writes a file aside and renames it into place; an existing file is replaced only when `replacing`.
    static func write(_ data: Data, to path: String, replacing: Bool) throws(InputError) {
        do {
            try OutputFile.writeContents(data, toPath: path, replacing: replacing)
        } catch  where error.code == .exists {
            throw InputError(path, "already exists; it is not replaced (--force replaces it)")
        } catch {
            throw InputError(path, "\(error.operation): \(error.code)")
        }
    }

    /// Decodes a PNG file, naming the file in any error.
    static func decodePNG(_ data: Data, path: String) throws(InputError) -> Bitmap {
        do {
            return try PNGDecoder().decode(data)
        } catch {
            throw InputError(path, error.message)
        }
    }

    /// Reads a PNG or PAM file, deciding by its content (then by its extension, for a useful error).
    static func readBitmap(_ path: String) throws(InputError) -> (Bitmap, Format) {
        let data = try read(path)
        guard let format = Format(sniffing: data) ?? Format(pathExtension: path) else {
            throw InputError(path, "not a PNG or PAM file")
        }
        switch format {
        case .png:
            return (try decodePNG(data, path: path), .png)
        case .pam:
            do {
                return (try Bitmap(pamData: data), .pam)
            } catch {
                throw InputError(path, error.message)
            }
        }
    }

}

/// Runs `body` for each input, printing the error of a failed one ("dnd-sim: FILE: problem") and going on; exits
/// with status 1 at the end if any failed.
func forEachInput(_ paths: [String], _ body: (String) async throws(InputError) -> Void) async throws {
    var failed = false
    for path in paths {
        do {
            try await body(path)
        } catch {
            StandardError.write("dnd-sim: \(error.description)")
            failed = true
        }
    }
    if failed {
        throw ExitCode(ExitStatus.badInput)
    }
}
