#ifndef CAREKIT_CSQLITE_SHIM_H
#define CAREKIT_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
