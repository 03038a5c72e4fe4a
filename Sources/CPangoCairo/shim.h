#ifndef NOTESTORE_CPANGOCAIRO_SHIM_H
#define NOTESTORE_CPANGOCAIRO_SHIM_H
#include <pango/pangocairo.h>
#endif
