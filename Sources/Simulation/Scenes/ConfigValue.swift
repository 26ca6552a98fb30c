import Foundation
import Yams

/// A value of a scene file (YAML or JSON) with the place it was written, for errors that say where.
struct ConfigValue {
    let node: Yams.Node
    let file: String?

    var line: Int? { node.mark?.line }
    var column: Int? { node.mark?.column }

    func error(_ code: SimulationError.Code, _ message: String) -> SimulationError {
        SimulationError(code, message, file: file, line: line, column: column)
    }

    /// What kind of value this is, for messages: `a list`, `a mapping`, `"abc"`.
    var kindDescription: String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar(let scalar): scalar.string.isEmpty ? "nothing" : "\"\(scalar.string)\""
        case .alias: "an alias"
        }
    }

    func string(_ what: String) throws -> String {
        guard case .scalar(let scalar) = node, !scalar.string.isEmpty || scalar.style != .plain else {
            throw error(.wrongType, "\(what) must be a text, not \(kindDescription)")
        }
        return scalar.string
    }

    func number(_ what: String) throws -> Double {
        guard case .scalar = node, let value = node.float, value.isFinite else {
            throw error(.wrongType, "\(what) must be a number, not \(kindDescription)")
        }
        return value
    }

    func integer(_ what: String) throws -> Int {
        guard case .scalar = node, let value = node.int else {
            throw error(.wrongType, "\(what) must be a whole number, not \(kindDescription)")
        }
        return value
    }

    func bool(_ what: String) throws -> Bool {
        guard case .scalar(let scalar) = node, let value = Bool(scalar.string.lowercased()) else {
            throw error(.wrongType, "\(what) must be true or false, not \(kindDescription)")
        }
        return value
    }

    func list(_ what: String) throws -> [ConfigValue] {
        guard case .sequence(let sequence) = node else {
            throw error(.wrongType, "\(what) must be a list, not \(kindDescription)")
        }
        return sequence.map { ConfigValue(node: $0, file: file) }
    }

    /// A list, or a single value taken as a list of one.
    func listOrOne() -> [ConfigValue] {
        if case .sequence(let sequence) = node { return sequence.map { ConfigValue(node: $0, file: file) } }
        return [self]
    }

    /// The entries of a mapping whose keys must all be among `keys`.
    func mapping(_ what: String, keys: [String]) throws -> ConfigMapping {
        guard case .mapping(let mapping) = node else {
            throw error(.wrongType, "\(what) must be a mapping of keys to values, not \(kindDescription)")
        }
        var entries: [(key: String, value: ConfigValue)] = []
        for (keyNode, valueNode) in mapping {
            let key = ConfigValue(node: keyNode, file: file)
            let name = try key.string("a key of \(what)")
            guard keys.contains(name) else {
                let hint = Suggestion.closest(to: name, among: keys).map { "; did you mean \"\($0)\"?" } ?? ""
                throw key.error(
                    .unknownKey,
                    "unknown key \"\(name)\" in \(what)\(hint) (expected one of: \(keys.joined(separator: ", ")))")
            }
            entries.append((name, ConfigValue(node: valueNode, file: file)))
        }
        return ConfigMapping(owner: self, what: what, entries: entries)
    }

    /// `[x, y]` as a point, or `[width, height]` as a size.
    func pair(_ what: String) throws -> (Double, Double) {
        let values = try list(what)
        guard values.count == 2 else {
            throw error(.wrongType, "\(what) must be a list of 2 numbers, not \(values.count)")
        }
        return (try values[0].number(what), try values[1].number(what))
    }

    /// `[width, height]`, both positive.
    func size(_ what: String) throws -> CGSize {
        let (width, height) = try pair(what)
        guard width > 0, height > 0 else {
            throw error(.invalidValue, "\(what) must be positive, not \(width)x\(height)")
        }
        return CGSize(width: width, height: height)
    }

    /// `[x, y, width, height]`, with a size that is not negative.
    func rect(_ what: String) throws -> CGRect {
        let values = try list(what)
        guard values.count == 4 else {
            throw error(.wrongType, "\(what) must be a list of 4 numbers [x, y, width, height], not \(values.count)")
        }
        let numbers = try values.map { try $0.number(what) }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            throw error(.invalidValue, "\(what) must have a width and a height that are not negative")
        }
        return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// The entries of a mapping, looked up by key.
struct ConfigMapping {
    let owner: ConfigValue
    let what: String
    let entries: [(key: String, value: ConfigValue)]

    subscript(key: String) -> ConfigValue? {
        entries.first { $0.key == key }?.value
    }

    func required(_ key: String) throws -> ConfigValue {
        guard let value = self[key] else {
            throw owner.error(.missingKey, "\(what) needs the key \"\(key)\"")
        }
        return value
    }
}

/// The closest of some words to a misspelt one, by edit distance.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
