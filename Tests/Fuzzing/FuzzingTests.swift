import Foundation
import Fuzzing
import Testing

/// Replays the seed corpora and the regression inputs of every fuzzer through its check, without libFuzzer: a
/// check that fails here would crash the fuzzer, and a regression input that fails is a bug come back.
@Suite("Fuzzer inputs replayed through their checks")
struct FuzzingTests {
    /// The inputs of a fuzzer in `folder` (`Corpus` or `Regressions`), sorted; none when the folder is absent.
    static func inputs(_ folder: String, _ fuzzer: String) -> [URL] {
        guard let base = Bundle.module.resourceURL?.appendingPathComponent("\(folder)/\(fuzzer)"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: base.path)
        else {
            return []
        }
        return names.sorted().map { base.appendingPathComponent($0) }
    }

    static func replay(_ fuzzer: String, _ check: (Data) throws(FuzzFailure) -> Void) throws {
        let corpus = inputs("Corpus", fuzzer)
        #expect(!corpus.isEmpty, "no seed inputs for \(fuzzer)")
        for url in corpus + inputs("Regressions", fuzzer) {
            let data = try Data(contentsOf: url)
            #expect(throws: Never.self, "\(fuzzer): \(url.lastPathComponent)") { try check(data) }
        }
    }

    @Test("fuzz-png: decoding, limits and the round trip")
    func png() throws {
        try Self.replay("fuzz-png", PNGRoundTrip.check)
    }

    @Test("fuzz-declarations: registries and their conformance")
    func declarations() throws {
        try Self.replay("fuzz-declarations", DeclarationClosure.check)
    }

    @Test("fuzz-sniffing: identification")
    func sniffing() throws {
        try Self.replay("fuzz-sniffing", SniffingConsistency.check)
    }

    @Test("fuzz-scenes: scene files and scripts read, built and played")
    func scenes() async throws {
        let corpus = Self.inputs("Corpus", "fuzz-scenes")
        var played = 0
        for url in corpus + Self.inputs("Regressions", "fuzz-scenes") {
            let data = try Data(contentsOf: url)
            await #expect(throws: Never.self, "\(url.lastPathComponent)") {
                played += try await SceneFiles.scenesPlayed(data)
            }
        }
        // Each sample scene is played (the JSON one also reads as YAML), so the fuzzer starts from scenes that run.
        #expect(played >= 6, "only \(played) seed scenes were played")
    }

    @Test("fuzz-mimecache: a database's cache read by MIMECache and by a registry")
    func mimeCache() throws {
        let corpus = Self.inputs("Corpus", "fuzz-mimecache")
        #expect(!corpus.isEmpty, "no seed inputs for fuzz-mimecache")
        var used: [String] = []
        for url in corpus + Self.inputs("Regressions", "fuzz-mimecache") {
            let data = try Data(contentsOf: url)
            #expect(throws: Never.self, "\(url.lastPathComponent)") {
                if try MIMECacheReading.cacheUsed(data), corpus.contains(url) {
                    used.append(url.lastPathComponent)
                }
            }
        }
        // update-mime-database's cache is read, so the fuzzer starts from a cache that is used, and so are the one
        // with a `*.txt` in its glob list, the one without its last byte (the end of the MIME type list, which the
        // reader does not read) and the one whose application/x-dndkit-sub is its own parent (the registry refuses
        // it); the truncations are not.
        #expect(
            used == ["custom", "custom-glob-list-extension", "custom-last-byte-cut", "custom-parent-cycle"])
    }

    @Test("fuzz-events: drag sessions driven by event streams")
    func events() async throws {
        let corpus = Self.inputs("Corpus", "fuzz-events")
        var endings: [String: Int] = [:]
        var moved = 0
        var copied = 0
        for url in corpus + Self.inputs("Regressions", "fuzz-events") {
            let data = try Data(contentsOf: url)
            await #expect(throws: Never.self, "\(url.lastPathComponent)") {
                let outcome = try await EventStream.run(data)
                endings.merge(outcome.endings, uniquingKeysWith: +)
                moved += outcome.moved
                copied += outcome.copied
            }
        }
        // The hand-written seeds reach every ending, so the fuzzer starts deep in drag and drop.
        #expect(Set(endings.keys) == ["ended(move)", "ended(copy)", "ended(cancel)"], "\(endings)")
        #expect(moved >= 3 && copied >= 2, "moved \(moved), copied \(copied)")
    }
}
