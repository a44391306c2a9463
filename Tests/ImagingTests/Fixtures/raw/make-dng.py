"""Writes the DNG fixtures (see README.md) with PiDNG 4.0.9's DNG writer, numpy and Pillow:
    python3 make-dng.py ../real-photo/Aqua.jpg preview.dng
    python3 make-dng.py ../real-photo/Aqua.jpg black.dng --size 121x81 --black 600 --white 15000 --neutral 0.5,1,0.7
    python3 make-dng.py ../real-photo/Aqua.jpg black-pattern.dng --size 120x80 --black 500,530,510,560 --white 15000
    python3 make-dng.py ../real-photo/Aqua.jpg linear.dng --size 120x80 --kind linear --white 60000
    python3 make-dng.py ../real-photo/Aqua.jpg lossy.dng --size 128x80 --kind lossy --white 60000
The picture: the photo at --size (300 x 200) as an RGGB mosaic (16-bit, linear; its black level
and the camera's response to white as given), or as linear RGB (16-bit), or as a lossy DNG's
8-bit JPEG of it (sRGB-encoded, with the table that makes them linear). In IFD0 a 150 x 100 JPEG preview of the same photo in grey (so a test can tell
which of the two it was shown); Orientation 6; a colour matrix that makes the camera's
primaries sRGB's (dng_writer.py)."""
import argparse, io
import numpy as np
from PIL import Image
from dng_writer import dng_bytes, linear_rgb, rggb_mosaic

arguments = argparse.ArgumentParser()
arguments.add_argument("source")
arguments.add_argument("out")
arguments.add_argument("--size", default="300x200")
arguments.add_argument("--black", default="0")
arguments.add_argument("--white", type=int, default=65535)
arguments.add_argument("--neutral", default="1,1,1")
arguments.add_argument("--kind", choices=["bayer", "linear", "lossy"], default="bayer")
options = arguments.parse_args()
width, height = map(int, options.size.split("x"))
black = [int(level) for level in options.black.split(",")]
neutral = [float(value) for value in options.neutral.split(",")]
photo = Image.open(options.source).convert("RGB").resize((width, height), Image.LANCZOS)
srgb = np.asarray(photo).astype(np.float64) / 255
jpeg = io.BytesIO()
photo.convert("L").convert("RGB").resize((150, 100), Image.LANCZOS).save(jpeg, "JPEG", quality=90)
jpeg = jpeg.getvalue()
picture = {}
if options.kind == "bayer":
    levels = black * 4 if len(black) == 1 else black
    picture["bayer"] = rggb_mosaic(srgb, options.white, levels, neutral)
    picture["black"] = black if len(black) == 4 else black[0]
elif options.kind == "linear":
    picture["bayer"] = None
    picture["linear"] = np.round(linear_rgb(srgb) * options.white).astype(np.uint16)
else:
    # A lossy DNG holds 8-bit values as a JPEG (one tile: the size a multiple of 16), here the
    # photo's own sRGB-encoded ones, taken back to linear by its LinearizationTable.
    tile = io.BytesIO()
    photo.save(tile, "JPEG", quality=95)
    picture["bayer"] = None
    picture["lossy"] = (tile.getvalue(), width, height)
open(options.out, "wb").write(dng_bytes(white=options.white, jpeg=jpeg, preview_size=(150, 100), orientation=6, model="Test DNG",
                                        unique_model="PiDNG Test DNG", neutral=neutral, **picture))
