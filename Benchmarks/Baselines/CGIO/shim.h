#ifndef CGIO_SHIM_H
#define CGIO_SHIM_H

// GLib's GIO, for the content type anchor of ContentTypesBenchmarks only: this module exists so that the package
// manager passes `pkg-config gio-2.0`'s flags to CContentTypesBaseline. Swift code never imports it.
#include <gio/gio.h>

#endif
