#ifndef CAREKIT_CCAIRO_SHIM_H
#define CAREKIT_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#endif
