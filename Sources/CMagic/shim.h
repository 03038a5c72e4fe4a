#ifndef NOTESTORE_CMAGIC_SHIM_H
#define NOTESTORE_CMAGIC_SHIM_H
#include <stddef.h>
#include <magic.h>
#endif
