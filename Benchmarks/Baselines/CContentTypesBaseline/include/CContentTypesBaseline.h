#ifndef CCONTENTTYPES_BASELINE_H
#define CCONTENTTYPES_BASELINE_H

// The comparison points of ContentTypesBenchmarks: what a C program calling GLib's content type functions and
// libmagic directly does, so that ContentTypes and the C libraries are measured in the same run on the same input.
// Every function calls the C library once per call and frees what it returned, as a program would.

#include <stddef.h>
#include <stdint.h>

/// g_content_type_is_a(type, supertype). GLib's content types on Linux are MIME types.
int anchor_glib_is_a(const char *type, const char *supertype);

/// g_content_type_guess(filename, NULL, 0, &uncertain): the type of a file by its name alone; g_free's the answer.
/// Returns the length of the answer, so that the call cannot be optimised away.
size_t anchor_glib_guess_by_name(const char *filename);

/// g_content_type_from_mime_type(mime_type): GLib's content type for a MIME type; g_free's the answer. Returns
/// the length of the answer.
size_t anchor_glib_from_mime_type(const char *mime_type);

/// The flags ContentTypes' libmagic handles use (MagicHandle.flags): MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING |
/// MAGIC_NO_CHECK_COMPRESS | MAGIC_NO_CHECK_ELF | MAGIC_NO_CHECK_APPTYPE.
int anchor_magic_flags(void);

/// A libmagic handle opened with `flags` and the default database loaded (magic_open, magic_load); NULL on failure.
void *anchor_magic_open(int flags);

/// magic_buffer(handle, bytes, count). Returns the length of the answer, 0 when there is none.
size_t anchor_magic_buffer(void *handle, const void *bytes, size_t count);

/// magic_close(handle).
void anchor_magic_close(void *handle);

#endif
