// Escape during a drag under X11. GTK 4.8's X11 drag grabs Escape (and the arrows, space, Return) on the root window
// with XIGrabKeycode, but the key events the grab brings arrive for the root window, which GDK has no surface for:
// it drops them, and Escape never cancels the drag. Here a handler of the display's raw events ("xevent") sees the
// grabbed key press and cancels the drag itself, as GTK's own key handling would (GDK_DRAG_CANCEL_USER_CANCELLED).
// And a drop whose X11 source died: GTK is never told (no XdndLeave comes), so a target asks whether anyone still
// owns XdndSelection, which the X server clears when its owner's window goes. And which displays are X11's.
#include "CDnDKitGTK.h"

#ifdef GDK_WINDOWING_X11
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/keysym.h>
#include <gdk/x11/gdkx.h>

static gboolean dndkit_escape_xevent(GdkDisplay *display, const XEvent *xevent, gpointer data) {
    GdkDrag *drag = data;
    if (xevent->type != GenericEvent) return FALSE;
    const XGenericEventCookie *cookie = &xevent->xcookie;
    if (cookie->evtype != XI_KeyPress || cookie->data == NULL) return FALSE;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    int opcode = 0, event = 0, error = 0;
    if (!XQueryExtension(xdisplay, "XInputExtension", &opcode, &event, &error) || cookie->extension != opcode)
        return FALSE;
    const XIDeviceEvent *key = cookie->data;
    if (key->event != gdk_x11_display_get_xrootwindow(display)) return FALSE;
    if (XkbKeycodeToKeysym(xdisplay, (KeyCode)key->detail, 0, 0) != XK_Escape) return FALSE;
    dndkit_drag_unwatch_escape(drag);
    g_signal_emit_by_name(drag, "cancel", GDK_DRAG_CANCEL_USER_CANCELLED);
    return TRUE;
}
#endif

void dndkit_drag_watch_escape(GdkDrag *drag) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gdk_drag_get_display(drag);
    if (!GDK_IS_X11_DISPLAY(display)) return;
    g_signal_connect_object(display, "xevent", G_CALLBACK(dndkit_escape_xevent), drag, 0);
#else
    (void)drag;
#endif
}

void dndkit_drag_unwatch_escape(GdkDrag *drag) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gdk_drag_get_display(drag);
    if (!GDK_IS_X11_DISPLAY(display)) return;
    g_signal_handlers_disconnect_by_func(display, G_CALLBACK(dndkit_escape_xevent), drag);
#else
    (void)drag;
#endif
}

gboolean dndkit_drop_source_gone(GdkDrop *drop) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gdk_drop_get_display(drop);
    if (!GDK_IS_X11_DISPLAY(display)) return FALSE;
    Atom selection = gdk_x11_get_xatom_by_name_for_display(display, "XdndSelection");
    return XGetSelectionOwner(gdk_x11_display_get_xdisplay(display), selection) == None;
#else
    (void)drop;
    return FALSE;
#endif
}

gboolean dndkit_drag_is_x11(GdkDrag *drag) {
#ifdef GDK_WINDOWING_X11
    return GDK_IS_X11_DISPLAY(gdk_drag_get_display(drag));
#else
    (void)drag;
    return FALSE;
#endif
}

const char *dndkit_display_x11_name(GdkDisplay *display) {
#ifdef GDK_WINDOWING_X11
    return display != NULL && GDK_IS_X11_DISPLAY(display) ? gdk_display_get_name(display) : NULL;
#else
    (void)display;
    return NULL;
#endif
}
