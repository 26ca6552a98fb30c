import DesktopX11
import Foundation
import Gestures
import PNGCodec
import Rendering
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

    /// Runs a new window until the server has shown it and sent every exposure (an exposure makes the next frame go
    /// whole): until a frame with nothing new sends nothing. At most 5 s.
    static func settle(_ window: SceneWindow) async throws {
        for _ in 0..<25 {
            window.setNeedsDisplay()
            try await window.run(for: 0.2)
            if window.lastDamage.isEmpty { return }
        }
    }

    @Test("the first frame goes whole; then only the rectangle that changed, and the server shows the new frame")
    func damage() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let square = Locked(10)
            let window = try SceneWindow(scene: Scene(size: CGSize(width: 200, height: 100)), title: "damage") { _ in
                try Self.frame(square: square.withLock { $0 })
            }
            try await window.run(for: 0.3)
            #expect(window.lastDamage == [CGRect(x: 0, y: 0, width: 200, height: 100)])
            try await Self.settle(window)
            square.withLock { $0 = 50 }
            window.setNeedsDisplay()
            try await window.run(for: 0.3)
            #expect(window.lastDamage == [CGRect(x: 10, y: 20, width: 50, height: 10)])
            let shown = try window.capture()
            #expect(shown == (try Self.frame(square: 50)), "the server shows another frame")
            window.setNeedsDisplay()
            try await window.run(for: 0.3)
            #expect(window.lastDamage.isEmpty, "an unchanged frame sent something")
        }
    }

    @Test("with DnDKit's renderer, a change sends only the boxes around it, and the server shows the whole snapshot")
    func rendererFrames() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let scene = Scene(size: CGSize(width: 240, height: 120))
            let left = scene.root.addChild("left", frame: CGRect(x: 10, y: 20, width: 60, height: 60))
            let right = scene.root.addChild(
                "right", frame: CGRect(x: 150, y: 20, width: 60, height: 60), content: .shape(.circle, fill: .blue))
            let renderer = SnapshotRenderer()
            let window = try SceneWindow(scene: scene, title: "frames", renderer: renderer)
            try await window.run(for: 0.3)
            #expect(window.lastDamage == [CGRect(x: 0, y: 0, width: 240, height: 120)])
            try await Self.settle(window)
            left.overlayColor = .orange
            right.content = .shape(.rectangle, fill: .red)
            window.setNeedsDisplay()
            try await window.run(for: 0.3)
            let sent = window.lastDamage
            #expect(sent.count == 2, "two changes far apart: \(sent)")
            #expect(sent.allSatisfy { $0.width * $0.height < 100 * 100 }, "\(sent)")
            #expect(
                sent.contains { $0.contains(CGPoint(x: 40, y: 50)) }
                    && sent.contains { $0.contains(CGPoint(x: 180, y: 50)) })
            let shown = try window.capture()
            let snapshot = try renderer.render(scene)
            let rgb = snapshot.withUnsafeBytes { rgba in
                stride(from: 0, to: rgba.count, by: 4).flatMap { [rgba[$0], rgba[$0 + 1], rgba[$0 + 2]] }
            }
            #expect(shown == (try Bitmap(width: 240, height: 120, format: .rgb8, bytes: rgb)), "not the snapshot")
            window.setNeedsDisplay()
            try await window.run(for: 0.3)
            #expect(window.lastDamage.isEmpty, "an unchanged scene sent something")
        }
    }

    /// A drawing function's failure.
    struct CannotDraw: Error {}

    @Test("a frame that cannot be drawn is reported as a drawing problem, and the next good frame goes whole")
    func drawingProblems() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let mode = Locked(0)
            let window = try SceneWindow(scene: Scene(size: CGSize(width: 200, height: 100)), title: "problems") { _ in
                switch mode.withLock({ $0 }) {
                case 0: throw CannotDraw()
                case 1: return try Bitmap(width: 200, height: 100, format: .gray8)
                default: return try Self.frame(square: 10)
                }
            }
            try await window.run(for: 0.2)
            let thrown = window.takeProblems()
            #expect(!thrown.isEmpty && thrown.allSatisfy { $0.job == .drawing && $0.error is CannotDraw })
            #expect(window.takeProblems().isEmpty, "taken problems are gone")
            mode.withLock { $0 = 1 }
            window.display()
            let gray = window.takeProblems()
            #expect(gray.count == 1 && gray.first?.job == .drawing)
            #expect(gray.first.map { "\($0)".contains("8-bit RGB or RGBA") } == true, "\(gray)")
            mode.withLock { $0 = 2 }
            window.display()
            #expect(window.takeProblems().isEmpty)
            #expect(window.lastDamage == [CGRect(x: 0, y: 0, width: 200, height: 100)])
        }
    }

    @Test("an idle window sleeps: over 2 s it wakes only for the deadline the scene set and the run's end")
    func idleWindowSleeps() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let scene = Scene(size: CGSize(width: 120, height: 80))
            let window = try SceneWindow(scene: scene, title: "idle") { _ in try Self.frame(square: 10) }
            // The window is mapped, exposed and drawn first.
            try await window.run(for: 0.3)
            let before = window.wakeUps
            let due = scene.currentTime + 1
            var ranAt: Double?
            scene.schedule(at: due) { ranAt = scene.currentTime }
            let started = Date()
            try await window.run(for: 2)
            let elapsed = Date().timeIntervalSince(started)
            #expect(window.wakeUps - before <= 2, "woke \(window.wakeUps - before) times")
            let ran = try #require(ranAt, "the scene's deadline never ran")
            // Bounds a loaded machine keeps: a sleep that missed its deadline would be late by the whole run.
            #expect(ran >= due && ran < due + 0.5, "the deadline due at \(due) ran at \(ran)")
            #expect(elapsed >= 2 && elapsed < 3, "the run took \(elapsed) s")
        }
    }

    @Test("a stop from another thread wakes a sleeping window at once and ends its run")
    func stopWakesTheLoop() async throws {
        try await DesktopPointer.shared.exclusively { @MainActor in
            let window = try SceneWindow(scene: Scene(size: CGSize(width: 120, height: 80)), title: "stop") { _ in
                try Self.frame(square: 10)
            }
            try await window.run(for: 0.3)
            let loop = window.loop
            let started = Date()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { loop.stop() }
            try await window.run(for: 20)
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= 0.3 && elapsed < 5, "the run ended after \(elapsed) s")
            #expect(loop.isStopped)
        }
    }
}
