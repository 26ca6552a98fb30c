import ArgumentParser
import DnDKit
import FileWriting
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
            return try ReadableFile(path).readAll(limit: 1 << 31)
        } catch {
            throw InputError(path, error.code.description)  // "no such file", "is a directory", ...
        }
    }

    /// Decodes a PNG file, naming the file in any error.
    static func decodePNG(_ data: Data, path: String, limits: PNGDecoder.Limits = .init()) throws(InputError) -> Bitmap
    {
        do {
            return try PNGDecoder(limits: limits).decode(data)
        } catch {
            throw problem(error, path: path)
        }
    }

    /// An image error of a file, as the user reads it: a limit that was exceeded names the option that raises it.
    static func problem(_ error: ImageError, path: String) -> InputError {
        guard let limit = error.limit, let option = DecoderLimitOptions.option(for: limit) else {
            return InputError(path, error.message)
        }
        return InputError(path, "\(error.message); \(option) raises it")
    }

    /// Reads a PNG or PAM file, deciding by its content (then by its extension, for a useful error).
    static func readBitmap(_ path: String, limits: PNGDecoder.Limits = .init()) throws(InputError) -> (Bitmap, Format) {
        let data = try read(path)
        guard let format = Format(sniffing: data) ?? Format(pathExtension: path) else {
            throw InputError(path, "not a PNG or PAM file")
        }
        switch format {
        case .png:
            return (try decodePNG(data, path: path, limits: limits), .png)
        case .pam:
            do {
                return (try Bitmap(pamData: data), .pam)
            } catch {
                throw InputError(path, error.message)
            }
        }
    }

}

/// The decoder limits a command that decodes PNG files lets the user raise (`image info`, `image convert`).
struct DecoderLimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The widest image decoded, in pixels (default: 65535).", valueName: "pixels"))
    var maxWidth: Int?

    @Option(help: ArgumentHelp("The tallest image decoded, in pixels (default: 65535).", valueName: "pixels"))
    var maxHeight: Int?

    @Option(
        help: ArgumentHelp(
            "The most memory a decoded image takes, in bytes (default: 536870912, 512 MiB).", valueName: "bytes"))
    var maxDecodedBytes: Int?

    /// The decoder's limits with the options given.
    var limits: PNGDecoder.Limits {
        var limits = PNGDecoder.Limits()
        if let maxWidth { limits.maxWidth = maxWidth }
        if let maxHeight { limits.maxHeight = maxHeight }
        if let maxDecodedBytes { limits.maxDecodedBytes = maxDecodedBytes }
        return limits
    }

    func validate() throws {
        for (name, value) in [
            ("--max-width", maxWidth), ("--max-height", maxHeight), ("--max-decoded-bytes", maxDecodedBytes),
        ]
        where (value ?? 1) < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
    }

    /// The option that raises a limit, for the limits the commands offer.
    static func option(for limit: PNGDecoder.Limits.Name) -> String? {
        switch limit {
        case .maxWidth: "--max-width"
        case .maxHeight: "--max-height"
        case .maxDecodedBytes: "--max-decoded-bytes"
        default: nil
        }
    }
}

/// Runs `body` for each input, printing the error of a failed one ("dnd-sim: FILE: problem") and going on; exits
/// with status 1 at the end if any failed. With `json`, a failed input also gets its record on standard output
/// (``FailureRecord``), so that every input has one.
func forEachInput(
    _ paths: [String], json: Bool = false, _ body: (String) async throws(InputError) -> Void
) async throws {
    var failed = false
    for path in paths {
        do {
            try await body(path)
        } catch {
            StandardError.write("dnd-sim: \(error.description)")
            if json {
                try JSONOutput.printLine(FailureRecord(file: path, error: error.problem))
            }
            failed = true
        }
    }
    if failed {
        throw ExitCode(ExitStatus.badInput)
    }
}
