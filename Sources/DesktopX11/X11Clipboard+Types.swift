import ContentTypes
import DesktopTransfer
import Foundation
import Locking
import Transfer

extension X11ClipboardOwner.Offer {
    /// The offers of an item provider's representations, in its order: each type under its MIME types (and, for
    /// text, X's text names; for a file's URL, `text/uri-list`), produced from the provider when a program first
    /// asks. Text's `STRING` is Latin-1, as ICCCM defines it, and is offered only when the text fits Latin-1.
    /// - Parameter provider: The item.
    /// - Returns: The offers, without repeated names.
    package static func offers(for provider: ItemProvider) -> [X11ClipboardOwner.Offer] {
        offers(for: provider, stagingFile: false)
    }

    /// The offers of an item, and, with `stagingFile`, its first type that is not text as a file for programs that
    /// take files (`text/uri-list` of a staged copy, made when first asked for), when the item has no file URL of
    /// its own. The copy outlives the drag or the clipboard's ownership: a file manager copies it when its user
    /// confirms, long after the drop. It is one of the last ``HandedOutFiles/keptCount`` handed out, removed when
    /// newer ones take its place or when the process ends (``HandedOutFiles``).
    static func offers(for provider: ItemProvider, stagingFile: Bool) -> [X11ClipboardOwner.Offer] {
        var names: [String] = []
        var offers: [X11ClipboardOwner.Offer] = []
        for type in provider.registeredContentTypes {
            if type == .fileURL, !names.contains("text/uri-list") {
                // A file, as file managers copy and paste files: its URL as a one-line URI list.
                names.append("text/uri-list")
                offers.append(
                    X11ClipboardOwner.Offer(type: "text/uri-list") {
                        try Self.blockingLoad(provider, as: .fileURL) + Data("\r\n".utf8)
                    })
                continue
            }
            for target in DesktopTypeNames.x11Targets(for: type) where !names.contains(target) {
                names.append(target)
                guard target == "STRING" else {
                    offers.append(
                        X11ClipboardOwner.Offer(type: target) {
                            try Self.blockingLoad(provider, as: type)
                        })
                    continue
                }
                // ICCCM: STRING is Latin-1, offered only for text that fits it (UTF8_STRING carries the rest).
                var latin1 = X11ClipboardOwner.Offer(type: target) {
                    try Self.latin1(fromUTF8: Self.blockingLoad(provider, as: type))
                }
                latin1.isListedOnlyWhenProduced = true
                offers.append(latin1)
            }
        }
        if stagingFile, !names.contains(DesktopTypeNames.uriList), let type = HandedOutFiles.typeToStage(for: provider)
        {
            offers.append(
                X11ClipboardOwner.Offer(type: DesktopTypeNames.uriList) {
                    let file = try Self.blocking { try await HandedOutFiles.stagedFile(of: provider, as: type) }
                    HandedOutFiles.keep(file)
                    return URIList.data(for: [file.file])
                })
        }
        return offers
    }

    /// UTF-8 text as Latin-1 (ISO 8859-1), which X's `STRING` is (ICCCM 2.7.1): one byte a character.
    /// - Throws: `X11Error` (`.refused`) when the bytes are not UTF-8 or a character is outside Latin-1, naming it.
    static func latin1(fromUTF8 bytes: Data) throws(X11Error) -> Data {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw X11Error(.refused, "the text is not valid UTF-8, so it has no Latin-1 form for STRING")
        }
        var latin1 = Data(capacity: bytes.count)
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar.value < 0x100 else {
                let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
                throw X11Error(
                    .refused,
                    "the text's character \(code) at position \(offset) is outside Latin-1, so it is not offered as STRING"
                )
            }
            latin1.append(UInt8(scalar.value))
        }
        return latin1
    }

    /// Latin-1 bytes (X's `STRING`, ICCCM 2.7.1) as UTF-8: every byte is the character of its value.
    static func utf8(fromLatin1 bytes: Data) -> Data {
        Data(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
    }

    /// Loads a representation from the owner's thread, which is not one of Swift's cooperative threads.
    static func blockingLoad(_ provider: ItemProvider, as type: UTType) throws -> Data {
        try blocking { try await provider.loadDataRepresentation(for: type) }
    }

    /// The longest a selection owner waits for a load it serves another program from, in seconds: a provider that
    /// takes longer is given up on (its load is cancelled), and the requestor is refused.
    static let loadTimeout: Double = 60

    /// Runs a load on a task and waits for it on this thread (the owner's, not one of Swift's cooperative threads),
    /// asleep in `poll` until the task hands its result over or `timeout` seconds have passed. The task runs on a
    /// thread of its own (`LoadExecutor`), so that the load does not wait for a free cooperative thread.
    /// - Throws: The load's error; `X11Error` (`timedOut`) when it did not finish in time (it is cancelled then).
    static func blocking<Value: Sendable>(
        timeout: Double = loadTimeout, _ load: @escaping @Sendable () async throws -> Value
    ) throws -> Value {
        let handOver = try HandOver<Value>()
        let task = Task.detached(executorPreference: LoadExecutor.shared) {
            do {
                handOver.set(.success(try await load()))
            } catch {
                handOver.set(.failure(error))
            }
        }
        do {
            return try handOver.wait(timeout: timeout)
        } catch let error as X11Error where error.code == .timedOut {
            task.cancel()
            throw error
        }
    }
}

/// A load's result, handed from a task to the thread that waits for it: set once under the lock, and the pipe wakes
/// the waiting thread.
private final class HandOver<Value: Sendable>: Sendable {
    private let result = Lock<Result<Value, any Error>?>(nil)
    private let wakeUp: WakeUpPipe

    init() throws(X11Error) {
        wakeUp = try WakeUpPipe()
    }

    func set(_ value: Result<Value, any Error>) {
        result.withLock { $0 = value }
        wakeUp.wake()
    }

    /// Sleeps until the result is set, and answers it.
    /// - Parameter timeout: The longest wait, in seconds.
    /// - Returns: The load's value.
    /// - Throws: The load's error; `X11Error` (`timedOut`) when no result came in time.
    func wait(timeout: Double) throws -> Value {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(max(0, timeout)))
        while true {
            if let done = result.withLock({ $0 }) { return try done.get() }
            let left = X11ClipboardOwner.seconds(from: clock.now, to: deadline)
            guard left > 0 else {
                throw X11Error(
                    .timedOut,
                    "producing the bytes asked for took longer than \(timeout) seconds; the request is refused")
            }
            X11Connection.sleep(untilReadable: [wakeUp.readEnd], timeout: left)
            wakeUp.drain()
        }
    }
}

extension X11Clipboard {
    /// The selection's content as a content type: the first type the owner offers whose MIME type (or, for text,
    /// X text name) names `contentType` or a type conforming to it.
    /// - Parameters:
    ///   - contentType: The type wanted.
    ///   - selection: The selection.
    ///   - display: The display, or nil for `DISPLAY`.
    ///   - timeout: How long to wait for each answer, in seconds.
    /// - Returns: The bytes and the type they are in.
    /// - Throws: `X11Error`; `.refused` when nothing offered conforms.
    package static func paste(
        _ contentType: UTType, from selection: Selection = .clipboard, display: String? = nil, timeout: Double = 5
    ) throws(X11Error) -> (data: Data, type: UTType) {
        let offered = try availableTypes(selection, display: display, timeout: timeout)
        for name in offered {
            guard let type = DesktopTypeNames.contentType(of: name), type.conforms(to: contentType) else { continue }
            let bytes = try paste(as: name, from: selection, display: display, timeout: timeout)
            // STRING is Latin-1: text comes back as UTF-8, whatever name it was offered under.
            return (name == "STRING" ? X11ClipboardOwner.Offer.utf8(fromLatin1: bytes) : bytes, type)
        }
        throw X11Error(
            .refused,
            "the \(selection.rawValue) selection offers no \(contentType.identifier) (it offers \(offered.joined(separator: ", ")))"
        )
    }
}
