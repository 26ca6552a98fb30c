import DesktopX11
import DragDrop
import Foundation
import Gestures
import PNGCodec
import TestSupport
import Testing
import Transfer

/// A window with a copyable node on the left and a paste destination on the right, at the screen's origin.
@MainActor
final class ClipboardWindow {
    let scene = Scene(size: CGSize(width: 400, height: 200))
    let window: SceneWindow
    var pastedTexts: [String] = []
    var pastedImages: [Bitmap] = []

    init(copying text: String) throws {
        window = try SceneWindow(scene: scene, title: "clipboard-window", peerTimeout: 3) { scene in
            try Bitmap(width: 400, height: 200, format: .rgb8, bytes: [UInt8](repeating: 250, count: 400 * 200 * 3))
        }
        scene.root.addChild("copy", frame: CGRect(x: 0, y: 0, width: 200, height: 200)).contentShape(Rectangle())
            .copyable([text])
        scene.root.addChild("paste", frame: CGRect(x: 200, y: 0, width: 200, height: 200)).contentShape(Rectangle())
            .pasteDestination(for: String.self) { [unowned self] in pastedTexts += $0 }
        scene.root.addChild("images", frame: CGRect(x: 200, y: 100, width: 200, height: 100))
            .contentShape(Rectangle())
            .pasteDestination(for: Bitmap.self) { [unowned self] in pastedImages += $0 }
    }

    /// Runs the window while `drive` works on a thread of its own, until it returns and `done` says so (or 15 s).
    func run(until done: () -> Bool, while drive: @escaping @Sendable () throws -> Void) async throws {
        try await runWindow(window, until: done, while: drive)
    }
}

extension ClipboardTests {
    @Test("Ctrl+C over a copyable node in a real window: xclip pastes its text")
    func copyFromAWindow() async throws {
        let text = "copied from a node — ß"
        try await DesktopPointer.shared.exclusively { @MainActor in
            let target = try ClipboardWindow(copying: text)
            let pasted = Locked(Data())
            try await target.run(until: { true }) {
                try xdotool(["mousemove", "100", "100", "sleep", "0.2", "key", "ctrl+c", "sleep", "0.3"])
                pasted.withLock { $0 = (try? xclip(["-selection", "clipboard", "-o", "-t", "UTF8_STRING"])) ?? Data() }
            }
            #expect(String(decoding: pasted.withLock { $0 }, as: UTF8.self) == text)
        }
    }

    @Test("Ctrl+V over a paste destination: the text xclip copied arrives; an image goes to the image destination")
    func pasteIntoAWindow() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let target = try ClipboardWindow(copying: "unused")
            let owner = try XclipOwner(Data("pasted by xclip".utf8), type: "UTF8_STRING")
            try await target.run(until: { !target.pastedTexts.isEmpty }) {
                try xdotool(["mousemove", "300", "50", "sleep", "0.2", "key", "ctrl+v"])
            }
            #expect(target.pastedTexts == ["pasted by xclip"])
            withExtendedLifetime(owner) {}
            // Offered only as STRING, which is Latin-1: "héllo" is five bytes, and arrives as the same string.
            let latin1 = try XclipOwner(Data([0x68, 0xE9, 0x6C, 0x6C, 0x6F]), type: "STRING")
            try await target.run(until: { target.pastedTexts.count == 2 }) {
                try xdotool(["mousemove", "300", "50", "sleep", "0.2", "key", "ctrl+v"])
            }
            #expect(target.pastedTexts == ["pasted by xclip", "héllo"])
            withExtendedLifetime(latin1) {}
            let picture = try Bitmap(width: 3, height: 2, format: .rgb8, bytes: Array(0..<18))
            let image = try XclipOwner(try PNGEncoder(options: .fast).encode(picture), type: "image/png")
            try await target.run(until: { !target.pastedImages.isEmpty }) {
                try xdotool(["mousemove", "300", "150", "sleep", "0.2", "key", "ctrl+v"])
            }
            #expect(target.pastedImages == [picture])
            withExtendedLifetime(image) {}
        }
    }

    @Test("the middle button over a paste destination pastes the primary selection, not the clipboard")
    func middleButtonPastesPrimary() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let target = try ClipboardWindow(copying: "unused")
            let clipboard = try XclipOwner(Data("on the clipboard".utf8), type: "UTF8_STRING")
            let primary = try XclipOwner(Data("selected with the mouse".utf8), type: "UTF8_STRING", selection: .primary)
            try await target.run(until: { !target.pastedTexts.isEmpty }) {
                try xdotool(["mousemove", "300", "50", "sleep", "0.2", "click", "2"])
            }
            #expect(target.pastedTexts == ["selected with the mouse"])
            withExtendedLifetime((clipboard, primary)) {}
        }
    }
}
