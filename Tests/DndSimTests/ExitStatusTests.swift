import Testing

@Suite("dnd-sim exit statuses")
struct ExitStatusTests {
    @Test func helpSucceedsAndGoesToStandardOutput() throws {
        let result = try dndSim(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: dnd-sim"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try dndSim(["--no-such-option"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("--no-such-option"))
    }
}
