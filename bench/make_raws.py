"""Writes camera-like DNGs for the raw benchmark (bench/run.sh raws) with PiDNG 4.0.9, numpy
and Pillow:
    python make_raws.py OUT COUNT WIDTH HEIGHT PREVIEW
A WIDTH x HEIGHT Bayer mosaic (RGGB, 16-bit, linear, uncompressed, in a SubIFD) of a busy
picture (gradients, fine sines and grain, each file's shifted so no two files are the same), and
in IFD0 a JPEG preview of it: full size (PREVIEW=full, as cameras embed) or 256 px wide
(PREVIEW=small, as many converters write: too small for a site, so the raw is developed).
The DNG is written by the fixtures' Tests/ImagingTests/Fixtures/raw/dng_writer.py."""
import io, os, sys
import numpy as np
from PIL import Image
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ImagingTests", "Fixtures", "raw"))
from dng_writer import dng_bytes, rggb_mosaic  # noqa: E402 (the fixture's DNG writer, one copy)

out, count, width, height, preview_kind = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(50)
y, x = np.mgrid[0:height, 0:width].astype(np.float32)
base = np.stack([0.5 + 0.35 * np.sin(x / 53.0) * np.cos(y / 71.0),
                 0.15 + 0.7 * x / width,
                 0.15 + 0.7 * y / height], axis=2)
base += rng.normal(0, 0.03, base.shape).astype(np.float32)
base = np.clip(base, 0, 1)
del x, y


white = 65535
for index in range(count):
    name = os.path.join(out, f"IMG_{index:04d}.dng")
    if os.path.exists(name):
        continue
    picture = np.roll(base, shift=(index * 37, index * 53), axis=(0, 1))
    srgb8 = (picture * 255 + 0.5).astype(np.uint8)
    bayer = rggb_mosaic(picture, white)
    image = Image.fromarray(srgb8)
    if preview_kind == "small":
        image = image.resize((256, 256 * height // width), Image.BILINEAR)
    jpeg = io.BytesIO()
    image.save(jpeg, "JPEG", quality=92)
    jpeg = jpeg.getvalue()
    data = dng_bytes(bayer, white, jpeg, (image.width, image.height), orientation=1, model="Bench DNG", unique_model="PiDNG Bench DNG")
    with open(name + ".partial", "wb") as file:
        file.write(data)
    os.replace(name + ".partial", name)
