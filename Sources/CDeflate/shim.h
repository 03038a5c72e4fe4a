#ifndef NOTESTORE_CDEFLATE_SHIM_H
#define NOTESTORE_CDEFLATE_SHIM_H
/* libdeflate: whole-buffer zlib inflation, about twice as fast as zlib's inflate on
   git's tree objects. */
#include <libdeflate.h>
#endif
