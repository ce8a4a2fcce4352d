#ifndef PHOTOZOOM_CLCMS_SHIM_H
#define PHOTOZOOM_CLCMS_SHIM_H
/* Little CMS 2, which converts a photo's colours from its embedded profile to the screen's
   sRGB inside a loader. Its pixel-format words are macros of macros that Swift cannot import:
   the few used are spelled out here. */
#include <lcms2.h>

static const cmsUInt32Number photozoom_lcms_rgba8 = TYPE_RGBA_8;
static const cmsUInt32Number photozoom_lcms_cmyk8 = TYPE_CMYK_8;
/* Ink stored inverted (255 is none), as Adobe's CMYK JPEGs hold it. */
static const cmsUInt32Number photozoom_lcms_cmyk8_inverted = TYPE_CMYK_8_REV;
static const cmsUInt32Number photozoom_lcms_grey8 = TYPE_GRAY_8;
/* A grey picture stored as RGBA with red, green and blue equal: the grey is the first byte,
   the other three are passed over (and the output's alpha left as it is). */
static const cmsUInt32Number photozoom_lcms_grey8_in_rgba = COLORSPACE_SH(PT_GRAY) | EXTRA_SH(3) | CHANNELS_SH(1) | BYTES_SH(1);
/* Linear light as floats, 1.0 white: tone-mapped HDR. */
static const cmsUInt32Number photozoom_lcms_rgba_float = TYPE_RGBA_FLT;
static const cmsUInt32Number photozoom_lcms_lab_double = TYPE_Lab_DBL;
static const cmsUInt32Number photozoom_lcms_rgb8 = TYPE_RGB_8;

/* lcms2's complaints go nowhere: a profile it cannot read is ignored, and the photo shown as it is. */
static void photozoom_lcms_quiet(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)context; (void)code; (void)text;
}
static inline void photozoom_lcms_silence(void) { cmsSetLogErrorHandler(photozoom_lcms_quiet); }
#endif
