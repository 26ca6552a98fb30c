import CGtk
import DnDKit
import DnDKitGTK
import Foundation

/// A drop target taking images, text or files.
@MainActor
struct Target {
    let label: GTKWidget
    let arguments: Arguments

    func install() {
        let save = arguments.value("--save")
        let isTargeted: @MainActor (Bool) -> Void = { emit("targeted", ["value": $0]) }
        var count = 0
        func saved(_ data: Data, _ suffix: String) -> String? {
            guard let save else { return nil }
            count += 1
            let path = "\(save)/drop-\(count).\(suffix)"
            return FileManager.default.createFile(atPath: path, contents: data) ? path : nil
        }
        switch arguments.value("--accept") ?? "image" {
        case "image":
            label.dropDestination(
                for: Bitmap.self,
                action: { images, location in
                    guard let image = images.first else { return false }
                    var fields = place(location)
                    fields["kind"] = "image"
                    fields["count"] = images.count
                    fields["width"] = image.width
                    fields["height"] = image.height
                    fields["saved"] = (try? image.pngData()).flatMap { saved($0, "png") }
                    emit("drop", fields)
                    return true
                }, isTargeted: isTargeted)
        case "text":
            label.dropDestination(
                for: String.self,
                action: { texts, location in
                    var fields = place(location)
                    fields["kind"] = "text"
                    fields["count"] = texts.count
                    fields["text"] = texts.joined(separator: "\n")
                    emit("drop", fields)
                    return true
                }, isTargeted: isTargeted)
        case "file":
            label.onDrop(of: [.fileURL], isTargeted: isTargeted) { providers, location in
                Task { @MainActor in
                    var paths: [String] = []
                    for provider in providers {
                        if let url = try? await provider.loadTransferable(type: URL.self) { paths.append(url.path) }
                    }
                    var fields = place(location)
                    fields["kind"] = "file"
                    fields["count"] = paths.count
                    fields["paths"] = paths
                    emit("drop", fields)
                }
                return true
            }
        case "delegate":
            label.onDrop(of: [.utf8PlainText], delegate: TextDelegate())
        default:
            fail("--accept takes image, text, file or delegate")
        }
    }

    private func place(_ location: CGPoint) -> [String: Any] {
        ["x": Double(location.x), "y": Double(location.y)]
    }
}

/// A delegate taking text: it logs what it hears, proposes a move, and loads the text only after `performDrop` has
/// returned (the drop must stay open for that read).
struct TextDelegate: DropDelegate {
    func validateDrop(info: DropInfo) -> Bool {
        emit("validate", ["text": info.hasItemsConforming(to: [.utf8PlainText])])
        return true
    }

    func dropEntered(info: DropInfo) { emit("entered") }

    func dropUpdated(info: DropInfo) -> DropProposal? { DropProposal(operation: .move) }

    func dropExited(info: DropInfo) { emit("exited") }

    func performDrop(info: DropInfo) -> Bool {
        let providers = info.itemProviders(for: [.utf8PlainText])
        let location = info.location
        Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(200))
            var texts: [String] = []
            for provider in providers {
                if let text = try? await provider.loadTransferable(type: String.self) { texts.append(text) }
            }
            emit(
                "drop",
                [
                    "kind": "delegate", "text": texts.joined(separator: "\n"), "x": Double(location.x),
                    "y": Double(location.y),
                ])
        }
        return true
    }
}

/// Five representations, each counting its exports: a drop that reads one type must run exactly one exporter.
struct FiveWays: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .png) { _ in FiveWays.exported("png", Data(FiveWays.png)) }
        DataRepresentation(exportedContentType: .utf8PlainText) { _ in
            FiveWays.exported("text", Data("five ways ✓".utf8))
        }
        DataRepresentation(exportedContentType: .json) { _ in FiveWays.exported("json", Data("{\"five\":5}".utf8)) }
        DataRepresentation(exportedContentType: .html) { _ in FiveWays.exported("html", Data("<b>five</b>".utf8)) }
        DataRepresentation(exportedContentType: .pdf) { _ in FiveWays.exported("pdf", Data("%PDF-1.4\n".utf8)) }
    }

    private static func exported(_ type: String, _ data: Data) -> Data {
        DispatchQueue.main.async { emit("exported", ["type": type]) }
        return data
    }

    /// A 1×1 PNG.
    private static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
        0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF,
        0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

/// A drag source of a PNG (as a `Bitmap`), text, or a `FiveWays` value; a move removes the item once the receiver
/// took it.
@MainActor
final class Source {
    let label: GTKWidget
    let arguments: Arguments
    private var remaining = 1

    init(label: GTKWidget, arguments: Arguments) {
        self.label = label
        self.arguments = arguments
    }

    func install() {
        let operations: DropOperation.Set = arguments.value("--action") == "move" ? .move : .copy
        let ended: @MainActor (DropOperation) -> Void = { [self] operation in
            emit("ended", ["operation": operation.description])
            if operation == .move {
                remaining -= 1
                emit("removed", ["remaining": remaining])
            }
        }
        if let path = arguments.value("--png") {
            guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
            let bitmap: Bitmap
            do { bitmap = try Bitmap(pngData: data) } catch { fail("\(path): \(error)") }
            label.draggable(
                { [self] in remaining > 0 ? [bitmap] : [] }, allowedOperations: operations, onEnded: ended)
        } else if let text = arguments.value("--text") {
            label.draggable(
                { [self] in remaining > 0 ? [text] : [] }, allowedOperations: operations, onEnded: ended)
        } else if arguments.has("--five") {
            label.draggable(
                { [self] in remaining > 0 ? [FiveWays()] : [] }, allowedOperations: operations, onEnded: ended)
        } else {
            fail("source needs --png, --text or --five")
        }
    }
}

/// Copies a PNG or text to the clipboard at start and on every click (Wayland takes a new owner only from a client
/// that had input).
@MainActor
final class ClipboardSetter {
    let label: GTKWidget
    let arguments: Arguments

    init(label: GTKWidget, arguments: Arguments) {
        self.label = label
        self.arguments = arguments
    }

    func install() {
        copy()
        label.onClick { [self] in copy() }
    }

    private func copy() {
        do {
            if let path = arguments.value("--png") {
                guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
                try GTKClipboard.copy([try Bitmap(pngData: data)])
            } else if let path = arguments.value("--text-file") {
                guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
                try GTKClipboard.copy([String(decoding: data, as: UTF8.self)])
            } else {
                try GTKClipboard.copy([arguments.value("--text") ?? ""])
            }
            emit("set", ["mimes": (try? GTKClipboard.offeredMIMETypes()) ?? []])
        } catch {
            emit("error", ["message": "\(error)"])
        }
    }
}

/// Reads the clipboard once the window is up; with `--again`, after a failure, again each second until it works.
@MainActor
struct ClipboardGetter {
    let arguments: Arguments

    func start() {
        Task { @MainActor in
            let wait = arguments.value("--wait").flatMap(Double.init) ?? 0.6
            try? await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            while true {
                do {
                    emit("got", try await paste())
                    exit(0)
                } catch {
                    emit("error", ["message": "\(error)"])
                    guard arguments.has("--again") else { exit(0) }
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    private func paste() async throws -> [String: Any] {
        var fields: [String: Any] = ["types": try GTKClipboard.offeredMIMETypes()]
        if arguments.has("--png") {
            fields["rssBeforeKB"] = memoryStatus("VmRSS")
            let usage = processUsage()
            let started = Date()
            let (data, type) = try await GTKClipboard.paste(.png)
            fields["ms"] = Date().timeIntervalSince(started) * 1000
            let used = processUsage()
            fields["cpuMs"] = used.cpuMs - usage.cpuMs
            fields["faults"] = used.faults - usage.faults
            fields["switches"] = used.switches - usage.switches
            fields["peakKB"] = memoryStatus("VmHWM")
            fields["bytes"] = data.count
            fields["type"] = type.identifier
            if let save = arguments.value("--save"), FileManager.default.createFile(atPath: save, contents: data) {
                fields["saved"] = save
            }
        } else if arguments.has("--text") {
            fields["text"] = try await GTKClipboard.paste(String.self).first
        }
        return fields
    }
}

/// A widget that is copyable, cuttable (one item: the cut removes it) and a paste destination of text, through its
/// shortcuts (Ctrl+C, Ctrl+X, Ctrl+V) or, with `--clicks copy,cut,paste`, its actions, one per click in that order
/// (Wayland's headless seat has no keyboard).
@MainActor
final class ClipboardWidget {
    let label: GTKWidget
    let arguments: Arguments
    private var items: [String]
    private var clicks: [String]

    init(label: GTKWidget, arguments: Arguments) {
        self.label = label
        self.arguments = arguments
        items = [arguments.value("--text") ?? ""]
        clicks = arguments.value("--clicks")?.split(separator: ",").map(String.init) ?? []
    }

    func install() {
        label.copyable { [self] in
            emit("copy-asked", ["count": items.count])
            return items
        }
        label.cuttable(
            for: String.self, payload: { [self] in items },
            onCut: { [self] cut in
                items.removeAll { cut.contains($0) }
                let offered = (try? GTKClipboard.offeredMIMETypes()) ?? []
                emit("removed", ["remaining": items.count, "offered": offered])
            }, onFailure: { emit("cut-failed", ["message": "\($0)"]) })
        label.pasteDestination(
            for: String.self, action: { texts in emit("pasted", ["text": texts.joined(separator: "\n")]) },
            onFailure: { emit("paste-failed", ["message": "\($0)"]) })
        label.onClick { [self] in
            guard !clicks.isEmpty else { return }
            let action = "dndkit." + clicks.removeFirst()
            emit("activate", ["action": action])
            gtk_widget_activate_action_variant(label, action, nil)
        }
    }
}
