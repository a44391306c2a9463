"""Writes preview.dng (see README.md) with PiDNG 4.0.9's DNG writer, numpy and Pillow:
    python3 make-dng.py ../real-photo/Aqua.jpg preview.dng
A 300 x 200 Bayer (RGGB, 16-bit, linear) mosaic of the photo in a SubIFD, and in IFD0 a
150 x 100 JPEG preview of it in grey (so a test can tell which of the two it was shown);
Orientation 6; a colour matrix that makes the camera's primaries sRGB's (dng_writer.py)."""
import io, sys
import numpy as np
from PIL import Image
from dng_writer import dng_bytes, rggb_mosaic

source, out = sys.argv[1], sys.argv[2]
photo = Image.open(source).convert("RGB").resize((300, 200), Image.LANCZOS)
srgb = np.asarray(photo).astype(np.float64) / 255
white = 65535
bayer = rggb_mosaic(srgb, white)
jpeg = io.BytesIO()
photo.convert("L").convert("RGB").resize((150, 100), Image.LANCZOS).save(jpeg, "JPEG", quality=90)
jpeg = jpeg.getvalue()
open(out, "wb").write(dng_bytes(bayer, white, jpeg, (150, 100), orientation=6, model="Test DNG", unique_model="PiDNG Test DNG"))
