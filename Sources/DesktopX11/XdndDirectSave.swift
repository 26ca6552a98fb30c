import ContentTypes
import Foundation
import Transfer

/// The drop-target side of XDS, freedesktop's Direct Save Protocol for the X Window System, on top of XDND: a source
/// that offers the type `XdndDirectSave0` (and names its item in the `XdndDirectSave0` property of its window) saves
/// the item as a file itself, where the target says.
///
/// At the drop, a target that keeps items in a folder sets the source window's `XdndDirectSave0` to the URI of a
/// file there that does not exist (`file://host/path`), then converts `XdndSelection` to `XdndDirectSave0`; the
/// source answers `S` (it saved the file), `F` (it could not: the target loads the bytes through an ordinary
/// conversion and saves them itself) or `E` (an error, which the source has reported; the drop is refused).
enum XdndDirectSave {
    /// The type a source offers, and the property on its window.
    static let name = "XdndDirectSave0"

    /// The direct save of a drag's item from `source`, run on the window's selection-transfer worker, so the
    /// window's own connection is never held up while the source writes the file.
    /// - Parameters:
    ///   - source: The source's window.
    ///   - worker: The window's selection-transfer worker.
    ///   - timeout: The longest wait for the source's answer.
    ///   - time: The time stamp to convert at (the one the source sent with its drop).
    /// - Returns: The direct save, for the item's provider.
    static func directSave(
        from source: X11Window, worker: SelectionTransferWorker, timeout: Double,
        time: @escaping @Sendable () -> X11Timestamp
    ) -> DirectSave {
        DirectSave { file in
            try await worker.run { x throws(X11Error) in
                try save(file, from: source, on: x, at: time(), timeout: timeout)
            }
        }
    }

    /// Asks the source to save its item as `file` (in its window's `XdndDirectSave0` property), and reads its answer
    /// through the conversion of `X11Clipboard.convert`.
    /// - Returns: `.saved` for `S`, `.fallBack` for `F`.
    /// - Throws: `X11Error`: `refused` for `E`, `protocolViolation` for any other answer, and the conversion's.
    static func save(
        _ file: URL, from source: X11Window, on x: X11Connection, at time: X11Timestamp, timeout: Double
    ) throws(X11Error) -> DirectSave.Answer {
        let property = try x.atom(name)
        let uri = Array(uri(of: file).utf8)
        x.setProperty(property, of: source, type: try x.atom("text/plain"), bytes: uri)
        let answer = try X11Clipboard.convert("XdndSelection", to: name, on: x, at: time, timeout: timeout, limit: 64)
        switch answer.bytes.first {
        case UInt8(ascii: "S"):
            return .saved
        case UInt8(ascii: "F"):
            return .fallBack
        case UInt8(ascii: "E"):
            throw X11Error(
                .refused, "the program dragging the item reported an error saving it as \(file.path) (Direct Save)")
        default:
            throw X11Error(
                .protocolViolation,
                "the program dragging the item answered Direct Save's request to save it as \(file.path) with "
                    + "\(answer.bytes.count) bytes that are not S, F or E")
        }
    }

    /// The item of a source that offers it only through Direct Save (no type of data besides `XdndDirectSave0`),
    /// named as the source names it in its window's `XdndDirectSave0` property.
    ///
    /// Until it is saved, its type is a guess from the name's extension (`public.data` without a known one), so that
    /// targets that take that kind of item are offered it; once saved, the file's content decides its type. It has no
    /// bytes to load: a target that cannot take a saved file, or a source that answers `F`, fails the load, saying why.
    /// - Parameter name: The name the source suggests, if it set one.
    /// - Returns: The item, without its direct save (the caller adds it).
    static func onlyItem(named name: String?) -> ItemProvider {
        let named = name.map { ($0 as NSString).pathExtension }.flatMap {
            $0.isEmpty ? nil : UTType(filenameExtension: $0)
        }
        let type = named ?? .data
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: type) { finish in
            finish(
                nil,
                X11Error(
                    .refused,
                    "the program dragging \(name ?? "the item") offers it only by saving it itself (Direct Save), as "
                        + "\(type.identifier), and no file to save it in was asked for or it declined to save it"))
            return nil
        }
        return provider
    }

    /// `file://host/path`, with the path's reserved characters escaped, as XDS asks (the source checks that the
    /// host is its own).
    static func uri(of file: URL) -> String {
        var components = URLComponents()
        components.scheme = "file"
        components.host = hostName
        components.path = file.path
        return components.string ?? file.absoluteString
    }

    /// This machine's name (`gethostname`), or `localhost` when it has none.
    private static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
