#ifndef PHOTOZOOM_CWEBP_SHIM_H
#define PHOTOZOOM_CWEBP_SHIM_H
#include <webp/decode.h>

/* WebPInitDecoderConfig and WebPGetFeatures are inline functions that pass libwebp's ABI
   version, which Swift cannot call as macros; these call them. */
static inline int photozoom_webp_init(WebPDecoderConfig *config) { return WebPInitDecoderConfig(config); }
static inline VP8StatusCode photozoom_webp_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return WebPGetFeatures(data, size, features);
}
#endif
