// GTK 4's C API for Swift, found with pkg-config `gtk4` (Debian: libgtk-4-dev). `glib-unix.h` adds GLib's fd sources,
// which the main-queue source of DnDKitGTK is.
#include <gtk/gtk.h>
#include <glib-unix.h>
