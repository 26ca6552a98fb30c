import FileAccess
import Foundation
import Gestures

extension Script {
    /// Reads a script from its text.
    /// - Parameters:
    ///   - text: The script, one step per line (lines end as ``TextLines`` says); `#` starts a comment.
    ///   - fileName: The file, for messages.
    ///   - firstLine: The line number of the text's first line (for a script written inside a scene file).
    ///   - firstColumn: The column number of the text's first column (for an indented block in a scene file).
    /// - Returns: The script.
    /// - Throws: `SimulationError` naming the line and column of the first step that cannot be read.
    package static func parse(
        _ text: String, fileName: String? = nil, firstLine: Int = 1, firstColumn: Int = 1
    ) throws -> Script {
        var steps: [ScriptStep] = []
        for (offset, line) in TextLines.lines(of: text).enumerated() {
            let step = try parseLine(String(line), fileName: fileName, line: firstLine + offset, column: firstColumn)
            if let step {
                steps.append(step)
            }
        }
        return Script(steps: steps)
    }

    /// Reads a script from a file.
    /// - Parameter url: The file.
    /// - Returns: The script.
    /// - Throws: `SimulationError` when the file cannot be read or a step is malformed.
    package static func load(contentsOf url: URL) throws -> Script {
        let name = url.relativePath
        let data: Data
        do {
            data = try ReadableFile(url.path).readAll(limit: SceneFile.sizeLimit)
        } catch {
            throw SimulationError(.unreadableFile, "cannot read the script: \(error.code)", file: name)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SimulationError(.syntax, "the script is not UTF-8 text", file: name)
        }
        return try parse(text, fileName: name)
    }

    /// Reads one line: nil for a blank or comment line.
    static func parseLine(_ text: String, fileName: String?, line: Int, column: Int = 1) throws -> ScriptStep? {
        var reader = try StepReader(text, file: fileName, line: line, column: column)
        guard !reader.isAtEnd else { return nil }
        var time: Double?
        if let first = reader.peek, first.text.hasPrefix("@") {
            reader.skip()
            time = try reader.number(String(first.text.dropFirst()), at: first, "a time after @")
            guard let value = time, value >= 0 else { throw reader.error(at: first, "a time must not be negative") }
        }
        let action = try reader.action()
        try reader.expectEnd()
        return ScriptStep(action, time: time, file: fileName, line: line)
    }
}

/// Reads the words of one script line.
struct StepReader {
    struct Token {
        var text: String
        var column: Int
        /// Whether the word was written in quotes (its commas are part of it).
        var isQuoted = false
    }

    private var tokens: [Token]
    private var index = 0
    private let file: String?
    private let line: Int
    private let endColumn: Int

    init(_ text: String, file: String?, line: Int, column: Int) throws {
        self.file = file
        self.line = line
        let content = text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
        endColumn = column + content.count
        tokens = []
        var current = ""
        var start = 0
        var depth = 0
        var quoted = false
        var wasQuoted = false
        for (offset, character) in content.enumerated() {
            if current.isEmpty && !character.isWhitespace { start = column + offset }
            if character == "\"" {
                quoted.toggle()
                wasQuoted = true
                if current.isEmpty { current = "\u{0}" }  // an empty quoted name is still a word
                if !quoted && depth == 0 {
                    // A closing quote ends the word: `"one, two",three` is a name, then `,three`.
                    tokens.append(Token(text: Self.clean(current), column: start, isQuoted: true))
                    current = ""
                    wasQuoted = false
                }
                continue
            }
            if !quoted && character == "(" { depth += 1 }
            if !quoted && character == ")" { depth -= 1 }
            if character.isWhitespace && !quoted && depth == 0 {
                if !current.isEmpty {
                    tokens.append(Token(text: Self.clean(current), column: start, isQuoted: wasQuoted))
                }
                current = ""
                wasQuoted = false
                continue
            }
            if character.isWhitespace && depth > 0 && !quoted { continue }
            current.append(character)
        }
        if quoted {
            throw SimulationError(.syntax, "a quote is not closed", file: file, line: line, column: endColumn)
        }
        if !current.isEmpty { tokens.append(Token(text: Self.clean(current), column: start, isQuoted: wasQuoted)) }
    }

    private static func clean(_ word: String) -> String {
        word.replacingOccurrences(of: "\u{0}", with: "")
    }

    var isAtEnd: Bool { index >= tokens.count }
    var peek: Token? { isAtEnd ? nil : tokens[index] }
    mutating func skip() { index += 1 }

    func error(at token: Token?, _ message: String) -> SimulationError {
        SimulationError(.syntax, message, file: file, line: line, column: token?.column ?? endColumn)
    }

    mutating func word(_ expected: String) throws -> Token {
        guard let token = peek else { throw error(at: nil, "expected \(expected) at the end of the line") }
        index += 1
        return token
    }

    /// Consumes `keyword` when it comes next.
    mutating func accept(_ keyword: String) -> Bool {
        guard peek?.text.lowercased() == keyword else { return false }
        index += 1
        return true
    }

    mutating func expect(_ keyword: String, _ expected: String) throws {
        let token = try word("\"\(keyword)\" \(expected)")
        guard token.text.lowercased() == keyword else {
            throw error(at: token, "expected \"\(keyword)\" \(expected), not \"\(token.text)\"")
        }
    }

    func expectEnd() throws {
        guard let token = peek else { return }
        throw error(at: token, "unexpected \"\(token.text)\" at the end of the step")
    }

    func number(_ text: String, at token: Token, _ what: String) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw error(at: token, "expected \(what), not \"\(text)\"")
        }
        return value
    }

    mutating func number(_ what: String) throws -> Double {
        let token = try word(what)
        return try number(token.text, at: token, what)
    }

    mutating func duration(_ what: String) throws -> Double {
        let token = try word(what)
        let value = try number(token.text.hasSuffix("s") ? String(token.text.dropLast()) : token.text, at: token, what)
        guard value >= 0 else { throw error(at: token, "\(what) must not be negative") }
        return value
    }

    mutating func pointer() throws -> Int {
        let token = try word("a pointer number")
        guard let value = Int(token.text), value >= 0 else {
            throw error(at: token, "expected a pointer number (0 or more), not \"\(token.text)\"")
        }
        return value
    }

    /// `(x, y)` or `x,y`.
    mutating func point(_ what: String) throws -> CGPoint {
        let token = try word("a point (x, y) \(what)")
        var text = token.text
        if text.hasPrefix("(") && text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        let parts = text.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
            throw error(at: token, "expected a point (x, y) \(what), not \"\(token.text)\"")
        }
        return CGPoint(x: x, y: y)
    }

    /// `A`, `A, B`, `A,B , C`: names separated by commas (a quoted name keeps its commas). Stops at the first word
    /// that neither continues the list nor follows a comma, so that the caller names what it expected there.
    mutating func names(_ what: String, before keyword: String) throws -> [String] {
        var names: [String] = []
        var needsName = true
        while let token = peek {
            let startsWithComma = !token.isQuoted && token.text.hasPrefix(",")
            if !needsName && !startsWithComma { break }
            if needsName && !names.isEmpty && !token.isQuoted && token.text.lowercased() == keyword { break }
            index += 1
            if token.isQuoted {
                names.append(token.text)
                needsName = false
                continue
            }
            for (position, part) in token.text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                if position > 0 {
                    guard !needsName else { throw error(at: token, "expected \(what) before the comma") }
                    needsName = true
                }
                guard !part.isEmpty else { continue }
                names.append(String(part))
                needsName = false
            }
        }
        guard !needsName else {
            throw error(at: peek, names.isEmpty ? "expected \(what)" : "expected \(what) after the comma")
        }
        return names
    }

    mutating func name(_ what: String) throws -> String {
        let token = try word(what)
        guard !token.text.isEmpty else { throw error(at: token, "\(what) must not be empty") }
        return token.text
    }

    /// `touch`, `pen`, `mouse [primary|secondary|middle]`.
    mutating func device() throws -> PointerKind {
        let token = try word("a device (touch, mouse or pen)")
        switch token.text.lowercased() {
        case "touch": return .touch
        case "pen": return .pen
        case "mouse":
            if accept("secondary") { return .mouse(.secondary) }
            if accept("middle") { return .mouse(.middle) }
            _ = accept("primary")
            return .mouse(.primary)
        default:
            throw error(at: token, "expected a device (touch, mouse or pen), not \"\(token.text)\"")
        }
    }

    static let commands = [
        "down", "move", "up", "cancel", "advance", "wait", "key", "drag", "tap", "long-press", "pinch", "rotate",
    ]

    mutating func action() throws -> ScriptAction {
        let token = try word("a step")
        switch token.text.lowercased() {
        case "down":
            let pointer = try pointer()
            try expect("at", "and the point where the pointer goes down")
            let point = try point("where the pointer goes down")
            let kind = accept("by") ? try device() : .touch
            return .down(pointer: pointer, at: point, kind: kind)
        case "move":
            let pointer = try pointer()
            try expect("to", "and the point the pointer moves to")
            let point = try point("the pointer moves to")
            var duration = 0.1
            var steps = 1
            while !isAtEnd {
                if accept("over") {
                    duration = try self.duration("a duration in seconds after \"over\"")
                } else if accept("steps") {
                    let count = try number("a number of steps")
                    guard count >= 1, count <= 10_000, count == count.rounded() else {
                        throw error(at: tokens[index - 1], "the number of steps must be a whole number from 1 to 10000")
                    }
                    steps = Int(count)
                } else {
                    break
                }
            }
            return .move(pointer: pointer, to: point, duration: duration, steps: steps)
        case "up":
            let pointer = try pointer()
            let point = accept("at") ? try self.point("where the pointer goes up") : nil
            return .up(pointer: pointer, at: point)
        case "cancel":
            return .cancel(pointer: try pointer())
        case "advance", "wait":
            return .advance(try duration("a duration in seconds"))
        case "key":
            let key = try word("a key (escape, return or space)")
            switch key.text.lowercased() {
            case "escape", "esc": return .key(.escape)
            case "return", "enter": return .key(.return)
            case "space": return .key(.space)
            default: throw error(at: key, "expected a key (escape, return or space), not \"\(key.text)\"")
            }
        case "drag":
            let items = try names("the name of the item to drag", before: "from")
            let afterItems = peek
            let source = accept("from") ? try name("the name of the pane the item is in") : nil
            if source == nil, peek?.text.lowercased() != "to" {
                try expect("from", "and the pane the item is in")
            }
            try expect("to", "and the pane to drop on")
            let target = try name("the name of the pane to drop on")
            var point: CGPoint?
            var insertion: Int?
            var kind = PointerKind.touch
            var pointer = 1
            var escape = false
            while !isAtEnd {
                if accept("at") {
                    if let token = peek, !token.isQuoted, let value = Int(token.text) {
                        guard value >= 0 else { throw error(at: token, "an insertion index must not be negative") }
                        insertion = value
                        index += 1
                    } else {
                        point = try self.point("in the target pane's space, or an insertion index")
                    }
                } else if accept("by") {
                    kind = try device()
                } else if accept("pointer") {
                    pointer = try self.pointer()
                } else if accept("then") {
                    try expect("escape", "after \"then\" (the drag is cancelled with the Escape key)")
                    escape = true
                } else {
                    break
                }
            }
            if let insertion {
                return .dragToIndex(
                    items: items, from: source, to: target, index: insertion, kind: kind, pointer: pointer,
                    escape: escape)
            }
            guard let source else {
                throw error(
                    at: afterItems ?? tokens[index - 1],
                    "expected \"from\" and the pane the item is in (only a drop \"at INDEX\" in a list pane finds it)")
            }
            return .drag(
                items: items, from: source, to: target, at: point, kind: kind, pointer: pointer, escape: escape)
        case "tap":
            let target = try name("the name of the item or pane to tap")
            var point: CGPoint?
            var kind = PointerKind.touch
            while !isAtEnd {
                if accept("at") {
                    point = try self.point("in the item's or pane's space")
                } else if accept("by") {
                    kind = try device()
                } else {
                    break
                }
            }
            return .tap(target: target, at: point, kind: kind)
        case "long-press":
            let target = try name("the name of the item or pane to press")
            let duration = accept("for") ? try self.duration("a duration in seconds after \"for\"") : 1
            return .longPress(target: target, duration: duration)
        case "pinch":
            let item = try name("the name of the item to pinch")
            _ = accept("by")
            let scale = try number("a scale factor")
            guard scale > 0 else { throw error(at: tokens[index - 1], "the scale factor must be positive") }
            return .pinch(item: item, scale: scale)
        case "rotate":
            let item = try name("the name of the item to rotate")
            try expect("by", "and an angle in degrees")
            return .rotate(item: item, degrees: try number("an angle in degrees"))
        default:
            let hint =
                Suggestion.closest(to: token.text, among: Self.commands).map { "; did you mean \"\($0)\"?" } ?? ""
            throw error(
                at: token,
                "unknown step \"\(token.text)\"\(hint) (expected one of: \(Self.commands.joined(separator: ", ")))")
        }
    }
}
