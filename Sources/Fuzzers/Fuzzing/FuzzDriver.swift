import Foundation
import Synchronization

/// Runs one fuzz target's check in either of two modes, chosen when the target is compiled:
///
/// - With `-DFUZZING` (and `-sanitize=fuzzer`), libFuzzer drives the check with `LLVMFuzzerRunDriver`, taking
///   libFuzzer's own command-line options and corpus directories. A failed check prints its message and aborts,
///   so that libFuzzer saves the input as a crash.
/// - Otherwise the program replays the files named on its command line, and every file in the directories named
///   there, through the check; it exits with status 1 when a check fails. CI's ordinary build compiles the
///   fuzzers this way, so they cannot rot.
///
/// SwiftPM links executables with their own `main`, so libFuzzer's `main` cannot be used; `LLVMFuzzerRunDriver`
/// is libFuzzer's entry point for programs that keep theirs.
package enum FuzzDriver {
    /// Runs a synchronous check.
    ///
    /// - Parameter check: Given one input; throws `FuzzFailure` when a property does not hold.
    /// - Returns: The process's exit status.
    package static func main(_ check: @escaping @Sendable (Data) throws(FuzzFailure) -> Void) -> Int32 {
        run(check)
    }

    /// Runs an asynchronous check, one input at a time, deterministically: the calling thread runs the check's
    /// jobs, and those of every task it starts, one at a time in the order they were enqueued (`SerialJobs`), so
    /// that the same input always takes the same path.
    ///
    /// - Parameter check: Given one input; throws `FuzzFailure` when a property does not hold.
    /// - Returns: The process's exit status.
    package static func main(_ check: @escaping @Sendable (Data) async throws(FuzzFailure) -> Void) -> Int32 {
        let jobs = SerialJobs.shared
        return run { (data) throws(FuzzFailure) in
            let outcome = Mutex<Result<Void, FuzzFailure>?>(nil)
            Task(executorPreference: jobs) {
                do throws(FuzzFailure) {
                    try await check(data)
                    outcome.withLock { $0 = .success(()) }
                } catch {
                    outcome.withLock { $0 = .failure(error) }
                }
            }
            jobs.run { outcome.withLock { $0 != nil } }
            if case .failure(let failure) = outcome.withLock({ $0 }) {
                throw failure
            }
        }
    }

    #if FUZZING
        /// The check libFuzzer's callback runs; set once, before libFuzzer starts.
        nonisolated(unsafe) private static var check: (Data) throws(FuzzFailure) -> Void = { _ in }

        private static func run(_ check: @escaping (Data) throws(FuzzFailure) -> Void) -> Int32 {
            Self.check = check
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            return libFuzzerRunDriver(&argc, &argv) { bytes, count in
                let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
                do {
                    try FuzzDriver.check(data)
                } catch {
                    FileHandle.standardError.write(Data("fuzz check failed: \(error)\n".utf8))
                    abort()
                }
                return 0
            }
        }
    #else
        private static func run(_ check: (Data) throws(FuzzFailure) -> Void) -> Int32 {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                FileHandle.standardError.write(
                    Data("usage: \(CommandLine.arguments[0]) FILE-OR-DIRECTORY...\n  replays inputs\n".utf8))
                return 2
            }
            var count = 0
            for file in paths.flatMap(inputs) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
                    return 1
                }
                do {
                    try check(data)
                } catch {
                    FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
                    return 1
                }
                count += 1
            }
            print("replayed \(count) inputs")
            return 0
        }

        /// The file itself, or every regular file in the directory, sorted.
        private static func inputs(_ path: String) -> [String] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            else {
                return [path]
            }
            return names.sorted().map { "\(path)/\($0)" }
        }
    #endif
}

#if FUZZING
    /// libFuzzer's driver for programs with their own `main`: parses libFuzzer's options from the arguments and
    /// runs the fuzzing loop, calling `callback` with each input.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func libFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif
