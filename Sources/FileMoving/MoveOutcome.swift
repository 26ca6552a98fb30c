/// What happened to one file of a move.
package struct MoveOutcome: Hashable, Sendable, Codable {
    /// What became of the file.
    package struct Status: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The status's name: `moved`, `copied`, `refused` or `duplicate`.
        package let rawValue: String

        /// Creates a status from its name.
        /// - Parameter rawValue: The name.
        package init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name.
        package var description: String { rawValue }

        /// The file is in the destination and no longer at its source.
        package static let moved = Status(rawValue: "moved")
        /// The file is in the destination and still at its source.
        package static let copied = Status(rawValue: "copied")
        /// The file stayed where it was (and nothing was left in the destination); ``MoveOutcome/reason`` says why.
        package static let refused = Status(rawValue: "refused")
        /// The same file as one named earlier in the list (the same name in the same folder, however it was
        /// spelt): it was handled once, as that one, and ``MoveOutcome/reason`` names it.
        package static let duplicate = Status(rawValue: "duplicate")
    }

    /// The file, as it was given.
    package var file: String
    /// What became of it.
    package var status: Status
    /// Where it is now in the destination folder; nil when refused.
    package var destination: String?
    /// The type its content was identified as; nil when it could not be read.
    package var contentType: String?
    /// Its size in bytes; nil when it could not be read.
    package var byteCount: Int?
    /// Why it was refused, or what went wrong after it was copied; nil otherwise.
    package var reason: String?

    /// Creates an outcome.
    /// - Parameters:
    ///   - file: The file, as it was given.
    ///   - status: What became of it.
    ///   - destination: Where it is now in the destination folder.
    ///   - contentType: The type its content was identified as.
    ///   - byteCount: Its size in bytes.
    ///   - reason: Why it was refused.
    package init(
        file: String, status: Status, destination: String? = nil, contentType: String? = nil, byteCount: Int? = nil,
        reason: String? = nil
    ) {
        self.file = file
        self.status = status
        self.destination = destination
        self.contentType = contentType
        self.byteCount = byteCount
        self.reason = reason
    }

    /// Whether the file reached the destination with nothing left to report (a duplicate reports nothing of its
    /// own: the outcome of its first naming says what became of the file).
    package var succeeded: Bool { status == .duplicate || (status != .refused && reason == nil) }
}

/// The outcome of a whole move: one ``MoveOutcome`` per file, in the order the files were given.
package struct MoveReport: Hashable, Sendable, Codable {
    /// One outcome per file, in order.
    package var outcomes: [MoveOutcome]

    /// Creates a report.
    /// - Parameter outcomes: One outcome per file, in order.
    package init(outcomes: [MoveOutcome]) {
        self.outcomes = outcomes
    }

    /// How many files have a status.
    /// - Parameter status: The status.
    /// - Returns: The number of files.
    package func count(_ status: MoveOutcome.Status) -> Int {
        outcomes.count { $0.status == status }
    }

    /// The bytes that reached the destination.
    package var transferredByteCount: Int {
        outcomes.reduce(0) { $0 + ($1.status == .refused ? 0 : $1.byteCount ?? 0) }
    }

    /// Whether every file reached the destination with nothing left to report.
    package var succeeded: Bool { outcomes.allSatisfy(\.succeeded) }
}
