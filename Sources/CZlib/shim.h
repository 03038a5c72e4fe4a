#ifndef NOTESTORE_CZLIB_SHIM_H
#define NOTESTORE_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro (it passes the header's version and the stream's size), which
   Swift cannot call. */
static inline int notes_deflate_init(z_stream *stream, int level, int strategy) {
  return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
/* inflateInit is a macro too. */
static inline int notes_inflate_init(z_stream *stream) {
  return inflateInit(stream);
}
#endif
