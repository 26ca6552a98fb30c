#include "CDnDKitGTK.h"

// A GdkContentProvider whose formats are fixed at creation and whose data Swift produces on demand.

typedef struct {
    GdkContentProvider parent_instance;
    GdkContentFormats *formats;
    DnDKitProviderCallbacks callbacks;
} DnDKitContentProvider;

typedef struct {
    GdkContentProviderClass parent_class;
} DnDKitContentProviderClass;

G_DEFINE_TYPE(DnDKitContentProvider, dndkit_content_provider, GDK_TYPE_CONTENT_PROVIDER)

static void dndkit_content_provider_finalize(GObject *object) {
    DnDKitContentProvider *self = (DnDKitContentProvider *)object;
    g_clear_pointer(&self->formats, gdk_content_formats_unref);
    if (self->callbacks.release != NULL) self->callbacks.release(self->callbacks.context);
    self->callbacks.release = NULL;
    G_OBJECT_CLASS(dndkit_content_provider_parent_class)->finalize(object);
}

static GdkContentFormats *dndkit_content_provider_ref_formats(GdkContentProvider *provider) {
    return gdk_content_formats_ref(((DnDKitContentProvider *)provider)->formats);
}

static void dndkit_content_provider_write_mime_type_async(GdkContentProvider *provider, const char *mime_type,
                                                          GOutputStream *stream, int io_priority,
                                                          GCancellable *cancellable, GAsyncReadyCallback callback,
                                                          gpointer user_data) {
    DnDKitContentProvider *self = (DnDKitContentProvider *)provider;
    GTask *task = g_task_new(provider, cancellable, callback, user_data);
    g_task_set_priority(task, io_priority);
    g_task_set_source_tag(task, dndkit_content_provider_write_mime_type_async);
    g_task_set_task_data(task, g_object_ref(stream), g_object_unref);
    if (!gdk_content_formats_contain_mime_type(self->formats, mime_type)) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Cannot provide contents as “%s”",
                                mime_type);
        g_object_unref(task);
        return;
    }
    self->callbacks.write(self->callbacks.context, mime_type, task);
}

static gboolean dndkit_content_provider_write_mime_type_finish(GdkContentProvider *provider, GAsyncResult *result,
                                                               GError **error) {
    (void)provider;
    return g_task_propagate_boolean(G_TASK(result), error);
}

static void dndkit_content_provider_class_init(DnDKitContentProviderClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GdkContentProviderClass *provider_class = GDK_CONTENT_PROVIDER_CLASS(klass);
    object_class->finalize = dndkit_content_provider_finalize;
    provider_class->ref_formats = dndkit_content_provider_ref_formats;
    provider_class->write_mime_type_async = dndkit_content_provider_write_mime_type_async;
    provider_class->write_mime_type_finish = dndkit_content_provider_write_mime_type_finish;
}

static void dndkit_content_provider_init(DnDKitContentProvider *self) { (void)self; }

GdkContentProvider *dndkit_content_provider_new(const char *const *mime_types, gsize count,
                                                DnDKitProviderCallbacks callbacks) {
    DnDKitContentProvider *self = g_object_new(dndkit_content_provider_get_type(), NULL);
    GdkContentFormatsBuilder *builder = gdk_content_formats_builder_new();
    for (gsize i = 0; i < count; i++) gdk_content_formats_builder_add_mime_type(builder, mime_types[i]);
    self->formats = gdk_content_formats_builder_free_to_formats(builder);
    self->callbacks = callbacks;
    return GDK_CONTENT_PROVIDER(self);
}

// The bytes being written, owned until the write ends.
typedef struct {
    GTask *task;
    GBytes *bytes;
} PendingWrite;

static void write_done(GObject *source, GAsyncResult *result, gpointer data) {
    PendingWrite *pending = data;
    GError *error = NULL;
    if (g_output_stream_write_all_finish(G_OUTPUT_STREAM(source), result, NULL, &error))
        g_task_return_boolean(pending->task, TRUE);
    else
        g_task_return_error(pending->task, error);
    g_object_unref(pending->task);
    g_bytes_unref(pending->bytes);
    g_free(pending);
}

void dndkit_task_return_bytes(GTask *task, const void *bytes, gsize length) {
    PendingWrite *pending = g_new0(PendingWrite, 1);
    pending->task = task;
    pending->bytes = g_bytes_new(bytes, length);
    gsize size = 0;
    const void *data = g_bytes_get_data(pending->bytes, &size);
    g_output_stream_write_all_async(G_OUTPUT_STREAM(g_task_get_task_data(task)), data, size,
                                    g_task_get_priority(task), g_task_get_cancellable(task), write_done, pending);
}

void dndkit_task_return_error(GTask *task, const char *message) {
    g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", message);
    g_object_unref(task);
}

void dndkit_drag_cancel(GdkDrag *drag) {
    g_signal_emit_by_name(drag, "cancel", GDK_DRAG_CANCEL_ERROR);
}
