#ifndef PHOTOZOOM_CTIFF_SHIM_H
#define PHOTOZOOM_CTIFF_SHIM_H
/* libtiff reading a TIFF's bytes from memory, for a loader to decode one of its
   reduced-resolution directories (SDL_image decodes only the first). libtiff asks for its
   reading through C callbacks, written here; it says nothing on stderr, and allocates at most
   `largest_allocation` bytes at once. */
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

typedef struct {
    const unsigned char *bytes;
    toff_t length;
    toff_t at;
} photozoom_tiff_memory;

static tmsize_t photozoom_tiff_read(thandle_t handle, void *into, tmsize_t count) {
    photozoom_tiff_memory *m = (photozoom_tiff_memory *)handle;
    if (count < 0 || m->at >= m->length) return 0;
    toff_t left = m->length - m->at;
    tmsize_t n = (toff_t)count < left ? count : (tmsize_t)left;
    memcpy(into, m->bytes + m->at, (size_t)n);
    m->at += (toff_t)n;
    return n;
}

static tmsize_t photozoom_tiff_write(thandle_t handle, void *from, tmsize_t count) {
    (void)handle; (void)from; (void)count;
    return 0;
}

static toff_t photozoom_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    photozoom_tiff_memory *m = (photozoom_tiff_memory *)handle;
    toff_t base = whence == SEEK_CUR ? m->at : whence == SEEK_END ? m->length : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    m->at = base + offset;
    return m->at;
}

static int photozoom_tiff_close(thandle_t handle) {
    free(handle);
    return 0;
}

static toff_t photozoom_tiff_size(thandle_t handle) { return ((photozoom_tiff_memory *)handle)->length; }

static int photozoom_tiff_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle; (void)base; (void)size;
    return 0;
}

static void photozoom_tiff_unmap(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

static int photozoom_tiff_quiet(TIFF *tiff, void *data, const char *module, const char *format, va_list args) {
    (void)tiff; (void)data; (void)module; (void)format; (void)args;
    return 1;
}

/* The TIFF in `length` bytes at `bytes` (which must outlive it), or NULL; close it with TIFFClose. */
static inline TIFF *photozoom_tiff_open(const void *bytes, size_t length, tmsize_t largest_allocation) {
    photozoom_tiff_memory *m = malloc(sizeof *m);
    if (!m) return NULL;
    m->bytes = bytes;
    m->length = length;
    m->at = 0;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) { free(m); return NULL; }
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, largest_allocation);
    TIFFOpenOptionsSetErrorHandlerExtR(options, photozoom_tiff_quiet, NULL);
    TIFFOpenOptionsSetWarningHandlerExtR(options, photozoom_tiff_quiet, NULL);
    TIFF *tiff = TIFFClientOpenExt("photo", "rm", m, photozoom_tiff_read, photozoom_tiff_write, photozoom_tiff_seek,
                                   photozoom_tiff_close, photozoom_tiff_size, photozoom_tiff_map, photozoom_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (!tiff) free(m);
    return tiff;
}

/* The current directory's Orientation tag (ORIENTATION_TOPLEFT where it has none). */
static inline int photozoom_tiff_orientation(TIFF *tiff) {
    uint16_t orientation = ORIENTATION_TOPLEFT;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
    return orientation;
}

/* The current directory's ICC colour profile (TIFFTAG_ICCPROFILE) and its length, or NULL. */
static inline const void *photozoom_tiff_icc(TIFF *tiff, uint32_t *length) {
    uint32_t count = 0;
    void *data = NULL;
    if (!TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &count, &data) || !data) return NULL;
    *length = count;
    return data;
}

/* The current directory's width and height, 0 where it does not say. */
static inline uint32_t photozoom_tiff_width(TIFF *tiff) { uint32_t v = 0; return TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &v) ? v : 0; }
static inline uint32_t photozoom_tiff_height(TIFF *tiff) { uint32_t v = 0; return TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &v) ? v : 0; }

/* A 16-bit field of the current directory (BitsPerSample, SampleFormat, Photometric and the
   like), libtiff's default where it has one, else `fallback`. */
static inline uint16_t photozoom_tiff_field16(TIFF *tiff, uint32_t tag, uint16_t fallback) {
    uint16_t v = fallback;
    if (!TIFFGetField(tiff, tag, &v)) TIFFGetFieldDefaulted(tiff, tag, &v);
    return v;
}

/* The kind of the current directory's first extra sample (EXTRASAMPLE_*), or -1 where it has none. */
static inline int photozoom_tiff_first_extra(TIFF *tiff) {
    uint16_t count = 0;
    uint16_t *kinds = NULL;
    if (!TIFFGetField(tiff, TIFFTAG_EXTRASAMPLES, &count, &kinds) || count == 0 || !kinds) return -1;
    return kinds[0];
}

/* The current directory's rows in each strip (libtiff's default: all of them). */
static inline uint32_t photozoom_tiff_rows_per_strip(TIFF *tiff) {
    uint32_t v = 0;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &v);
    return v;
}

/* Whether libtiff's RGBA reading can decode the current directory. TIFFRGBAImageOK passes
   CMYK of any depth, but only 8-bit CMYK is then read. */
static inline int photozoom_tiff_rgba_ok(TIFF *tiff) {
    char message[1024];
    uint16_t photometric = 0, bits = 0;
    TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    if (photometric == PHOTOMETRIC_SEPARATED && bits != 8) return 0;
    return TIFFRGBAImageOK(tiff, message);
}
#endif
