#ifndef PHOTOZOOM_CMD5_SHIM_H
#define PHOTOZOOM_CMD5_SHIM_H
#include <md5.h>
/* The header's macro is arithmetic, which Swift does not import; its value is. */
static const int photozoom_md5_string_length = MD5_DIGEST_STRING_LENGTH;
#endif
