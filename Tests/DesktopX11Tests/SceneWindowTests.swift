import DesktopX11
import Foundation
import Gestures
import PNGCodec
import TestSupport
import Testing

/// Drawing: a frame sends the server only the part that changed.
@Suite("SceneWindow drawing", .enabled(if: hasDesktopPeers, "needs an X server"))
@MainActor
struct SceneWindowTests {
    /// A white 200×100 frame with a black 10×10 square at (`left`, 20).
    static func frame(square left: Int) throws -> Bitmap {
        var bytes = [UInt8](repeating: 255, count: 200 * 100 * 3)
        for y in 20..<30 {
            for x in left..<(left + 10) { for channel in 0..<3 { bytes[(y * 200 + x) * 3 + channel] = 0 } }
        }
        return try Bitmap(width: 200, height: 100, format: .rgb8, bytes: bytes)
    }

    @Test("the first frame goes whole; then only the rectangle that changed, and the server shows the new frame")
    func damage() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let square = Locked(10)
            let window = try SceneWindow(scene: Scene(size: CGSize(width: 200, height: 100)), title: "damage") { _ in
                try Self.frame(square: square.withLock { $0 })
            }
            try await window.run(for: 0.3)
            #expect(window.lastDamage == CGRect(x: 0, y: 0, width: 200, height: 100))
            square.withLock { $0 = 50 }
            window.setNeedsDisplay()
            try await window.run(for: 0.3)
            #expect(window.lastDamage == CGRect(x: 10, y: 20, width: 50, height: 10))
            let shown = try window.capture()
            #expect(shown == (try Self.frame(square: 50)), "the server shows another frame")
            window.setNeedsDisplay()
            try await window.run(for: 0.3)
            #expect(window.lastDamage == nil, "an unchanged frame sent something")
        }
    }
}
