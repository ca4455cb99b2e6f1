#ifndef CAREKIT_CNETTLE_SHIM_H
#define CAREKIT_CNETTLE_SHIM_H
#include <nettle/hmac.h>
#include <nettle/sha1.h>
#endif
