#ifndef PHOTOZOOM_CHEIF_SHIM_H
#define PHOTOZOOM_CHEIF_SHIM_H
/* libheif, inside a loader only, with its two decoders replaced by ones that start no thread:
   the loader's system-call filter refuses every new thread, and libheif's own plugins start
   them (libde265 one worker, dav1d one a core), then wait on them forever or fail. These feed
   the same libraries, HEVC to libde265 and AV1 to dav1d, and decode on the caller's thread.
   Each hands libheif its planes as decoded, with the colour description the bitstream gives
   (libheif converts to RGB by it), as libheif's own plugins do. */
#include <dav1d/dav1d.h>
#include <errno.h>
#include <libde265/de265.h>
#include <libheif/heif.h>
#include <libheif/heif_plugin.h>
#include <stdlib.h>
#include <string.h>

static const struct heif_error photozoom_heif_ok = {heif_error_Ok, heif_suberror_Unspecified, ""};

static inline struct heif_error photozoom_heif_failure(const char *message) {
    struct heif_error error = {heif_error_Decoder_plugin_error, heif_suberror_Unspecified, message};
    return error;
}

/* Our plugins win over libheif's own (priority 100 for libde265, 150 for dav1d). */
enum { photozoom_heif_priority = 1000 };

/* A picture's planes copied into a new heif_image: `planes` of them (1 for grey, else Y, Cb,
   Cr), each `widths[i]`×`heights[i]` samples of `depth` bits, rows `strides[i]` bytes apart. */
static inline struct heif_error photozoom_heif_image(struct heif_image **out, int width, int height, enum heif_chroma chroma,
                                                     int depth, int planes, const uint8_t *const data[3],
                                                     const ptrdiff_t strides[3], const int widths[3], const int heights[3],
                                                     int primaries, int transfer, int matrix, int full_range) {
    enum heif_colorspace space = planes == 1 ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    struct heif_error error = heif_image_create(width, height, space, planes == 1 ? heif_chroma_monochrome : chroma, out);
    if (error.code != heif_error_Ok) return error;
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    size_t sample = depth > 8 ? 2 : 1;
    for (int i = 0; i < planes; i++) {
        if (widths[i] <= 0 || heights[i] <= 0) return photozoom_heif_failure("a plane of no samples");
        error = heif_image_add_plane(*out, channels[i], widths[i], heights[i], depth);
        if (error.code != heif_error_Ok) return error;
        int stride = 0;
        uint8_t *into = heif_image_get_plane(*out, channels[i], &stride);
        if (!into) return photozoom_heif_failure("no plane to copy into");
        for (int y = 0; y < heights[i]; y++) memcpy(into + (size_t)y * stride, data[i] + y * strides[i], widths[i] * sample);
    }
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    if (nclx) {
        /* A value the bitstream gives that libheif does not know keeps its default. */
        (void)heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)primaries);
        (void)heif_nclx_color_profile_set_transfer_characteristics(nclx, (uint16_t)transfer);
        (void)heif_nclx_color_profile_set_matrix_coefficients(nclx, (uint16_t)matrix);
        nclx->full_range_flag = (uint8_t)(full_range != 0);
        (void)heif_image_set_nclx_color_profile(*out, nclx);
        heif_nclx_color_profile_free(nclx);
    }
    return photozoom_heif_ok;
}

/* ---- HEVC through libde265, with no worker thread. ---- */

static const char *photozoom_hevc_name(void) { return "PhotoZoom's libde265 HEVC decoder, on the caller's thread"; }
static void photozoom_hevc_init(void) { de265_init(); }
static void photozoom_hevc_deinit(void) { de265_free(); }
static int photozoom_hevc_supports(enum heif_compression_format format) {
    return format == heif_compression_HEVC ? photozoom_heif_priority : 0;
}

static struct heif_error photozoom_hevc_new(void **decoder) {
    de265_decoder_context *context = de265_new_decoder();
    if (!context) return photozoom_heif_failure("libde265 could not start");
    *decoder = context;
    return photozoom_heif_ok;
}

static void photozoom_hevc_free(void *decoder) { (void)de265_free_decoder((de265_decoder_context *)decoder); }

/* libheif pushes the hvcC's parameter sets, then the picture: NAL units, each after its 4-byte length. */
static struct heif_error photozoom_hevc_push(void *decoder, const void *bytes, size_t size) {
    const uint8_t *data = bytes;
    size_t at = 0;
    while (at < size) {
        if (size - at < 4) return photozoom_heif_failure("a NAL unit's length is cut short");
        size_t length = (size_t)data[at] << 24 | (size_t)data[at + 1] << 16 | (size_t)data[at + 2] << 8 | data[at + 3];
        at += 4;
        if (length > size - at || length > INT32_MAX) return photozoom_heif_failure("a NAL unit runs past its data");
        if (de265_push_NAL((de265_decoder_context *)decoder, data + at, (int)length, 0, NULL) != DE265_OK) {
            return photozoom_heif_failure("libde265 refused a NAL unit");
        }
        at += length;
    }
    return photozoom_heif_ok;
}

static struct heif_error photozoom_hevc_decode(void *decoder, struct heif_image **out) {
    de265_decoder_context *context = decoder;
    *out = NULL;
    if (de265_flush_data(context) != DE265_OK) return photozoom_heif_failure("libde265 could not take the data");
    int more = 0;
    do {
        more = 0;
        de265_error error = de265_decode(context, &more);
        if (error != DE265_OK && error != DE265_ERROR_WAITING_FOR_INPUT_DATA) {
            return photozoom_heif_failure("libde265 could not decode the picture");
        }
        const struct de265_image *picture = de265_get_next_picture(context);
        if (picture) {
            int planes = de265_get_chroma_format(picture) == de265_chroma_mono ? 1 : 3;
            int depth = de265_get_bits_per_pixel(picture, 0);
            const uint8_t *data[3] = {0};
            ptrdiff_t strides[3] = {0};
            int widths[3] = {0}, heights[3] = {0};
            for (int i = 0; i < planes; i++) {
                int stride = 0;
                data[i] = de265_get_image_plane(picture, i, &stride);
                strides[i] = stride;
                widths[i] = de265_get_image_width(picture, i);
                heights[i] = de265_get_image_height(picture, i);
                if (de265_get_bits_per_pixel(picture, i) != depth) {
                    return photozoom_heif_failure("its planes differ in depth");
                }
            }
            struct heif_error made = photozoom_heif_image(
                out, widths[0], heights[0], (enum heif_chroma)de265_get_chroma_format(picture), depth, planes, data, strides,
                widths, heights, de265_get_image_colour_primaries(picture), de265_get_image_transfer_characteristics(picture),
                de265_get_image_matrix_coefficients(picture), de265_get_image_full_range_flag(picture));
            de265_release_next_picture(context);
            if (made.code != heif_error_Ok && *out) {
                heif_image_release(*out);
                *out = NULL;
            }
            return made;
        }
    } while (more);
    return photozoom_heif_failure("libde265 decoded no picture");
}

static void photozoom_heif_strict(void *decoder, int flag) { (void)decoder; (void)flag; }

/* ---- AV1 through dav1d, on one thread. ---- */

typedef struct {
    Dav1dContext *context;
    uint8_t *bytes;
    size_t length;
} photozoom_av1_decoder;

static const char *photozoom_av1_name(void) { return "PhotoZoom's dav1d AV1 decoder, on the caller's thread"; }
static int photozoom_av1_supports(enum heif_compression_format format) {
    return format == heif_compression_AV1 ? photozoom_heif_priority : 0;
}

static struct heif_error photozoom_av1_new(void **decoder) {
    photozoom_av1_decoder *d = calloc(1, sizeof *d);
    if (!d) return photozoom_heif_failure("no memory for dav1d");
    Dav1dSettings settings;
    dav1d_default_settings(&settings);
    settings.n_threads = 1;
    settings.max_frame_delay = 1;
    settings.all_layers = 0;
    if (dav1d_open(&d->context, &settings) != 0) {
        free(d);
        return photozoom_heif_failure("dav1d could not start");
    }
    *decoder = d;
    return photozoom_heif_ok;
}

static void photozoom_av1_free(void *decoder) {
    photozoom_av1_decoder *d = decoder;
    dav1d_close(&d->context);
    free(d->bytes);
    free(d);
}

/* libheif pushes the av1C's configuration OBUs, then the picture's: kept whole until decoded. */
static struct heif_error photozoom_av1_push(void *decoder, const void *bytes, size_t size) {
    photozoom_av1_decoder *d = decoder;
    if (size > SIZE_MAX - d->length) return photozoom_heif_failure("too much data");
    uint8_t *grown = realloc(d->bytes, d->length + size);
    if (!grown) return photozoom_heif_failure("no memory for the data");
    memcpy(grown + d->length, bytes, size);
    d->bytes = grown;
    d->length += size;
    return photozoom_heif_ok;
}

static struct heif_error photozoom_av1_decode(void *decoder, struct heif_image **out) {
    photozoom_av1_decoder *d = decoder;
    *out = NULL;
    Dav1dData data = {0};
    uint8_t *into = dav1d_data_create(&data, d->length);
    if (!into) return photozoom_heif_failure("no memory for dav1d's data");
    memcpy(into, d->bytes, d->length);
    Dav1dPicture picture = {0};
    int got = DAV1D_ERR(EAGAIN);
    /* Send until all is taken, then take the one picture (one thread, one frame of delay). */
    while (got == DAV1D_ERR(EAGAIN)) {
        int sent = data.sz > 0 ? dav1d_send_data(d->context, &data) : 0;
        if (sent < 0 && sent != DAV1D_ERR(EAGAIN)) break;
        got = dav1d_get_picture(d->context, &picture);
        if (got == DAV1D_ERR(EAGAIN) && data.sz == 0 && sent == 0) {
            got = dav1d_get_picture(d->context, &picture);
            if (got == DAV1D_ERR(EAGAIN)) break;
        }
    }
    if (data.sz > 0) dav1d_data_unref(&data);
    if (got < 0) return photozoom_heif_failure("dav1d decoded no picture");
    int planes = picture.p.layout == DAV1D_PIXEL_LAYOUT_I400 ? 1 : 3;
    int across = picture.p.layout == DAV1D_PIXEL_LAYOUT_I444 ? 0 : 1;
    int down = picture.p.layout == DAV1D_PIXEL_LAYOUT_I420 ? 1 : 0;
    enum heif_chroma chroma = picture.p.layout == DAV1D_PIXEL_LAYOUT_I420   ? heif_chroma_420
                              : picture.p.layout == DAV1D_PIXEL_LAYOUT_I422 ? heif_chroma_422
                                                                            : heif_chroma_444;
    const uint8_t *data3[3] = {picture.data[0], picture.data[1], picture.data[2]};
    ptrdiff_t strides[3] = {picture.stride[0], picture.stride[1], picture.stride[1]};
    int widths[3] = {picture.p.w, (picture.p.w + across) >> across, (picture.p.w + across) >> across};
    int heights[3] = {picture.p.h, (picture.p.h + down) >> down, (picture.p.h + down) >> down};
    const Dav1dSequenceHeader *sequence = picture.seq_hdr;
    struct heif_error made = photozoom_heif_image(
        out, picture.p.w, picture.p.h, chroma, picture.p.bpc, planes, data3, strides, widths, heights,
        sequence ? (int)sequence->pri : 2, sequence ? (int)sequence->trc : 2, sequence ? (int)sequence->mtrx : 2,
        sequence ? sequence->color_range : 1);
    dav1d_picture_unref(&picture);
    if (made.code != heif_error_Ok && *out) {
        heif_image_release(*out);
        *out = NULL;
    }
    return made;
}

static const struct heif_decoder_plugin photozoom_hevc_plugin = {
    3, photozoom_hevc_name, photozoom_hevc_init, photozoom_hevc_deinit, photozoom_hevc_supports, photozoom_hevc_new,
    photozoom_hevc_free, photozoom_hevc_push, photozoom_hevc_decode, photozoom_heif_strict, "photozoom-libde265"};

static const struct heif_decoder_plugin photozoom_av1_plugin = {
    3, photozoom_av1_name, NULL, NULL, photozoom_av1_supports, photozoom_av1_new,
    photozoom_av1_free, photozoom_av1_push, photozoom_av1_decode, photozoom_heif_strict, "photozoom-dav1d"};

/* libheif started, with the two decoders above registered over its own; 0 on success. */
static inline int photozoom_heif_start(void) {
    if (heif_init(NULL).code != heif_error_Ok) return -1;
    if (heif_register_decoder_plugin(&photozoom_hevc_plugin).code != heif_error_Ok) return -1;
    return heif_register_decoder_plugin(&photozoom_av1_plugin).code == heif_error_Ok ? 0 : -1;
}
#endif
