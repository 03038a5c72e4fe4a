#ifndef NOTESTORE_CCAIRO_SHIM_H
#define NOTESTORE_CCAIRO_SHIM_H
#include <cairo.h>
#endif
