import Foundation
import TestSupport
import Testing

/// What one run of `transfer-demo` printed and how it ended.
struct DemoRun {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs the `transfer-demo` executable that SwiftPM built beside the test bundle, with its own temporary folder.
func runDemo(_ arguments: [String], temporaryDirectory: URL) throws -> DemoRun {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("transfer-demo")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaryDirectory.path]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    let complaints = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return DemoRun(
        status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
        errors: String(decoding: complaints, as: UTF8.self))
}

@Suite("transfer-demo")
struct TransferDemoTests {
    @Test("the demo runs D5 and D6, and leaves nothing behind in its temporary folder when it exits")
    func runsAndCleansUp() throws {
        let temporary = try temporaryFolder("demo")
        defer { try? FileManager.default.removeItem(at: temporary) }

        let run = try runDemo([infoPlist.path], temporaryDirectory: temporary)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("  offers: public.png"))
        #expect(lines.contains("  a Data receiver's plan: public.png as public.data"))
        #expect(lines.contains { $0.hasPrefix("  received ") && $0.hasSuffix("same pixels: yes") })
        #expect(lines.contains("  org.alanhou.pictures: Pictures, declared: yes, conforms to public.data: yes"))
        #expect(lines.contains("  from this process: hand-over"))
        #expect(lines.contains("  from another app: org.alanhou.pictures as org.alanhou.pictures"))
        #expect(lines.contains("  drop 3: accepted: yes; thumbnails left: 0"))
        #expect(lines.contains("  the large view shows the last picture: yes"))

        // The demo staged a file in a private folder under its TMPDIR and kept it until it exited.
        let staged = try #require(lines.first { $0.hasPrefix("  staged file: ") }).dropFirst("  staged file: ".count)
        #expect(staged.hasPrefix(temporary.path + "/dndkit-staging-"))
        #expect(!FileManager.default.fileExists(atPath: String(staged)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test("a missing declaration file is reported on standard error with status 1")
    func missingDeclarations() throws {
        let run = try runDemo(["/nonexistent/Info.plist"], temporaryDirectory: FileManager.default.temporaryDirectory)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("transfer-demo: "))
        #expect(run.errors.contains("/nonexistent/Info.plist"))
        #expect(run.output.isEmpty)
    }
}
