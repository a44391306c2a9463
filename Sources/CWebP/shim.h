// libwebp: still images (decode.h; encode.h for the tests' files) and the first frame of animated ones (demux.h's
// WebPAnimDecoder). Errors come back as status codes.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/demux.h>
