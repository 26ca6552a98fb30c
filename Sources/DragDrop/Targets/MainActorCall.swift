import Dispatch
import Foundation

// Delegates are main-actor isolated, as Apple's `DropDelegate` is (`@MainActor @preconcurrency`), while a scene is
// driven from whichever task owns it. Every call into a delegate goes through this one function.

/// Runs `body` on the main actor and returns its result, synchronously: at once when the caller is already on the
/// main actor (a scene driven from the main actor, as an app's is), otherwise on the main dispatch queue, which the
/// main actor runs on, while the caller waits.
///
/// On Linux the main actor's jobs may run on a worker thread that drains the main queue (while the main thread waits
/// in `dispatchMain()`), so "on the main actor" is asked of the queue, not of the thread.
///
/// The wait needs the main queue to be served, as it is in any program whose main is `async`, that calls
/// `dispatchMain()` or runs a run loop; a program that blocks its main thread while another thread drives a scene
/// with delegates waits for ever, so such a program drives its scenes from the main actor.
func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
    if MainQueue.isCurrent || Thread.isMainThread {
        return MainActor.assumeIsolated(body)
    }
    return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}

/// Tells whether the current code runs on the main dispatch queue, by a value set on that queue once.
private enum MainQueue {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }
}

/// A drop delegate as a node keeps it. `@unchecked Sendable`: the delegate is main-actor isolated and DragDrop
/// calls it only inside `onMainActor(_:)`, so handing it to the main actor from the scene's task shares nothing
/// that another thread touches.
struct MainActorDelegate: @unchecked Sendable {
    let delegate: any DropDelegate
}
