#ifndef PHOTOZOOM_CSDL2_SHIM_H
#define PHOTOZOOM_CSDL2_SHIM_H
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <SDL_syswm.h>
#endif
