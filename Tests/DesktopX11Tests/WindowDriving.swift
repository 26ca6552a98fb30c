import DesktopX11
import Foundation
import Gestures
import TestSupport

/// Runs a window while `drive` works on a thread of its own (the window's steps never wait for it), until `drive`
/// has returned and `done` says so, or 15 s have passed.
@MainActor
func runWindow(
    _ window: SceneWindow, until done: () -> Bool, while drive: @escaping @Sendable () throws -> Void
) async throws {
    let finished = Locked(false)
    let loop = window.loop
    let driving = Task.detached {
        defer {
            finished.withLock { $0 = true }
            loop.wake()
        }
        try await offThePool { try drive() }
    }
    let deadline = Date().addingTimeInterval(15)
    try await window.run(for: 15) { !(finished.withLock { $0 } && done()) && Date() < deadline }
    try await driving.value
}

/// Runs a window while `drive` works on a thread of its own, until `drive` has returned and every drag of `scene`
/// has ended, or 15 s have passed; then a moment more, for the answers to reach the other program.
@MainActor
func runWindow(
    _ window: SceneWindow, showing scene: Scene, while drive: @escaping @Sendable () throws -> Void
) async throws {
    try await runWindow(window, until: { scene.dragSessions.isEmpty && !scene.hasPendingDrops }, while: drive)
    try await window.run(for: 0.3)
}
