import Foundation

/// A process that lives while a test needs a living process id (`sleep`); the caller kills it (by its id) when done.
/// - Parameter seconds: How long it lives at most.
/// - Returns: The running process.
/// - Throws: When it cannot be started.
public func livingProcess(seconds: Int = 60) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["\(seconds)"]
    try process.run()
    return process
}

/// The id of a process that has ended: a `true` that ran and was waited for (its `/proc` entry is gone).
/// - Returns: The id.
/// - Throws: When it cannot be started.
public func endedProcessID() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}

/// Runs a program to its end.
/// - Parameters:
///   - path: The program.
///   - arguments: Its arguments.
/// - Returns: Its exit status.
/// - Throws: When it cannot be started.
@discardableResult
public func runToEnd(_ path: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
