import Foundation
import Gestures
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Thousands of drag sessions over random scenes whose loads and actions fail at random: nothing may be lost,
/// duplicated, left staged or leaked. A short run is part of the tests; a long one is
/// `DNDKIT_SOAK_SESSIONS=100000 swift test -c release --filter Soak`.
@Suite("Soak: random sessions with injected failures", .serialized)
struct SoakTests {
    /// Sessions to run: `DNDKIT_SOAK_SESSIONS`, or a few seconds' worth.
    static let sessionTarget = ProcessInfo.processInfo.environment["DNDKIT_SOAK_SESSIONS"].flatMap { Int($0) } ?? 1_500
    /// Rounds of input per scene before the next scene.
    static let roundsPerWorld = 25
    /// How much resident memory may grow between the end of the warm-up (the first tenth of the sessions) and
    /// the end. Other suites run in the same process, so this is loose; a leak per session of a few hundred bytes
    /// still shows in the long run.
    static let residentGrowthTolerance = 32 << 20

    /// The process's resident memory, from `/proc/self/statm`.
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        let pages = try #require(statm.count > 1 ? Int(statm[1]) : nil)
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    @Test("no item lost or duplicated, feedback balanced, no staged file left, scenes freed, memory flat")
    func soak() async throws {
        let start = ContinuousClock.now
        var sessions = 0
        var worlds = 0
        var warmResident: Int?
        var endings: [String: Int] = [:]
        while sessions < Self.sessionTarget {
            weak var freedScene: Scene?
            do {
                let world = SoakWorld(seed: UInt64(worlds))
                freedScene = world.scene
                for _ in 0..<Self.roundsPerWorld {
                    try await world.playRound()
                    // Let other tests' tasks run: a long soak must not starve the cooperative pool.
                    await Task.yield()
                }
                await world.scene.finishDrops()
                let violations = world.violations()
                #expect(violations.isEmpty, "seed \(worlds): \(violations)")
                // A scene where nothing lifts would make the loop endless and prove nothing.
                try #require(world.sessionCount > 0, "seed \(worlds): no session lifted")
                sessions += world.sessionCount
                endings.merge(world.endings, uniquingKeysWith: +)
            }
            #expect(freedScene == nil, "seed \(worlds): the scene outlives its world")
            let staged = SoakFault.stagedFiles.withLock { files in
                defer { files.removeAll() }
                return files
            }
            for file in staged {
                #expect(!FileManager.default.fileExists(atPath: file.path), "seed \(worlds): \(file.path) is left")
            }
            worlds += 1
            if warmResident == nil && sessions >= Self.sessionTarget / 10 {
                warmResident = try Self.residentBytes()
            }
        }
        let endResident = try Self.residentBytes()
        let warm = try #require(warmResident)
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(
            "soak: \(sessions) sessions over \(worlds) scenes in \(String(format: "%.1f", seconds)) s"
                + " (\(Int(Double(sessions) / seconds))/s); resident memory \(warm >> 10) KiB after warm-up,"
                + " \(endResident >> 10) KiB at the end; endings \(endings.sorted { $0.key < $1.key })")
        #expect(endResident - warm <= Self.residentGrowthTolerance)
    }

    @Test("scenes on concurrent tasks: drops, staged files and shared state from many tasks at once")
    func concurrentScenes() async throws {
        // Each task drives its own scene (a scene is not Sendable); what they share is DnDKit's process-wide state:
        // the staging folder, the type registry, item providers' productions. Run under Thread Sanitizer by
        // .ci/sanitizers.
        let results = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for seed in 0..<8 {
                group.addTask {
                    let world = SoakWorld(seed: 1_000 + UInt64(seed))
                    for _ in 0..<Self.roundsPerWorld {
                        try await world.playRound()
                        await Task.yield()
                    }
                    await world.scene.finishDrops()
                    return (world.sessionCount, world.violations())
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (sessions, violations) in results {
            #expect(sessions > 0)
            #expect(violations.isEmpty, "\(violations)")
        }
        let staged = SoakFault.stagedFiles.withLock { files in
            defer { files.removeAll() }
            return files
        }
        for file in staged { #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.path) is left") }
    }
}
