// libexif: EXIF tags (dates, camera, exposure, GPS) from the TIFF structure a JPEG's APP1, a
// HEIF Exif item or a WebP EXIF chunk carries.
#include <libexif/exif-data.h>
#include <libexif/exif-loader.h>
