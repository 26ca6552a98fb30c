/// Lines as DnDKit counts them, for the line and column of every error in a scene file or a script.
///
/// A line ends at a line feed (LF), a carriage return and a line feed (CR LF, one break), a carriage return alone
/// (CR), or one of the three breaks YAML 1.1 adds: NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR
/// (U+2029). That is what libyaml counts, and Yams reports the places of YAML and JSON problems in its lines, so a
/// scene file's YAML error, its JSON check and the steps of its script all name the same line for the same text.
/// Editors count LF, CR LF and a lone CR the same way. Columns count Unicode scalars from 1, as libyaml's do.
package enum TextLines {
    /// Whether a character ends a line. Swift keeps CR LF together as one `Character`.
    ///
    /// - Parameter character: Any character.
    /// - Returns: `true` for LF, CR LF, CR, NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    package static func isBreak(_ character: Character) -> Bool {
        switch character {
        case "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// The lines of a text, without their breaks; a text that ends with a break has an empty last line.
    ///
    /// - Parameter text: Any text.
    /// - Returns: One element per line, at least one.
    package static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: isBreak)
    }

    /// How many lines a text has: one more than its breaks.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The number of lines, at least 1.
    package static func count(in text: String) -> Int {
        text.reduce(1) { count, character in isBreak(character) ? count + 1 : count }
    }

    /// The line and column, from 1, of the character that starts at a byte offset of the text's UTF-8.
    ///
    /// - Parameters:
    ///   - offset: A byte offset; one past the end names the place after the last character.
    ///   - text: The text.
    /// - Returns: The line and the column (in Unicode scalars).
    package static func place(ofUTF8Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var consumed = 0
        for character in text {
            guard consumed < offset else {
                break
            }
            consumed += character.utf8.count
            if isBreak(character) {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return (line, column)
    }
}
