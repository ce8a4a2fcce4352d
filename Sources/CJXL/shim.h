#ifndef PHOTOZOOM_CJXL_SHIM_H
#define PHOTOZOOM_CJXL_SHIM_H
/* libjxl's decoder, inside a loader only, with no parallel runner: it then decodes on the
   caller's thread, and starts none (the loader's system-call filter refuses a new thread). */
#include <jxl/decode.h>
#endif
