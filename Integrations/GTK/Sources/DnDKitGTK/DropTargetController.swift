import CGtk
import DragDrop
import Foundation
import Transfer

/// One widget's drop target (`GtkDropTargetAsync`): routing by type on `accept`, `isTargeted` balanced through
/// `drag-enter`, `drag-leave` and `drop`, the drop's items loaded and the drop finished with the action performed.
@MainActor
final class DropTargetController {
    private let handler: DropHandler
    /// The drop hovering over the widget and accepted, with its offer.
    private var hovering: (drop: OpaquePointer, offer: IncomingOffer?, items: [ItemProvider])?
    /// The action proposed for the hovering drop.
    private var proposed = GdkDragAction(rawValue: 0)

    init(handler: DropHandler) {
        self.handler = handler
    }

    func attach(to target: OpaquePointer) {
        connect(target, Signals.accept, context: self) { _, drop, data in
            guard let drop, let self = context(data, as: DropTargetController.self) else { return 0 }
            let pointer = UncheckedPointer(UnsafeMutableRawPointer(drop))
            return MainActor.assumeIsolated { self.accept(OpaquePointer(pointer.pointer)) ? 1 : 0 }
        }
        for signal in [Signals.dragEnter, Signals.dragMotion] {
            connect(target, signal, context: self) { _, drop, x, y, data in
                guard let drop, let self = context(data, as: DropTargetController.self) else {
                    return GdkDragAction(rawValue: 0)
                }
                let pointer = UncheckedPointer(UnsafeMutableRawPointer(drop))
                return MainActor.assumeIsolated {
                    UncheckedAction(self.hover(OpaquePointer(pointer.pointer), at: CGPoint(x: x, y: y)))
                }.action
            }
        }
        connect(target, Signals.dragLeave, context: self) { _, drop, data in
            guard let self = context(data, as: DropTargetController.self) else { return }
            let pointer = drop.map { UncheckedPointer(UnsafeMutableRawPointer($0)) }
            MainActor.assumeIsolated { self.leave(pointer.map { OpaquePointer($0.pointer) }) }
        }
        connect(target, Signals.drop, context: self) { _, drop, x, y, data in
            guard let drop, let self = context(data, as: DropTargetController.self) else { return 0 }
            let pointer = UncheckedPointer(UnsafeMutableRawPointer(drop))
            return MainActor.assumeIsolated { self.drop(OpaquePointer(pointer.pointer), at: CGPoint(x: x, y: y)) }
        }
    }

    /// The items of a drop as a target sees them before it drops: a drag from this process's own widgets as its
    /// items, another program's as one item of the offered types.
    private func preview(_ drop: OpaquePointer) -> (offer: IncomingOffer?, items: [ItemProvider]) {
        if let drag = gdk_drop_get_drag(drop), let items = LocalDrags.items[drag] { return (nil, items) }
        let offer = IncomingOffer(drop: drop)
        return (offer, [offer.typesItem()])
    }

    private func accept(_ drop: OpaquePointer) -> Bool {
        let (offer, items) = preview(drop)
        let info = DropInfo(location: .zero, itemProviders: items, isDropping: false)
        guard handler.validate(items, info) else { return false }
        if hovering?.drop != drop { hovering = (drop, offer, items) }
        return true
    }

    private func hover(_ drop: OpaquePointer, at location: CGPoint) -> GdkDragAction {
        guard let current = hovering, current.drop == drop else { return GdkDragAction(rawValue: 0) }
        let info = DropInfo(location: location, itemProviders: current.items, isDropping: false)
        if !isTargeted {
            isTargeted = true
            handler.isTargeted(true)
            handler.entered(info)
            watchSource(of: drop)
        }
        let allowed = gdk_drop_get_actions(drop)
        var action = Self.preferred(allowed, local: current.offer == nil)
        if let proposal = handler.updated(info) {
            switch proposal.operation {
            case .copy: action = GDK_ACTION_COPY
            case .move: action = GDK_ACTION_MOVE
            case .forbidden, .cancel: action = GdkDragAction(rawValue: 0)
            }
            if action.rawValue & allowed.rawValue == 0 { action = GdkDragAction(rawValue: 0) }
        }
        proposed = action
        return action
    }

    /// Between widgets of this process, move when the source allows it (items move between an app's own panes);
    /// from another program, copy when the source allows it. Otherwise whichever the source allows.
    private static func preferred(_ allowed: GdkDragAction, local: Bool) -> GdkDragAction {
        let first = local ? GDK_ACTION_MOVE : GDK_ACTION_COPY
        if allowed.rawValue & first.rawValue != 0 { return first }
        return GdkDragAction(rawValue: allowed.rawValue & (GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))
    }

    private var isTargeted = false

    /// Ends the hover: `isTargeted(false)` once for every true.
    private func unlight(_ location: CGPoint, exited: Bool) {
        guard isTargeted else { return }
        isTargeted = false
        if exited, let current = hovering {
            handler.exited(DropInfo(location: location, itemProviders: current.items, isDropping: false))
        }
        handler.isTargeted(false)
    }

    /// Ends the hover of `drop` (of whichever drop hovers for nil); a late leave of a drop already ended (see
    /// ``watchSource(of:)``) leaves a newer one alone.
    private func leave(_ drop: OpaquePointer?) {
        guard drop == nil || hovering == nil || hovering?.drop == drop else { return }
        unlight(.zero, exited: true)
        hovering = nil
    }

    /// While `drop` hovers, checks four times a second that its source is still there: under X11 a source that dies
    /// mid-drag sends no XdndLeave, and the widget would stay lit for good. When it is gone, the hover ends.
    private func watchSource(of drop: OpaquePointer) {
        let reference = GObjectReference(UnsafeMutableRawPointer(drop))
        Task { @MainActor in
            while isTargeted, hovering?.drop == reference.opaque {
                if dropSourceGone(reference.opaque) {
                    leave(reference.opaque)
                    return
                }
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    private func drop(_ drop: OpaquePointer, at location: CGPoint) -> gboolean {
        guard let current = hovering, current.drop == drop else { return 0 }
        let action =
            proposed.rawValue != 0 ? proposed : Self.preferred(gdk_drop_get_actions(drop), local: current.offer == nil)
        unlight(location, exited: false)
        hovering = nil
        guard action.rawValue != 0 else { return 0 }
        let reference = GObjectReference(UnsafeMutableRawPointer(drop))
        let handler = handler
        Task { @MainActor in
            var succeeded = false
            do {
                let items = await current.offer?.items() ?? current.items
                succeeded = try await handler.perform(items, location)
                // A target that loads the providers itself (onDrop, a delegate) does so after it returns: the drop
                // stays open while those reads run, so that the other program still serves the data.
                if succeeded { await current.offer?.reads.settle() }
            } catch {
                succeeded = false
            }
            gdk_drop_finish(reference.opaque, succeeded ? action : GdkDragAction(rawValue: 0))
        }
        return 1
    }
}

/// A GDK action returned out of `MainActor.assumeIsolated`.
private struct UncheckedAction: @unchecked Sendable {
    let action: GdkDragAction
    init(_ action: GdkDragAction) { self.action = action }
}
