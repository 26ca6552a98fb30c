/// Something a window could not do, kept as a value for its program to report (``SceneWindow/takeProblems()``): which
/// job failed and the error that said why.
package struct WindowProblem: Sendable, CustomStringConvertible {
    /// A window's job.
    package enum Job: String, Sendable {
        /// Sending the pointer's or a key's event to the scene.
        case input = "taking input"
        /// Advancing the scene's clock to the wall clock.
        case clock = "advancing the clock"
        /// Drawing a frame.
        case drawing
        /// Offering a drag that left the window to other programs (owning `XdndSelection`).
        case dragging = "offering the drag to other programs"
        /// Copying to the clipboard (Ctrl+C, Ctrl+X).
        case copying
        /// Pasting from the clipboard or the primary selection (Ctrl+V, the middle button).
        case pasting
    }

    /// The job that failed.
    package var job: Job
    /// Why.
    package var error: any Error

    /// `pasting failed: no program owns the CLIPBOARD selection`.
    package var description: String { "\(job.rawValue) failed: \(error)" }
}

/// The problems of a window's jobs since its program last took them, at most ``limit`` (the oldest go first): its
/// parts record them, the window hands them out.
final class WindowProblems {
    /// The most kept: a window that fails at every frame keeps its memory bounded.
    static let limit = 100
    private(set) var entries: [WindowProblem] = []

    /// Keeps a problem.
    func record(_ job: WindowProblem.Job, _ error: any Error) {
        if entries.count >= Self.limit { entries.removeFirst() }
        entries.append(WindowProblem(job: job, error: error))
    }

    /// The problems kept, emptied.
    func take() -> [WindowProblem] {
        defer { entries = [] }
        return entries
    }
}
