/// The code of a DnDKit error: a name to compare, of one error type (`ImageError.Code` is `ErrorCode<ImageError>`,
/// so codes of different errors never compare equal). Each error type declares its codes as static members:
///
/// ```swift
/// if error.code == .truncated { … }    // error: ImageError
/// ```
///
/// New codes may be added to any error type; compare codes, and show ``rawValue`` (or the error's message) to people.
public struct ErrorCode<Failure>: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code's name, in words: `truncated`, `no such file`.
    public let rawValue: String

    /// Creates a code from its name.
    /// - Parameter rawValue: The name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name.
    public var description: String { rawValue }
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
