#ifndef CAREKIT_CLIBPQ_SHIM_H
#define CAREKIT_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
