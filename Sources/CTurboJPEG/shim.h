#ifndef PHOTOZOOM_CTURBOJPEG_SHIM_H
#define PHOTOZOOM_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
