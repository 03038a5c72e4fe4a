#ifndef NOTESTORE_CPNG_SHIM_H
#define NOTESTORE_CPNG_SHIM_H
/* Only libpng's simplified API is used: it reports errors in png_image.message and
   never longjmps into Swift. */
#include <png.h>
#endif
