#ifndef NOTESTORE_CGDKPIXBUF_SHIM_H
#define NOTESTORE_CGDKPIXBUF_SHIM_H
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <dlfcn.h>
#include <stddef.h>

/* gdk-pixbuf is loaded with dlopen when the first image is decoded or drawn (see CCairo's
   shim.h); the GLib and GObject functions come from the libraries it loads. */
#define NOTES_PIXBUF_FUNCTIONS(X) \
  X(gdk_pixbuf_apply_embedded_orientation) X(gdk_pixbuf_format_get_name) X(gdk_pixbuf_get_has_alpha) \
  X(gdk_pixbuf_get_height) X(gdk_pixbuf_get_n_channels) X(gdk_pixbuf_get_pixels_with_length) \
  X(gdk_pixbuf_get_rowstride) X(gdk_pixbuf_get_width) X(gdk_pixbuf_loader_close) \
  X(gdk_pixbuf_loader_get_format) X(gdk_pixbuf_loader_get_pixbuf) X(gdk_pixbuf_loader_new) \
  X(gdk_pixbuf_loader_set_size) X(gdk_pixbuf_loader_write) X(gdk_pixbuf_new_from_data) \
  X(gdk_pixbuf_save_to_bufferv) X(g_error_free) X(g_free) X(g_object_unref) X(g_signal_connect_data)

#define NOTES_PIXBUF_FIELD(name) __typeof__(name) *_Nonnull name;
#define NOTES_PIXBUF_LOAD(name) \
  if ((*(void **)&functions->name = dlsym(library, #name)) == NULL) return #name;

struct notes_pixbuf_functions {
  NOTES_PIXBUF_FUNCTIONS(NOTES_PIXBUF_FIELD)
};

/* Fills `functions` from `library` (a dlopen handle of libgdk_pixbuf); the name of the
   first function missing, or NULL when all were found. */
static inline const char *_Nullable notes_pixbuf_functions_load(
    void *_Nonnull library, struct notes_pixbuf_functions *_Nonnull functions) {
  NOTES_PIXBUF_FUNCTIONS(NOTES_PIXBUF_LOAD)
  return NULL;
}

/* g_signal_connect is a macro (and G_CALLBACK a cast), which Swift cannot call: the
   loader's "size-prepared" signal, the one this package needs, is connected here. */
typedef void (*notes_size_prepared_callback)(GdkPixbufLoader *loader, int width, int height, void *context);
static inline unsigned long notes_pixbuf_loader_on_size_prepared(
    const struct notes_pixbuf_functions *_Nonnull functions, GdkPixbufLoader *loader,
    notes_size_prepared_callback callback, void *context) {
  return functions->g_signal_connect_data(loader, "size-prepared", G_CALLBACK(callback), context, NULL, (GConnectFlags)0);
}
#endif
