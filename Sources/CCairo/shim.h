#ifndef NOTESTORE_CCAIRO_SHIM_H
#define NOTESTORE_CCAIRO_SHIM_H
#include <cairo.h>
#include <dlfcn.h>
#include <stddef.h>

/* cairo is loaded with dlopen when the first picture is drawn, not at start-up (it
   brings pixman, X11 and xcb with it). The functions QuickLook calls are taken from the
   library into this table; the header only supplies their types. */
#define NOTES_CAIRO_FUNCTIONS(X) \
  X(cairo_arc) X(cairo_clip) X(cairo_close_path) X(cairo_create) X(cairo_destroy) X(cairo_fill) \
  X(cairo_fill_preserve) X(cairo_get_source) X(cairo_image_surface_create) X(cairo_image_surface_get_data) \
  X(cairo_image_surface_get_stride) X(cairo_line_to) X(cairo_move_to) X(cairo_new_path) X(cairo_paint) \
  X(cairo_pattern_set_filter) X(cairo_rectangle) X(cairo_restore) X(cairo_save) X(cairo_scale) \
  X(cairo_set_line_width) X(cairo_set_source_rgb) X(cairo_set_source_surface) X(cairo_status) \
  X(cairo_status_to_string) X(cairo_stroke) X(cairo_surface_destroy) X(cairo_surface_flush) \
  X(cairo_surface_mark_dirty) X(cairo_surface_status) X(cairo_translate)

#define NOTES_CAIRO_FIELD(name) __typeof__(name) *_Nonnull name;
#define NOTES_CAIRO_LOAD(name) \
  if ((*(void **)&functions->name = dlsym(library, #name)) == NULL) return #name;

struct notes_cairo_functions {
  NOTES_CAIRO_FUNCTIONS(NOTES_CAIRO_FIELD)
};

/* Fills `functions` from `library` (a dlopen handle); the name of the first function
   missing, or NULL when all were found. */
static inline const char *_Nullable notes_cairo_functions_load(
    void *_Nonnull library, struct notes_cairo_functions *_Nonnull functions) {
  NOTES_CAIRO_FUNCTIONS(NOTES_CAIRO_LOAD)
  return NULL;
}
#endif
