/// The code of a DnDKit error: a name to compare, of one error type (`ImageError.Code` is `ErrorCode<ImageError>`,
/// so codes of different errors never compare equal). Each error type declares its codes as static members:
///
/// ```swift
/// if error.code == .truncated { … }    // error: ImageError
/// ```
///
/// New codes may be added to any error type; compare codes, and show ``rawValue`` (or the error's message) to people.
///
/// A code can stand for a number of the C library's (`errno`) that has no name of its own, as swift-system's `Errno`
/// does: it keeps the number in ``errorNumber``, its name is the C library's words and the number
/// (`Input/output error (errno 5)`), and it equals another code exactly when their numbers are equal.
public struct ErrorCode<Failure>: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's name, in words: `truncated`, `no such file`.
    public let rawValue: String
    /// The C library's error number that the code stands for, or `nil` for a named code.
    public let errorNumber: Int32?

    /// Creates a code from its name.
    /// - Parameter rawValue: The name.
    public init(rawValue: String) {
        self.rawValue = rawValue
        errorNumber = nil
    }

    /// Creates a code that stands for a C library error number, named by the library's words and the number:
    /// `Input/output error (errno 5)`.
    /// - Parameters:
    ///   - errorNumber: The number (`errno`).
    ///   - words: The C library's description of it (`strerror`).
    public init(errorNumber: Int32, words: String) {
        rawValue = "\(words) (errno \(errorNumber))"
        self.errorNumber = errorNumber
    }

    /// The name.
    public var description: String { rawValue }

    /// Whether two codes are the same: the same number for codes that stand for one, else the same name.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if let number = lhs.errorNumber ?? rhs.errorNumber {
            return lhs.errorNumber == number && rhs.errorNumber == number
        }
        return lhs.rawValue == rhs.rawValue
    }

    /// Hashes the number of a code that stands for one, else the name.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        if let errorNumber { hasher.combine(errorNumber) } else { hasher.combine(rawValue) }
    }
}

/// Where a failure happened, as far as the code that failed knows: a file, a line and column in it, a byte offset,
/// and the named parts inside it (a PNG chunk, a declaration and its key), outermost first.
public struct ErrorLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    public var file: String?
    /// The line, counted from 1.
    public var line: Int?
    /// The column, counted from 1.
    public var column: Int?
    /// The offset in bytes from the start of the file or buffer.
    public var byteOffset: Int?
    /// The named parts inside the file, outermost first: `["chunk iCCP"]`, `["org.example.doc", "UTTypeTagSpecification"]`.
    public var parts: [String]

    /// Creates a location.
    /// - Parameters:
    ///   - file: The file's path.
    ///   - line: The line.
    ///   - column: The column.
    ///   - byteOffset: The byte offset.
    ///   - parts: The named parts inside the file.
    public init(
        file: String? = nil, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil, parts: [String] = []
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.parts = parts
    }

    /// Whether nothing is known.
    public var isEmpty: Bool {
        file == nil && line == nil && column == nil && byteOffset == nil && parts.isEmpty
    }

    /// `scene.yaml:12:5`, `photo.png: byte 33: chunk iCCP`, or empty: the places joined by `: `, a line and column
    /// joined to the file by `:`.
    public var description: String {
        var place = file ?? (line == nil ? nil : "<input>")
        if let line { place = (place ?? "") + ":\(line)" }
        if let column, place != nil { place = (place ?? "") + ":\(column)" }
        var fields = place.map { [$0] } ?? []
        if let byteOffset { fields.append("byte \(byteOffset)") }
        return (fields + parts).joined(separator: ": ")
    }
}

/// The shape of every DnDKit error: a ``code`` to compare, a ``message`` complete on its own, and where it
/// happened (``location``). Programs that report errors to people (`dnd-sim`) place any of them the same way.
public protocol CodedError: Error, CustomStringConvertible {
    /// The kind of failure.
    var code: ErrorCode<Self> { get }
    /// What went wrong, complete on its own.
    var message: String { get }
    /// Where it went wrong; empty when the error is about no file or place.
    var location: ErrorLocation { get }
}

extension CodedError {
    /// Nowhere in particular.
    public var location: ErrorLocation { ErrorLocation() }

    /// The location, when known, then the message: `scene.yaml:12:5: unknown key "colour"`.
    public var placedMessage: String {
        let place = location.description
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

extension CodedError {
    /// ``placedMessage``.
    public var description: String { placedMessage }
}
