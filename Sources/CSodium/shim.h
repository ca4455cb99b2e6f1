#ifndef CAREKIT_CSODIUM_SHIM_H
#define CAREKIT_CSODIUM_SHIM_H
#include <sodium.h>
#endif
