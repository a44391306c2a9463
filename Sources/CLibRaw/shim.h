// LibRaw (the thread-safe build, libraw_r): camera raw files — their sizes, orientation and
// capture facts, their embedded previews, and their sensor data developed to RGB. Its C API
// returns error codes (libraw_strerror names them), so Swift calls it directly.
#include <libraw/libraw.h>
