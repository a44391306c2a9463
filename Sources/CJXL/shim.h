// libjxl's decoder: JPEG XL pictures, their colour encoding and their metadata boxes (Exif,
// XMP; Brotli-compressed ones unpacked by the library). Single-threaded on purpose: the export
// already runs a photo per core.
#include <jxl/decode.h>
