import CXCB
import ContentTypes
import Foundation
import PNGCodec
import TestSupport
import Testing
import Transfer

@testable import DesktopX11

/// Whether an X server is there to test against: `.ci/run` starts Xvfb and sets `DISPLAY`; without one these tests
/// are skipped, with that reason.
let hasDisplay = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty

/// Runs xclip, the real clipboard peer, and returns its standard output.
@discardableResult
func xclip(_ arguments: [String], input: Data? = nil) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    let inputPipe = Pipe()
    if input != nil { process.standardInput = inputPipe }
    try process.run()
    if let input {
        try inputPipe.fileHandleForWriting.write(contentsOf: input)
        try inputPipe.fileHandleForWriting.close()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
}

/// xclip owning the clipboard (or another selection) with `data` as `type`, in the foreground (`-quiet`), until it is
/// stopped.
final class XclipOwner: @unchecked Sendable {
    let process = Process()

    init(_ data: Data, type: String, selection: X11Clipboard.Selection = .clipboard) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xclip-\(UUID()).bin")
        try data.write(to: file)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        process.arguments = ["-selection", selection.rawValue.lowercased(), "-quiet", "-i", "-t", type, file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Asked at once, xclip sometimes refuses TARGETS for good and then quits (seen 1 in 6 with -t STRING under
        // Xvfb; none in 12 after 0.2 s): it is given a moment to take the selection first.
        usleep(200_000)
        // Until xclip owns the selection: its TARGETS answer lists the type.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? X11Clipboard.availableTypes(selection))?.contains(type) == true { break }
            usleep(20_000)
        }
        try? FileManager.default.removeItem(at: file)
    }

    deinit {
        // xclip, waiting for X events, does not end on SIGTERM; it holds nothing to clean up.
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(10_000) }
    }
}

/// Random bytes, the same for a seed.
func noise(_ count: Int, seed: UInt64) -> Data {
    var state = seed &* 0x9E37_79B9_7F4A_7C15
    var bytes = [UInt8](repeating: 0, count: count)
    for index in bytes.indices {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        bytes[index] = UInt8(truncatingIfNeeded: state)
    }
    return Data(bytes)
}

@Suite("X11 clipboard against xclip", .serialized, .enabled(if: hasDisplay, "needs an X server: DISPLAY is not set"))
struct ClipboardTests {
    @Test("DnDKit copies text: xclip pastes it as UTF8_STRING and as text/plain, and lists the targets")
    func copyTextToXclip() async throws {
        let provider = ItemProvider("Grüße, clipboard")
        let owner = try X11ClipboardOwner(offers: X11ClipboardOwner.Offer.offers(for: provider))
        owner.start()
        defer { owner.stop() }
        let pasted = try await offThePool {
            try ["TARGETS", "UTF8_STRING", "text/plain"].map { try xclip(["-selection", "clipboard", "-o", "-t", $0]) }
        }
        let targets = String(decoding: pasted[0], as: UTF8.self).split(separator: "\n")
        #expect(targets.contains("UTF8_STRING"))
        #expect(targets.contains("text/plain;charset=utf-8"))
        #expect(pasted[1] == Data("Grüße, clipboard".utf8))
        #expect(pasted[2] == Data("Grüße, clipboard".utf8))
    }

    @Test("STRING is Latin-1 (ICCCM): \"héllo\" is one byte a character; UTF8_STRING stays UTF-8")
    func latin1String() async throws {
        let owner = try X11ClipboardOwner(offers: X11ClipboardOwner.Offer.offers(for: ItemProvider("héllo")))
        owner.start()
        defer { owner.stop() }
        let pasted = try await offThePool {
            try ["TARGETS", "STRING", "UTF8_STRING"].map { try xclip(["-selection", "clipboard", "-o", "-t", $0]) }
        }
        #expect(String(decoding: pasted[0], as: UTF8.self).split(separator: "\n").contains("STRING"))
        #expect(pasted[1] == Data([0x68, 0xE9, 0x6C, 0x6C, 0x6F]), "STRING is not Latin-1: \(Array(pasted[1]))")
        #expect(pasted[2] == Data("héllo".utf8))
    }

    @Test("text outside Latin-1 (Greek) is not offered as STRING, and a request for STRING is refused")
    func noStringOutsideLatin1() async throws {
        let greek = "Καλημέρα κόσμε"
        let owner = try X11ClipboardOwner(offers: X11ClipboardOwner.Offer.offers(for: ItemProvider(greek)))
        owner.start()
        defer { owner.stop() }
        let pasted = try await offThePool {
            try ["TARGETS", "STRING", "UTF8_STRING"].map { try xclip(["-selection", "clipboard", "-o", "-t", $0]) }
        }
        let targets = String(decoding: pasted[0], as: UTF8.self).split(separator: "\n")
        #expect(targets.contains("UTF8_STRING"))
        #expect(!targets.contains("STRING"), "\(targets)")
        #expect(pasted[1].isEmpty, "STRING served as \(Array(pasted[1]))")
        #expect(pasted[2] == Data(greek.utf8))
        let refused = try await offThePool { () -> X11Error? in
            do throws(X11Error) {
                _ = try X11Clipboard.paste(as: "STRING")
                return nil
            } catch { return error }
        }
        #expect(refused?.code == .refused)
    }

    @Test("DnDKit copies a PNG: xclip pastes image/png with the same bytes")
    func copyImageToXclip() async throws {
        let bitmap = try Bitmap(width: 3, height: 2, format: .rgba8, bytes: (0..<24).map { UInt8($0 * 10) })
        let png = try bitmap.pngData()
        let owner = try X11ClipboardOwner(offers: [.init(type: "image/png") { png }])
        owner.start()
        defer { owner.stop() }
        let pasted = try await offThePool { try xclip(["-selection", "clipboard", "-o", "-t", "image/png"]) }
        #expect(pasted == png)
        #expect(try PNGDecoder().decode(pasted) == bitmap)
    }

    @Test("xclip copies \"héllo\" as STRING only, which is Latin-1: DnDKit pastes it as plain text in UTF-8")
    func pasteLatin1FromXclip() async throws {
        let latin1 = try await offThePool { () throws -> Data in
            let owner = try XclipOwner(Data([0x68, 0xE9, 0x6C, 0x6C, 0x6F]), type: "STRING")
            defer { _ = owner }
            return try X11Clipboard.paste(.plainText).data
        }
        #expect(latin1 == Data("héllo".utf8), "STRING (Latin-1) was not made UTF-8: \(Array(latin1))")
    }

    @Test("xclip copies text and a PNG: DnDKit lists its types and pastes each as a content type")
    func pasteFromXclip() async throws {
        let text = try await offThePool { () throws -> (types: [String], data: Data, type: UTType) in
            let owner = try XclipOwner(Data("from xclip".utf8), type: "UTF8_STRING")
            defer { _ = owner }
            let (data, type) = try X11Clipboard.paste(.plainText)
            return (try X11Clipboard.availableTypes(), data, type)
        }
        #expect(text.types.contains("UTF8_STRING"))
        #expect(text.data == Data("from xclip".utf8))
        #expect(text.type.conforms(to: .plainText))
        let png = try Bitmap(width: 1, height: 1, format: .rgba8, bytes: [1, 2, 3, 4]).pngData()
        let image = try await offThePool { () throws -> (data: Data, type: UTType, pdf: X11Error?) in
            let owner = try XclipOwner(png, type: "image/png")
            defer { _ = owner }
            let (data, type) = try X11Clipboard.paste(.image)
            var refusal: X11Error?
            do { _ = try X11Clipboard.paste(.pdf) } catch { refusal = error as? X11Error }
            return (data, type, refusal)
        }
        #expect(image.data == png)
        #expect(image.type == .png)
        #expect(image.pdf?.code == .refused)
    }

    @Test("4 MiB both ways, in increments (INCR): the bytes arrive whole (64 MiB: ClipboardCommandTests)")
    func largePayloadsGoInIncrements() async throws {
        let big = noise(4 << 20, seed: 13)
        let owner = try X11ClipboardOwner(offers: [.init(type: "application/octet-stream") { big }])
        owner.start()
        let pasted = try await offThePool {
            try xclip(["-selection", "clipboard", "-o", "-t", "application/octet-stream"])
        }
        owner.stop()
        #expect(pasted.count == big.count)
        #expect(pasted == big)

        let other = noise(4 << 20, seed: 14)
        let received = try await offThePool {
            let xclipOwner = try XclipOwner(other, type: "application/octet-stream")
            defer { _ = xclipOwner }
            return try X11Clipboard.paste(as: "application/octet-stream", timeout: 30)
        }
        #expect(received.count == other.count)
        #expect(received == other)
    }

    @Test("an owner that goes away in the middle of an increment: the paste ends at once and says so")
    func ownerGoneMidTransfer() async throws {
        let source = try RawXdndSource()
        let (pasted, served) = try await offThePool { () throws -> (PasteOutcome, Bool) in
            source.own("DNDKIT_GONE_TEST")
            let paste = PasteOutcome.start(type: "text/plain;charset=utf-8", from: "DNDKIT_GONE_TEST", timeout: 30)
            let served = source.stallTransfer()
            source.close()
            return (paste.wait(), served)
        }
        #expect(served, "the paste never asked the owner")
        #expect(pasted.error?.code == .ownerGone, "\(String(describing: pasted.error))")
        #expect(pasted.error?.message.contains("(window \(hex(source.window))) went away") == true)
        #expect(pasted.seconds < 10, "the paste waited \(pasted.seconds) s for an owner that was gone")
    }

    @Test(
        "an owner that stops in the middle of an increment: the paste times out naming the owner's program and window",
        arguments: ["WM_CLASS", "_NET_WM_PID"])
    func stalledOwnerIsNamed(property: String) async throws {
        let source = try RawXdndSource()
        let (pasted, served) = try await offThePool { () throws -> (PasteOutcome, Bool) in
            if property == "WM_CLASS" {
                source.setText(Array("stalling\0StallingOwner\0".utf8), of: UInt32(XCB_ATOM_WM_CLASS.rawValue))
            } else {
                source.setWords(
                    [UInt32(getpid())], of: "_NET_WM_PID", type: UInt32(XCB_ATOM_CARDINAL.rawValue), on: source.window)
            }
            source.own("DNDKIT_STALL_TEST")
            let paste = PasteOutcome.start(type: "text/plain;charset=utf-8", from: "DNDKIT_STALL_TEST", timeout: 3)
            let served = source.stallTransfer()
            return (paste.wait(), served)
        }
        source.close()
        let program =
            property == "WM_CLASS"
            ? "StallingOwner"
            : try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
                + ", process \(getpid())"
        #expect(served, "the paste never asked the owner")
        #expect(pasted.error?.code == .timedOut, "\(String(describing: pasted.error))")
        let message = pasted.error?.message ?? ""
        #expect(
            message.contains("\(program) (window \(hex(source.window))), the owner of DNDKIT_STALL_TEST"), "\(message)")
        #expect(message.contains("in 3 s (after 4096 bytes)"), "\(message)")
    }

    @Test("an owner that loses the selection in the middle of an increment still finishes it (ICCCM 2.2)")
    func lostSelectionFinishesTransfer() async throws {
        let big = noise(4 << 20, seed: 21)
        let asked = DispatchSemaphore(value: 0)
        let taken = DispatchSemaphore(value: 0)
        let selection = "DNDKIT_LOST_TEST"
        let owner = try X11ClipboardOwner(
            offers: [
                .init(type: "application/octet-stream") {
                    // The request is in; another program takes the selection before the first piece goes out.
                    asked.signal()
                    _ = taken.wait(timeout: .now() + 30)
                    return big
                }
            ], selectionNamed: selection, display: nil)
        owner.start()
        defer { owner.stop() }
        let (pasted, lost) = try await offThePool { () throws -> (PasteOutcome, Bool) in
            let paste = PasteOutcome.start(type: "application/octet-stream", from: selection, timeout: 20)
            guard asked.wait(timeout: .now() + 20) == .success else { return (paste.wait(), false) }
            let other = try X11ClipboardOwner(
                offers: [.init(type: "text/plain") { Data("x".utf8) }], selectionNamed: selection, display: nil)
            taken.signal()
            let outcome = paste.wait()
            _ = other
            return (outcome, owner.hasLostOwnership)
        }
        #expect(lost, "the selection was not taken from the owner")
        #expect(pasted.error == nil, "\(String(describing: pasted.error))")
        #expect(pasted.data == big)
    }

    @Test("errors say what happened: no owner, a type not offered, a display that is not there")
    func errors() throws {
        // Own the clipboard, then give it up, so that nobody owns it.
        do {
            let owner = try X11ClipboardOwner(offers: [.init(type: "text/plain") { Data("x".utf8) }])
            owner.start()
            let error = #expect(throws: X11Error.self) { try X11Clipboard.paste(as: "image/png") }
            #expect(error?.code == .refused)
            owner.stop()
        }
        let bogus = #expect(throws: X11Error.self) { try X11Clipboard.availableTypes(display: ":4321") }
        #expect(bogus?.code == .connectionFailed)
        let none = #expect(throws: X11Error.self) { try X11Clipboard.availableTypes(display: "") }
        #expect(none?.code == .noDisplay)
    }
}

/// A paste on a thread of its own, so that a test can play the owner meanwhile.
struct PasteOutcome: Sendable {
    var data: Data?
    var error: X11Error?
    /// How long the paste took.
    var seconds: Double

    /// The paste under way; ``wait()`` gives its outcome.
    struct Running: Sendable {
        let result: Locked<PasteOutcome?>
        let done: DispatchSemaphore

        /// Waits for the paste to end (it ends by its timeout at the latest).
        func wait() -> PasteOutcome {
            done.wait()
            return result.withLock { $0 } ?? PasteOutcome(seconds: 0)
        }
    }

    /// Starts pasting the selection named `selection` as `type`: a selection of the test's own, which the programs
    /// of other tests running meanwhile neither own nor ask for.
    static func start(type: String, from selection: String, timeout: Double) -> Running {
        let running = Running(result: Locked(nil), done: DispatchSemaphore(value: 0))
        Thread.detachNewThread {
            let started = Date()
            var outcome = PasteOutcome(seconds: 0)
            do {
                outcome.data = try X11Clipboard.convert(
                    selection, to: type, on: X11Connection(), at: nil, timeout: timeout, limit: 1 << 30
                ).bytes
            } catch {
                outcome.error = error as? X11Error
            }
            outcome.seconds = -started.timeIntervalSinceNow
            running.result.withLock { $0 = outcome }
            running.done.signal()
        }
        return running
    }
}

/// A window's number as X tools print it.
func hex(_ window: UInt32) -> String { "0x" + String(window, radix: 16) }

extension ClipboardTests {
    @Test("an owner nobody asks does not wake in 1.5 s; a paste wakes it and gets its bytes; its deadline ends it")
    func idleOwnerSleeps() async throws {
        // A selection of its own: GTK programs of other tests ask every new owner of CLIPBOARD for its types.
        let selection = "DNDKIT_IDLE_TEST"
        let owner = try X11ClipboardOwner(
            offers: [.init(type: "UTF8_STRING") { Data("asleep".utf8) }], selectionNamed: selection, display: nil)
        let served = Locked(false)
        let thread = Thread {
            _ = try? owner.serve(for: 6)
            served.withLock { $0 = true }
        }
        thread.start()
        // Taking the selection wakes it; on a loaded machine that can come late. Wait until it has not woken for
        // 0.3 s (at most 3 s), then count, while it still serves.
        var before = owner.wakeUps
        var quietSince = ContinuousClock.now
        let settled = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now - quietSince < .milliseconds(300), ContinuousClock.now < settled {
            try await Task.sleep(for: .milliseconds(50))
            if owner.wakeUps != before {
                before = owner.wakeUps
                quietSince = .now
            }
        }
        try await Task.sleep(for: .seconds(1.5))
        try #require(!served.withLock { $0 }, "the owner stopped serving before its idle 1.5 s were counted")
        #expect(owner.wakeUps == before, "the idle owner woke \(owner.wakeUps - before) times in 1.5 s")
        let pasted = try await offThePool {
            try X11Clipboard.convert(
                selection, to: "UTF8_STRING", on: X11Connection(), at: nil, timeout: 5, limit: 1 << 20
            ).bytes
        }
        #expect(String(decoding: pasted, as: UTF8.self) == "asleep")
        #expect(owner.wakeUps > before, "a request did not wake it")
        // Its deadline (the end of `serve(for:)`) still ends it.
        let deadline = Date().addingTimeInterval(5)
        while !served.withLock({ $0 }) && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(served.withLock { $0 }, "serve(for:) did not end at its deadline")
    }
}

/// A selection owner's loads run on a thread of their own (`LoadExecutor`): with every cooperative thread of the
/// process busy, a load still finishes at once, where on Swift's pool it waited until a thread came free, or until the
/// owner gave up and refused the requestor.
@Suite("Selection loads while Swift's threads are busy")
struct SelectionLoadTests {
    @Test func aLoadFinishesWhileEveryCooperativeThreadIsBusy() async throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let busy = ProcessInfo.processInfo.activeProcessorCount
        // Tasks that hold a cooperative thread each, as blocking work does; more than the pool has.
        for _ in 0..<busy + 1 {
            Task.detached {
                started.signal()
                release.wait()
            }
        }
        defer {
            for _ in 0..<busy + 1 {
                release.signal()
            }
        }
        // At least the pool's width of them have a thread now (this test's own task may hold one more).
        for _ in 0..<max(1, busy - 1) {
            started.wait()
        }
        let clock = ContinuousClock()
        let start = clock.now
        let value = try X11ClipboardOwner.Offer.blocking(timeout: 10) { () async throws -> Int in
            await Task.yield()
            return 42
        }
        #expect(value == 42)
        #expect(clock.now - start < .seconds(2))
    }
}
