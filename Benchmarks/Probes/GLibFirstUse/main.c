// GLib's first use of the desktop's MIME database in a fresh process (the anchor of ContentTypesFirstUse): the first
// g_content_type_guess by name reads the database (GLib's xdgmime, from mime.cache and the generated files). Prints
// the first call's time and a second call's, in nanoseconds.

#include <gio/gio.h>
#include <stdio.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (long long)time.tv_sec * 1000000000LL + time.tv_nsec;
}

int main(void) {
    gboolean uncertain = FALSE;
    long long start = now_ns();
    gchar *first = g_content_type_guess("file.torrent", NULL, 0, &uncertain);
    long long firstDone = now_ns();
    gchar *second = g_content_type_guess("file.png", NULL, 0, &uncertain);
    long long secondDone = now_ns();
    int known = first != NULL && g_strcmp0(first, "application/x-bittorrent") == 0;
    g_free(first);
    g_free(second);
    if (!known) {
        puts("GLib does not know .torrent");
        return 1;
    }
    printf("%lld %lld\n", firstDone - start, secondDone - firstDone);
    return 0;
}
