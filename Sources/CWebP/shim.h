#ifndef PHOTOZOOM_CWEBP_SHIM_H
#define PHOTOZOOM_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>

/* WebPInitDecoderConfig and WebPGetFeatures are inline functions that pass libwebp's ABI
   version, which Swift cannot call as macros; these call them. */
static inline int photozoom_webp_init(WebPDecoderConfig *config) { return WebPInitDecoderConfig(config); }
static inline VP8StatusCode photozoom_webp_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return WebPGetFeatures(data, size, features);
}

/* An animation's decoder, to its first frame's canvas in straight RGBA on the caller's thread;
   its options and constructor are inline functions too. `data` must outlive it. */
static inline WebPAnimDecoder *photozoom_webp_animation(const uint8_t *data, size_t size) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = {data, size};
    return WebPAnimDecoderNew(&webp, &options);
}
#endif
