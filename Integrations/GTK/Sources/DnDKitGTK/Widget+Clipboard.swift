import CGtk
import Transfer

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Makes the widget copyable, as SwiftUI's `copyable(_:)`: Ctrl+C while the widget (or a widget inside it) has
    /// the keyboard focus, or while the pointer is over it, puts the values on the clipboard, exported lazily as
    /// ``GTKClipboard/copy(_:to:)`` does.
    ///
    /// The widget gets an action group named `dndkit`, whose actions `dndkit.copy`, `dndkit.cut` and `dndkit.paste`
    /// a menu item or a button may activate (`gtk_widget_activate_action_variant(widget, "dndkit.copy", NULL)`), and
    /// a `GtkShortcutController` whose Ctrl+C, Ctrl+X and Ctrl+V activate them. Its scope is managed: the window
    /// runs it when the focused widget did not use the key, so a focused text field keeps its own Ctrl+C.
    /// - Parameter payload: The values, asked for when the copy happens (none: nothing is copied).
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func copyable<T: Transferable>(_ payload: @escaping @MainActor () -> [T]) -> Self {
        WidgetClipboard.of(self).copy = { payload().map { ItemProvider($0) } }
        return self
    }

    /// Makes the widget cuttable, as SwiftUI's `cuttable(for:action:)`, split in two so that nothing is lost: Ctrl+X
    /// asks `payload` for the values, puts them on the clipboard, and only once the clipboard holds them calls
    /// `onCut`, which removes them from the widget's content. When the clipboard does not take them, nothing is
    /// removed and `onFailure` hears why.
    ///
    /// ```swift
    /// thumbnail.cuttable(for: Photo.self) { [selected] } onCut: { photos in library.remove(photos) }
    /// ```
    /// - Parameters:
    ///   - payloadType: The values' type.
    ///   - payload: The values cut, asked for when the cut happens (none: nothing happens).
    ///   - onCut: Removes the values, called once they are on the clipboard.
    ///   - onFailure: Told why a cut did not happen (`GTKTransferError` `.noDisplay` or `.notTaken`).
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func cuttable<T: Transferable>(
        for payloadType: T.Type = T.self, payload: @escaping @MainActor () -> [T],
        onCut: @escaping @MainActor ([T]) -> Void,
        onFailure: @escaping @MainActor (GTKTransferError) -> Void = { _ in }
    ) -> Self {
        WidgetClipboard.of(self).cut = {
            let values = payload()
            guard !values.isEmpty else { return }
            do throws(GTKTransferError) {
                try GTKClipboard.place(items: values.map { ItemProvider($0) }, to: .clipboard)
                onCut(values)
            } catch {
                onFailure(error)
            }
        }
        return self
    }

    /// Makes the widget a paste destination, as SwiftUI's `pasteDestination(for:action:validator:)`: Ctrl+V while
    /// the widget has the keyboard focus loads the clipboard's items that can be `T` (through `T`'s importers; files
    /// opened in place), lets `validator` keep some, and calls `action` with them, on the main actor.
    /// - Parameters:
    ///   - payloadType: The type pasted.
    ///   - action: Takes the pasted values.
    ///   - validator: Keeps the values that may be pasted; all of them by default. None kept: `action` is not
    ///     called.
    ///   - onFailure: Told why a paste brought nothing: the clipboard offers nothing that can be `T`
    ///     (`.noMatchingType`), its owner did not answer, an import failed.
    /// - Returns: The widget.
    @MainActor @discardableResult
    public func pasteDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping @MainActor ([T]) -> Void,
        validator: @escaping @MainActor ([T]) -> [T] = { $0 },
        onFailure: @escaping @MainActor (any Error) -> Void = { _ in }
    ) -> Self {
        WidgetClipboard.of(self).paste = {
            Task { @MainActor in
                do {
                    let kept = validator(try await GTKClipboard.paste(T.self))
                    if !kept.isEmpty { action(kept) }
                } catch {
                    onFailure(error)
                }
            }
        }
        return self
    }
}

/// One widget's copy, cut and paste: its `dndkit` actions and the shortcuts that activate them. Kept alive by the
/// widget (object data), found again by ``of(_:)`` when another of the three is added.
@MainActor
final class WidgetClipboard {
    var copy: (@MainActor () -> [ItemProvider])?
    var cut: (@MainActor () -> Void)?
    var paste: (@MainActor () -> Void)?

    private static let key = "dndkit-widget-clipboard"

    /// The widget's clipboard controller, made and attached the first time.
    static func of(_ widget: GTKWidget) -> WidgetClipboard {
        let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
        if let data = g_object_get_data(object, key),
            let existing = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? WidgetClipboard
        {
            return existing
        }
        GTKMainQueue.install()
        let controller = WidgetClipboard()
        g_object_set_data_full(
            object, key, Unmanaged.passRetained(controller as AnyObject).toOpaque(),
            { data in data.map { Unmanaged<AnyObject>.fromOpaque($0).release() } })
        controller.attach(to: widget)
        return controller
    }

    /// Adds the action group and the shortcuts.
    private func attach(to widget: GTKWidget) {
        let group = g_simple_action_group_new()
        for (name, perform) in [("copy", performCopy), ("cut", performCut), ("paste", performPaste)] {
            guard let action = g_simple_action_new(name, nil) else { continue }
            connect(action, Signals.activate, context: ActionBox(perform)) { _, _, data in
                guard let box = context(data, as: ActionBox.self) else { return }
                MainActor.assumeIsolated { box.perform() }
            }
            g_action_map_add_action(OpaquePointer(group), action)
            g_object_unref(UnsafeMutableRawPointer(action))
        }
        gtk_widget_insert_action_group(widget, "dndkit", OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))

        // Managed: the window runs them once the focused widget has not used the key (a focused text field keeps
        // its own Ctrl+C), whether or not this widget can take the focus (a label cannot).
        guard let shortcuts = gtk_shortcut_controller_new(), let motion = gtk_event_controller_motion_new() else {
            return
        }
        gtk_widget_add_controller(widget, motion)
        self.motion = motion
        gtk_shortcut_controller_set_scope(shortcuts, GTK_SHORTCUT_SCOPE_MANAGED)
        for (trigger, action) in [("<Control>c", "copy"), ("<Control>x", "cut"), ("<Control>v", "paste")] {
            let box = Unmanaged.passRetained(ShortcutBox(self, action: "dndkit." + action)).toOpaque()
            guard let trigger = gtk_shortcut_trigger_parse_string(trigger),
                let callback = gtk_callback_action_new(
                    { widget, _, data in
                        guard let widget, let data else { return 0 }
                        let box = Unmanaged<ShortcutBox>.fromOpaque(data).takeUnretainedValue()
                        let pointer = UncheckedPointer(UnsafeMutableRawPointer(widget))
                        return MainActor.assumeIsolated {
                            box.activate(on: pointer.pointer.assumingMemoryBound(to: GtkWidget.self)) ? 1 : 0
                        }
                    }, box, { data in data.map { Unmanaged<ShortcutBox>.fromOpaque($0).release() } })
            else { continue }
            gtk_shortcut_controller_add_shortcut(shortcuts, gtk_shortcut_new(trigger, callback))
        }
        gtk_widget_add_controller(widget, shortcuts)
    }

    /// The controller that knows whether the pointer is over the widget.
    private var motion: OpaquePointer?

    /// Whether a shortcut is meant for this widget: it (or a widget inside it) has the keyboard focus, or the pointer
    /// is over it.
    func isAddressed(_ widget: GTKWidget) -> Bool {
        guard gtk_widget_is_sensitive(widget) != 0 else { return false }
        if let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
            focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
        {
            return true
        }
        return motion.map { gtk_event_controller_motion_contains_pointer($0) != 0 } ?? false
    }

    /// Whether the widget has what `action` needs (a copy, a cut, a paste destination).
    func handles(_ action: String) -> Bool {
        switch action {
        case "dndkit.copy": copy != nil
        case "dndkit.cut": cut != nil
        default: paste != nil
        }
    }

    private func performCopy() {
        guard let items = copy?(), !items.isEmpty else { return }
        try? GTKClipboard.copy(items: items)
    }

    private func performCut() { cut?() }

    private func performPaste() { paste?() }
}

/// One shortcut's target: the widget's clipboard controller and the action the key activates.
@MainActor
final class ShortcutBox {
    let clipboard: WidgetClipboard
    let action: String

    init(_ clipboard: WidgetClipboard, action: String) {
        self.clipboard = clipboard
        self.action = action
    }

    /// Activates the action when the key is meant for the widget and it has what the action needs; false lets the
    /// key go on to other shortcuts.
    func activate(on widget: GTKWidget) -> Bool {
        guard clipboard.handles(action), clipboard.isAddressed(widget) else { return false }
        return gtk_widget_activate_action_variant(widget, action, nil) != 0
    }
}

/// A closure kept by a signal connection.
final class ActionBox {
    let perform: @MainActor () -> Void
    init(_ perform: @escaping @MainActor () -> Void) { self.perform = perform }
}
