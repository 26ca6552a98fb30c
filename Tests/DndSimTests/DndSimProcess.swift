import Foundation
import TestSupport
import Testing

/// What one run of the `dnd-sim` executable printed and how it ended.
struct DndSimResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// Whether the command was killed because it ran past its timeout.
    var timedOut = false
}

/// Runs the `dnd-sim` executable that SwiftPM built beside the test bundle, the way a user would.
///
/// - Parameters:
///   - arguments: the command line after `dnd-sim`.
///   - environment: extra variables, on top of this process's environment.
///   - currentDirectory: where the command runs; this process's directory when `nil`.
///   - timeout: seconds after which the command is killed (`SIGKILL`) and the result says it timed out, so that a
///     command that hangs fails its test instead of stopping the run; no limit when `nil`.
/// - Returns: the exit status and everything the command printed.
/// - Throws: when the executable cannot be started.
func dndSim(
    _ arguments: [String],
    environment: [String: String] = [:],
    currentDirectory: URL? = nil,
    timeout: Double? = nil
) throws -> DndSimResult {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("dnd-sim")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    if let currentDirectory {
        process.currentDirectoryURL = currentDirectory
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    // Read both pipes to the end while waiting, so that a chatty command cannot fill a pipe and block.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    nonisolated(unsafe) var outputData = Data()
    DispatchQueue.global().async(group: group) {
        errorData = error.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: group) {
        outputData = output.fileHandleForReading.readDataToEndOfFile()
    }
    var timedOut = false
    if let timeout, ended.wait(timeout: .now() + timeout) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        timedOut = true
    }
    group.wait()
    process.waitUntilExit()
    return DndSimResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self),
        timedOut: timedOut
    )
}
