import Foundation
import Synchronization

/// A property list read with `PropertyListDecoder`, as the plain Swift values `DeclarationFile` inspects: `String`,
/// `Int`, `Bool`, `Double`, `Data`, `Date`, `[Any]` and `[String: Any]`.
///
/// `PropertyListSerialization` is not used: on Linux it bridges CoreFoundation objects to Swift, which crashes on a
/// binary property list that holds a set (a fuzzed declaration file found this) and leaks memory on every file
/// (swiftlang/swift-corelibs-foundation#3366). The decoder reads XML, binary and OpenStep property lists in Swift
/// and reports anything it cannot represent as a `DecodingError`. Objects of a binary property list refer to each
/// other by number, so they can refer to their own ancestors or share children many times over: reading stops at
/// ``maximumDepth`` levels and ``maximumValueCount`` values.
struct PropertyListValue: Decodable {
    /// The deepest nesting read; declaration files nest five levels.
    static let maximumDepth = 32
    /// The most values read from one property list.
    static let maximumValueCount = 10_000

    let value: Any

    /// Reads a property list.
    ///
    /// - Parameter data: a binary property list, or an XML or OpenStep one in UTF-8.
    /// - Returns: its root value.
    /// - Throws: `DecodingError` when the data is not a property list, holds a value of another type (a set, a
    ///   reference), or exceeds the limits.
    static func read(_ data: Data) throws -> Any {
        // The decoder's XML reader stops the process on malformed UTF-8 inside an element (an <integer> with bytes
        // 0xFF, found by fuzz-declarations), so text property lists are checked first.
        guard data.starts(with: "bplist".utf8) || String(validating: data, as: UTF8.self) != nil else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "a text property list that is not valid UTF-8"))
        }
        return try $budget.withValue(Budget()) {
            try PropertyListDecoder().decode(PropertyListValue.self, from: data).value
        }
    }

    init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count <= Self.maximumDepth else {
            throw Self.tooLarge(
                decoder, "nested deeper than \(Self.maximumDepth) levels (objects that contain themselves?)")
        }
        guard Self.budget?.spend() ?? true else {
            throw Self.tooLarge(decoder, "more than \(Self.maximumValueCount) values (objects shared many times over?)")
        }
        if let dictionary = try? decoder.container(keyedBy: Key.self) {
            var values: [String: Any] = [:]
            for key in dictionary.allKeys {
                values[key.stringValue] = try dictionary.decode(PropertyListValue.self, forKey: key).value
            }
            value = values
        } else if var array = try? decoder.unkeyedContainer() {
            var values: [Any] = []
            while !array.isAtEnd {
                values.append(try array.decode(PropertyListValue.self).value)
            }
            value = values
        } else {
            value = try Self.scalar(decoder.singleValueContainer())
        }
    }

    private static func tooLarge(_ decoder: any Decoder, _ description: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: description))
    }

    private static func scalar(_ container: any SingleValueDecodingContainer) throws -> Any {
        if let string = try? container.decode(String.self) {
            return string
        } else if let integer = try? container.decode(Int.self) {
            return integer
        } else if let bool = try? container.decode(Bool.self) {
            return bool
        } else if let real = try? container.decode(Double.self) {
            return real
        } else if let data = try? container.decode(Data.self) {
            return data
        } else if let date = try? container.decode(Date.self) {
            return date
        }
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "a value that is not a string, number, date, data, array or dictionary")
    }

    /// The values one `read(_:)` may still decode.
    private final class Budget: Sendable {
        private let remaining = Atomic(PropertyListValue.maximumValueCount)

        /// Takes one value from the budget; false when there is none left.
        func spend() -> Bool {
            remaining.subtract(1, ordering: .relaxed).newValue >= 0
        }
    }

    @TaskLocal private static var budget: Budget?

    private struct Key: CodingKey {
        let stringValue: String
        let intValue: Int? = nil

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }
}
