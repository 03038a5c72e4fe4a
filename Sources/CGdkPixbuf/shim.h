#ifndef NOTESTORE_CGDKPIXBUF_SHIM_H
#define NOTESTORE_CGDKPIXBUF_SHIM_H
#include <gdk-pixbuf/gdk-pixbuf.h>

/* g_signal_connect is a macro (and G_CALLBACK a cast), which Swift cannot call: the
   loader's "size-prepared" signal, the one this package needs, is connected here. */
typedef void (*notes_size_prepared_callback)(GdkPixbufLoader *loader, int width, int height, void *context);
static inline unsigned long notes_pixbuf_loader_on_size_prepared(
    GdkPixbufLoader *loader, notes_size_prepared_callback callback, void *context) {
  return g_signal_connect(loader, "size-prepared", G_CALLBACK(callback), context);
}
#endif
