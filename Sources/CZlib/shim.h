#ifndef CAREKIT_CZLIB_SHIM_H
#define CAREKIT_CZLIB_SHIM_H
#include <zlib.h>
#endif
