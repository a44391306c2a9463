// libheif: HEIF/HEIC (HEVC through libde265) and AVIF (AV1 through dav1d or aom). Errors come
// back as values (struct heif_error), so Swift calls it directly.
#include <libheif/heif.h>
