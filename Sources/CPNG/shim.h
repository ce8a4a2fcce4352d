#ifndef PHOTOZOOM_CPNG_SHIM_H
#define PHOTOZOOM_CPNG_SHIM_H
#include <png.h>
#include <zlib.h>
/* The header's macro is built of other macros, which Swift does not import; its value is. */
static const png_uint_32 photozoom_png_format_rgba = PNG_FORMAT_RGBA;
#endif
