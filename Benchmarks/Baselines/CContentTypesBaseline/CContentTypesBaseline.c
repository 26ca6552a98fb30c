#include "CContentTypesBaseline.h"

#include <gio/gio.h>
#include <magic.h>
#include <string.h>

int anchor_glib_is_a(const char *type, const char *supertype) {
    return g_content_type_is_a(type, supertype) ? 1 : 0;
}

size_t anchor_glib_guess_by_name(const char *filename) {
    gboolean uncertain = FALSE;
    gchar *type = g_content_type_guess(filename, NULL, 0, &uncertain);
    size_t length = type != NULL ? strlen(type) : 0;
    g_free(type);
    return length;
}

size_t anchor_glib_from_mime_type(const char *mime_type) {
    gchar *type = g_content_type_from_mime_type(mime_type);
    size_t length = type != NULL ? strlen(type) : 0;
    g_free(type);
    return length;
}

int anchor_magic_flags(void) {
    return MAGIC_MIME_TYPE | MAGIC_MIME_ENCODING | MAGIC_NO_CHECK_COMPRESS | MAGIC_NO_CHECK_ELF | MAGIC_NO_CHECK_APPTYPE;
}

void *anchor_magic_open(int flags) {
    magic_t cookie = magic_open(flags);
    if (cookie == NULL) {
        return NULL;
    }
    if (magic_load(cookie, NULL) != 0) {
        magic_close(cookie);
        return NULL;
    }
    return cookie;
}

size_t anchor_magic_buffer(void *handle, const void *bytes, size_t count) {
    const char *answer = magic_buffer((magic_t)handle, bytes, count);
    return answer != NULL ? strlen(answer) : 0;
}

void anchor_magic_close(void *handle) {
    magic_close((magic_t)handle);
}
