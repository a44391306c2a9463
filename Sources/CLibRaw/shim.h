// LibRaw (the thread-safe build, libraw_r): camera raw files — their sizes, orientation and
// capture facts, their embedded previews, and their sensor data developed to RGB. Its C API
// returns error codes (libraw_strerror names them), so Swift calls it directly.
#include <libraw/libraw.h>

// The per-colour black levels and their pattern (`cblack`, 4,104 entries): too long an array for
// Swift to import as a field.
static inline const unsigned *gallery_libraw_raw_cblack(const libraw_data_t *data) { return data->rawdata.color.cblack; }
