// Little CMS 2: an image's embedded ICC profile turned into sRGB. Its pixel-format constants
// are macro expressions Swift cannot import; they are given here as constants.
#include <lcms2.h>

static const cmsUInt32Number gallery_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number gallery_TYPE_CMYK_8 = TYPE_CMYK_8;
static const cmsUInt32Number gallery_TYPE_GRAY_8 = TYPE_GRAY_8;
