import DesktopTransfer
import DragDrop
import Foundation
import Gestures
import Transfer

/// The window's clipboard: a copy or a cut puts the items of the copyable node under the pointer on the clipboard,
/// offered as their MIME types to every program that pastes, until another program copies; a paste reads the
/// clipboard's (or the primary selection's) items from their owner, through the window's selection-transfer worker,
/// into the paste destination under the pointer.
final class ClipboardController {
    private let scene: Scene
    private let display: String?
    private let timeout: Double
    private let worker: SelectionTransferWorker
    private let problems: WindowProblems
    /// The owner of the clipboard after the last copy or cut, serving other programs.
    private var owner: X11ClipboardOwner?
    /// A paste asked for, done after the step's events.
    private(set) var pendingPaste: (location: CGPoint, selection: X11Clipboard.Selection)?

    init(
        scene: Scene, display: String?, timeout: Double, worker: SelectionTransferWorker, problems: WindowProblems
    ) {
        self.scene = scene
        self.display = display
        self.timeout = timeout
        self.worker = worker
        self.problems = problems
    }

    /// Gives up the clipboard (when the window closes, or at the next copy); a failure that had ended the owner's
    /// serving early is recorded.
    func stop() {
        owner?.stop()
        if let failure = owner?.failure { problems.record(.copying, failure) }
        owner = nil
    }

    /// Ctrl+C or Ctrl+X: the items of the copyable node at `location` go on the clipboard. Answers whether the
    /// scene may look different (a cut item is gone).
    func copy(at location: CGPoint, cut: Bool) -> Bool {
        guard let items = scene.copyItems(at: location, cut: cut), let first = items.first else { return false }
        stop()
        // A program that pastes files (a file manager) gets the item's first type that is not text as a file, which
        // outlives the clipboard's ownership as a drag's does.
        let offers = X11ClipboardOwner.Offer.offers(for: first, stagingFile: true)
        guard !offers.isEmpty else { return true }
        do {
            let made = try X11ClipboardOwner(offers: offers, display: display)
            made.start()
            owner = made
        } catch {
            problems.record(.copying, error)
        }
        return true
    }

    /// Asks for a paste at `location` from `selection`, done by ``pasteIfAsked()``.
    func askToPaste(at location: CGPoint, from selection: X11Clipboard.Selection) {
        pendingPaste = (location, selection)
    }

    /// The paste asked for, if any: the selection's items, read from its owner, go to the paste destination under
    /// the pointer. Answers whether it pasted.
    nonisolated(nonsending) func pasteIfAsked() async -> Bool {
        guard let (location, selection) = pendingPaste else { return false }
        pendingPaste = nil
        let timeout = timeout
        do {
            let targets = try await worker.run { x throws(X11Error) in
                try X11Clipboard.availableTypes(selection, on: x, timeout: timeout)
            }
            var list: Data?
            if targets.contains(DesktopTypeNames.uriList) {
                list = try await worker.run { x throws(X11Error) in
                    try X11Clipboard.convert(
                        selection, to: DesktopTypeNames.uriList, on: x, timeout: timeout, limit: 16 << 20
                    ).bytes
                }
            }
            let providers = SelectionItems.providers(
                offering: targets, from: selection.rawValue, worker: worker, timeout: timeout, limit: 1 << 30,
                time: { nil }, readList: { list })
            _ = try await scene.paste(providers, at: location)
        } catch let error as X11Error where error.code == .noOwner {
            // Nothing copied anywhere: a paste of nothing, as in every program.
        } catch {
            problems.record(.pasting, error)
        }
        return true
    }
}
