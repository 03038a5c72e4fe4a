#ifndef NOTESTORE_CMAGIC_SHIM_H
#define NOTESTORE_CMAGIC_SHIM_H
#include <stddef.h>
#include <magic.h>
#include <dlfcn.h>

/* libmagic is loaded with dlopen when the first type is detected (see CCairo's shim.h). */
#define NOTES_MAGIC_FUNCTIONS(X) \
  X(magic_buffer) X(magic_close) X(magic_errno) X(magic_error) X(magic_load) X(magic_open) X(magic_version)

#define NOTES_MAGIC_FIELD(name) __typeof__(name) *_Nonnull name;
#define NOTES_MAGIC_LOAD(name) \
  if ((*(void **)&functions->name = dlsym(library, #name)) == NULL) return #name;

struct notes_magic_functions {
  NOTES_MAGIC_FUNCTIONS(NOTES_MAGIC_FIELD)
};

/* Fills `functions` from `library` (a dlopen handle of libmagic); the name of the first
   function missing, or NULL when all were found. */
static inline const char *_Nullable notes_magic_functions_load(
    void *_Nonnull library, struct notes_magic_functions *_Nonnull functions) {
  NOTES_MAGIC_FUNCTIONS(NOTES_MAGIC_LOAD)
  return NULL;
}
#endif
