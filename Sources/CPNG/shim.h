#ifndef PHOTOZOOM_CPNG_SHIM_H
#define PHOTOZOOM_CPNG_SHIM_H
#include <png.h>
#include <stdio.h>
#include <setjmp.h>
#include <string.h>
#include <zlib.h>
/* The header's macro is built of other macros, which Swift does not import; its value is. */
static const png_uint_32 photozoom_png_format_rgba = PNG_FORMAT_RGBA;

/* Decoding a PNG in memory with libpng's progressive reader, as browsers do: rows come as the
 * bytes for them do, so a file cut short gives every row it holds. libpng's errors longjmp,
 * so every call into it is made here, under a setjmp in the same C function, and its
 * callbacks are C too: no jump crosses a Swift frame. The one call out to Swift, for the
 * pixels, returns before libpng is called again. */

/* The memory for `width`×`height` RGBA pixels, rows packed, or NULL to stop. */
typedef unsigned char *(*photozoom_png_pixels_fn)(void *context, png_uint_32 width, png_uint_32 height);

typedef struct {
    png_structp png;
    png_infop info;
    photozoom_png_pixels_fn pixels_for;
    void *context;
    unsigned char *pixels;
    png_uint_32 width;
    png_uint_32 height;
    /* Rows given to the pixels, counting each pass of Adam7. */
    unsigned long rows;
    /* The image's data ended, whole. */
    int ended;
    /* libpng's last error. */
    char message[160];
} photozoom_png_reader;

static void photozoom_png_error(png_structp png, png_const_charp message) {
    photozoom_png_reader *reader = (photozoom_png_reader *)png_get_error_ptr(png);
    strncpy(reader->message, message ? message : "", sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = 0;
    png_longjmp(png, 1);
}

/* As libpng's own warning does: the loader catches its standard error and the window logs
 * the line with the file's name (DecoderNotes). */
static void photozoom_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    fprintf(stderr, "libpng warning: %s\n", message ? message : "");
}

/* The header, palette and tRNS are read: asks for the pixels, and has libpng make rows of
 * 8-bit RGBA with straight alpha, the values as stored (no gamma is set, so none is applied;
 * 16-bit samples are rounded to 8 bits, not cut). */
static void photozoom_png_info(png_structp png, png_infop info) {
    photozoom_png_reader *reader = (photozoom_png_reader *)png_get_progressive_ptr(png);
    reader->width = png_get_image_width(png, info);
    reader->height = png_get_image_height(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)reader->width * 4) png_error(png, "libpng makes no 8-bit RGBA of it");
    reader->pixels = reader->pixels_for(reader->context, reader->width, reader->height);
    if (!reader->pixels) png_error(png, "no memory for its pixels");
}

/* A row of a pass: libpng's combining puts an early pass's pixels over the ones later passes
 * will fill, so a cut-short Adam7 file shows in blocks, as in a browser. */
static void photozoom_png_row(png_structp png, png_bytep row, png_uint_32 number, int pass) {
    photozoom_png_reader *reader = (photozoom_png_reader *)png_get_progressive_ptr(png);
    (void)pass;
    if (!row || number >= reader->height) return;
    png_progressive_combine_row(png, reader->pixels + (size_t)number * reader->width * 4, row);
    reader->rows += 1;
}

static void photozoom_png_ended(png_structp png, png_infop info) {
    (void)info;
    ((photozoom_png_reader *)png_get_progressive_ptr(png))->ended = 1;
}

/* Decodes `count` bytes into the pixels `pixels_for` gives. Every chunk but the header,
 * palette, tRNS, the colours' (iCCP, inflated within the chunk limit; sRGB, gAMA, cHRM) and the
 * image data is skipped unread, so none is kept or inflated. Returns 1
 * when libpng found nothing wrong (a file cut short included: see `ended`), or 0 with the
 * reason in `message`. */
static inline int photozoom_png_decode(
    photozoom_png_reader *reader, const void *bytes, size_t count, png_uint_32 largest_side,
    png_alloc_size_t longest_chunk, photozoom_png_pixels_fn pixels_for, void *context) {
    memset(reader, 0, sizeof *reader);
    reader->pixels_for = pixels_for;
    reader->context = context;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, photozoom_png_error, photozoom_png_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        strcpy(reader->message, "libpng could not start");
        return 0;
    }
    if (setjmp(png_jmpbuf(reader->png))) return 0;
    png_set_user_limits(reader->png, largest_side, largest_side);
    png_set_chunk_cache_max(reader->png, 16);
    png_set_chunk_malloc_max(reader->png, longest_chunk);
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    /* But the colours', which the loader converts from. */
    static const png_byte profile[] = { 'i', 'C', 'C', 'P', '\0', 's', 'R', 'G', 'B', '\0',
                                        'g', 'A', 'M', 'A', '\0', 'c', 'H', 'R', 'M', '\0' };
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_AS_DEFAULT, profile, 4);
    png_set_progressive_read_fn(
        reader->png, reader, photozoom_png_info, photozoom_png_row, photozoom_png_ended);
    png_process_data(reader->png, reader->info, (png_bytep)bytes, count);
    return 1;
}

static inline void photozoom_png_finish(photozoom_png_reader *reader) {
    if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
}
#endif
