import ContentTypes
import DesktopTransfer
import Foundation
import TestSupport
import Testing
import Transfer

/// One list of kept files per process: the tests run one at a time.
@Suite(.serialized) struct HandedOutFilesTests {
    @Test func stagedCopiesOutliveTheirProvider() async throws {
        let bytes = Data((0..<4096).map { UInt8($0 % 251) })
        var provider: ItemProvider? = ItemProvider()
        provider?.registerDataRepresentation(for: .png) { finish in
            finish(bytes, nil)
            return nil
        }
        let type = try #require(provider.flatMap(HandedOutFiles.typeToStage(for:)))
        #expect(type == .png)
        let staged = try await HandedOutFiles.stagedFile(of: try #require(provider), as: type)
        #expect(!staged.isOriginalFile)
        HandedOutFiles.keep(staged)
        let file = staged.file
        provider = nil
        _ = consume staged
        #expect(try Data(contentsOf: file) == bytes, "kept after the provider and the value are gone")
    }

    @Test func onlyTheMostRecentCopiesAreKept() async throws {
        var first: URL?
        for index in 0...HandedOutFiles.keptCount {
            // A fresh provider each time: a provider produces its representation once.
            let item = ItemProvider()
            item.registerDataRepresentation(for: .png) { finish in
                finish(Data([UInt8(index % 256)]), nil)
                return nil
            }
            let staged = try await HandedOutFiles.stagedFile(of: item, as: .png)
            HandedOutFiles.keep(staged)
            if index == 0 { first = staged.file }
        }
        let oldest = try #require(first)
        #expect(!FileManager.default.fileExists(atPath: oldest.path), "the oldest of \(HandedOutFiles.keptCount + 1)")
    }

    @Test func textAndFilesAreNotStaged() {
        let text = ItemProvider("hello")
        #expect(HandedOutFiles.typeToStage(for: text) == nil)
        // A file goes out as itself (its own URL), not as a staged copy.
        let file = ItemProvider(contentsOf: URL(fileURLWithPath: "/tmp/picture.png"), contentType: .png)
        #expect(file.registeredContentTypes.contains(.fileURL))
        #expect(HandedOutFiles.typeToStage(for: file) == nil)
    }
}

@Suite struct AbandonedStagingFolderTests {
    @Test("a staging folder whose process has ended is removed; a living process's, links and other names are kept")
    func abandonedFoldersGo() throws {
        let base = try temporaryFolder("staging-sweep")
        defer { try? FileManager.default.removeItem(at: base) }
        let living = try livingProcess()
        defer {
            kill(living.processIdentifier, SIGKILL)
            living.waitUntilExit()
        }
        let dead = try endedProcessID()
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(dead)"))
        let abandoned = base.appendingPathComponent("dndkit-staging-\(dead)-Ab12Cd")
        let alive = base.appendingPathComponent("dndkit-staging-\(living.processIdentifier)-Ef34Gh")
        let other = base.appendingPathComponent("dndkit-staging-notapid-Ij56Kl")
        for folder in [abandoned, alive, other] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("x1Y2z3"), withIntermediateDirectories: true)
            try Data("staged".utf8).write(to: folder.appendingPathComponent("x1Y2z3/item.png"))
        }
        // A link named like an abandoned folder is not followed, nor removed: only real folders are.
        let target = base.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let link = base.appendingPathComponent("dndkit-staging-\(dead)-Mn78Op")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        let removed = HandedOutFiles.removeAbandonedStagingFolders(in: base)

        #expect(removed.map(\.lastPathComponent) == [abandoned.lastPathComponent])
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: alive.appendingPathComponent("x1Y2z3/item.png").path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        #expect(FileManager.default.fileExists(atPath: target.path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil)
    }
}
