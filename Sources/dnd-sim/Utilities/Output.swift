import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Messages for people: errors, warnings and progress go to standard error, never mixed into the output.
enum StandardError {
    static func write(_ message: String) {
        let line = message.hasSuffix("\n") ? message : message + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// Whether and how to colour what goes to the terminal.
///
/// Colours are used only when standard output is a terminal and `NO_COLOR` is not set (https://no-color.org).
enum Terminal {
    static var colorsEnabled: Bool {
        // `getenv`, not ProcessInfo, whose first use costs `types identify` start-up time (issue 29).
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 {
            return false
        }
        return isatty(STDOUT_FILENO) != 0
    }

    /// The text wrapped in an SGR colour code when colours are enabled, unchanged otherwise.
    static func styled(_ text: String, _ style: Style, enabled: Bool = colorsEnabled) -> String {
        enabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
    }
}

/// JSON output: stable key order so that output can be compared and diffed.
enum JSONOutput {
    static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Prints one value as one line of JSON (a JSON Lines record).
    static func printLine(_ value: some Encodable) throws {
        let data = try encoder().encode(value)
        print(String(decoding: data, as: UTF8.self))
    }
}

/// The `--json` record of an input that could not be handled (`types identify`, `image info`): the file as given,
/// `"status": "failed"`, and the error in words, so that every input has a record. A handled input's record has
/// `"status": "ok"`.
struct FailureRecord: Encodable {
    var file: String
    var status = "failed"
    var error: String

    init(file: String, error: String) {
        self.file = file
        self.error = error
    }
}

/// Sizes in words: `0 bytes`, `1 byte`, `145 bytes`, `6.6 kB`, `24.1 MB` (powers of 1000, as `ls --si` and file
/// managers count), never "Zero KB".
enum ByteCount {
    static func words(_ count: Int) -> String {
        if count < 1000 {
            return "\(count) byte\(count == 1 ? "" : "s")"
        }
        var value = Double(count) / 1000
        var unit = 0
        let units = ["kB", "MB", "GB", "TB", "PB"]
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }
}
