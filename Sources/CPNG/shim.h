// libpng's simplified API (png_image_*) reports errors through return values and a message
// field, without setjmp, so Swift can call it directly.
#include <png.h>
