#ifndef NOTESTORE_CPANGOCAIRO_SHIM_H
#define NOTESTORE_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#include <dlfcn.h>
#include <stddef.h>

/* pango is loaded with dlopen when the first picture is drawn (see CCairo's shim.h);
   g_object_unref comes from GObject, which pango loads. */
#define NOTES_PANGO_FUNCTIONS(X) \
  X(pango_attr_background_new) X(pango_attr_family_new) X(pango_attr_foreground_new) \
  X(pango_attr_list_insert) X(pango_attr_list_new) X(pango_attr_list_unref) X(pango_attr_rise_new) \
  X(pango_attr_size_new_absolute) X(pango_attr_strikethrough_new) X(pango_attr_style_new) \
  X(pango_attr_underline_new) X(pango_attr_weight_new) X(pango_cairo_create_layout) \
  X(pango_cairo_show_layout) X(pango_font_description_free) X(pango_font_description_new) \
  X(pango_font_description_set_absolute_size) X(pango_font_description_set_family) \
  X(pango_font_description_set_weight) X(pango_layout_get_size) X(pango_layout_set_alignment) \
  X(pango_layout_set_attributes) X(pango_layout_set_ellipsize) X(pango_layout_set_font_description) \
  X(pango_layout_set_indent) X(pango_layout_set_justify) X(pango_layout_set_text) \
  X(pango_layout_set_width) X(pango_layout_set_wrap) X(g_object_unref)

#define NOTES_PANGO_FIELD(name) __typeof__(name) *_Nonnull name;
#define NOTES_PANGO_LOAD(name) \
  if ((*(void **)&functions->name = dlsym(library, #name)) == NULL) return #name;

struct notes_pango_functions {
  NOTES_PANGO_FUNCTIONS(NOTES_PANGO_FIELD)
};

/* Fills `functions` from `library` (a dlopen handle of libpangocairo); the name of the
   first function missing, or NULL when all were found. */
static inline const char *_Nullable notes_pango_functions_load(
    void *_Nonnull library, struct notes_pango_functions *_Nonnull functions) {
  NOTES_PANGO_FUNCTIONS(NOTES_PANGO_LOAD)
  return NULL;
}
#endif
