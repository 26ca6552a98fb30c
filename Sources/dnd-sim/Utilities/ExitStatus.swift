import DnDKit

/// The exit statuses every dnd-sim command uses.
enum ExitStatus {
    /// Everything asked for was done.
    static let success: Int32 = 0
    /// An input was bad: a file is missing, unreadable or malformed. Standard error says which and why.
    static let badInput: Int32 = 1
    /// The command line itself was wrong: an unknown option, a missing argument, a bad value.
    static let usage: Int32 = 2
    /// A question command (`types conforms`) could not answer, as `grep` and `test` use 2: a type is unknown.
    /// Its "no" is 1, since the question was answered.
    static let noAnswer: Int32 = 2
}

/// A problem with an input the user named: reported on standard error, exit status 1.
///
/// Library errors (a PNG that fails to decode, a declaration file with a cycle) already say what went wrong;
/// wrap them with the file they came from so the message names it.
struct InputError: Error, CustomStringConvertible {
    /// The file (or other input) at fault, as the user wrote it.
    var input: String
    /// What is wrong with it.
    var problem: String
    /// Where, as the library error said (file, line, column), for records that keep them apart; nil when only
    /// ``input`` is known.
    var location: ErrorLocation?

    init(_ input: String, _ problem: String) {
        self.input = input
        self.problem = problem
    }

    init(_ input: String, _ error: any Error) {
        self.init(input, String(describing: error))
    }

    /// A library error, placed where it says it happened (`FILE:LINE:COLUMN`, `FILE: ENTRY: KEY`); `fallback`
    /// names the input when the error knows no file.
    init(_ error: some CodedError, fallback: String) {
        var location = error.location
        if location.file == nil { location.file = fallback }
        self.init(location.description, error.message)
        self.location = location
    }

    var description: String { "\(input): \(problem)" }
}
