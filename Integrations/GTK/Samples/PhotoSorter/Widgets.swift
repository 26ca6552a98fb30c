import CGtk
import DnDKitGTK
import Foundation

/// The few GTK widgets the sorter is made of.
@MainActor
enum Widgets {
    static func box(horizontal: Bool) -> GTKWidget {
        gtk_box_new(horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, 6)
    }

    /// A titled vertical pane, appended to `parent`, that fills its share of the window.
    static func pane(_ title: String, in parent: GTKWidget) -> GTKWidget {
        let pane = box(horizontal: false)
        gtk_widget_set_hexpand(pane, 1)
        gtk_widget_set_vexpand(pane, 1)
        gtk_widget_add_css_class(pane, "pane")
        gtk_box_append(asBox(pane), gtk_label_new(title))
        gtk_box_append(asBox(parent), pane)
        return pane
    }

    /// A photo's thumbnail and name.
    static func tile(_ photo: Photo) -> GTKWidget {
        let tile = box(horizontal: false)
        let texture = photo.png.withUnsafeBytes { buffer -> OpaquePointer? in
            guard let bytes = g_bytes_new(buffer.baseAddress, gsize(buffer.count)) else { return nil }
            defer { g_bytes_unref(bytes) }
            return gdk_texture_new_from_bytes(bytes, nil)
        }
        if let texture, let picture = gtk_picture_new_for_paintable(texture) {
            gtk_widget_set_size_request(picture, 96, 72)
            gtk_widget_set_halign(picture, GTK_ALIGN_CENTER)
            gtk_box_append(asBox(tile), picture)
            g_object_unref(UnsafeMutableRawPointer(texture))
        }
        gtk_box_append(asBox(tile), gtk_label_new(photo.name))
        return tile
    }

    /// Removes a box's children (but its title).
    static func removeChildren(of box: GTKWidget, keepingFirst: Bool) {
        var child = gtk_widget_get_first_child(box)
        if keepingFirst { child = child.flatMap { gtk_widget_get_next_sibling($0) } }
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            gtk_box_remove(asBox(box), current)
        }
    }

    /// Highlights a pane while a drag it can take hovers over it.
    static func light(_ pane: GTKWidget, _ on: Bool) {
        if on { gtk_widget_add_css_class(pane, "targeted") } else { gtk_widget_remove_css_class(pane, "targeted") }
    }
}

/// The sorter's look.
@MainActor
enum Styles {
    static func install() {
        guard let provider = gtk_css_provider_new(), let display = gdk_display_get_default() else { return }
        let css =
            ".pane { border: 2px solid #bbb; padding: 6px; } .targeted { border-color: #2a7de1; background: #dbe9fb; }"
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

/// A `GtkWidget *` that is a box, as a `GtkBox *`.
func asBox(_ widget: GTKWidget) -> UnsafeMutablePointer<GtkBox> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
}
