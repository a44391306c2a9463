"""Writes camera-like DNGs for the raw benchmark (bench/run.sh raws) with PiDNG 4.0.9, numpy
and Pillow:
    python make_raws.py OUT COUNT WIDTH HEIGHT PREVIEW
A WIDTH x HEIGHT Bayer mosaic (RGGB, 16-bit, linear, uncompressed, in a SubIFD) of a busy
picture (gradients, fine sines and grain, each file's shifted so no two files are the same), and
in IFD0 a JPEG preview of it: full size (PREVIEW=full, as cameras embed) or 256 px wide
(PREVIEW=small, as many converters write: too small for a site, so the raw is developed).
The DNG's structure is Tests/ImagingTests/Fixtures/raw/make-dng.py's."""
import io, os, sys
import numpy as np
from PIL import Image
from pidng.dng import DNG, dngIFD, dngTag, Tag
from pidng.defs import CFAPattern, CalibrationIlluminant, DNGVersion

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


def sub_ifd_tag(ifd):
    # PiDNG 4.0.9's dngTag cannot be made for a SubIFD under Python 3; built with the fields its writer reads.
    tag = dngTag.__new__(dngTag)
    tag.Type, tag.TagId, tag.DataType, tag.DataCount, tag.DataOffset = Tag.SubIFD, Tag.SubIFD[0], Tag.SubIFD[1], 1, 0
    tag.rawValue, tag.subIFD, tag.Value, tag.DataLength, tag.selfContained = [ifd], ifd, b"\0\0\0\0", 4, False
    return tag


matrix = [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]]
white = 65535
for index in range(count):
    name = os.path.join(out, f"IMG_{index:04d}.dng")
    if os.path.exists(name):
        continue
    picture = np.roll(base, shift=(index * 37, index * 53), axis=(0, 1))
    srgb8 = (picture * 255 + 0.5).astype(np.uint8)
    linear = np.where(picture <= 0.04045, picture / 12.92, ((picture + 0.055) / 1.055) ** 2.4)
    bayer = np.empty((height, width), dtype=np.uint16)
    bayer[0::2, 0::2] = linear[0::2, 0::2, 0] * white
    bayer[0::2, 1::2] = linear[0::2, 1::2, 1] * white
    bayer[1::2, 0::2] = linear[1::2, 0::2, 1] * white
    bayer[1::2, 1::2] = linear[1::2, 1::2, 2] * white
    image = Image.fromarray(srgb8)
    if preview_kind == "small":
        image = image.resize((256, 256 * height // width), Image.BILINEAR)
    jpeg = io.BytesIO()
    image.save(jpeg, "JPEG", quality=92)
    jpeg = jpeg.getvalue()
    raw = bayer.astype("<u2").tobytes()
    dng = DNG()
    dng.ImageDataStrips = [jpeg, raw]
    raw_ifd = dngIFD()
    raw_offsets = dngTag(Tag.StripOffsets, [0])
    for tag in [raw_offsets, dngTag(Tag.NewSubfileType, [0]), dngTag(Tag.ImageWidth, [width]), dngTag(Tag.ImageLength, [height]),
                dngTag(Tag.BitsPerSample, [16]), dngTag(Tag.Compression, [1]), dngTag(Tag.PhotometricInterpretation, [32803]),
                dngTag(Tag.SamplesPerPixel, [1]), dngTag(Tag.RowsPerStrip, [height]), dngTag(Tag.StripByteCounts, [len(raw)]),
                dngTag(Tag.PlanarConfiguration, [1]), dngTag(Tag.CFARepeatPatternDim, [2, 2]), dngTag(Tag.CFAPattern, CFAPattern.RGGB),
                dngTag(Tag.BlackLevel, [0]), dngTag(Tag.WhiteLevel, [white])]:
        raw_ifd.tags.append(tag)
    preview_offsets = dngTag(Tag.StripOffsets, [0])
    ifd0 = dngIFD()
    for tag in [preview_offsets, dngTag(Tag.NewSubfileType, [1]), dngTag(Tag.ImageWidth, [image.width]),
                dngTag(Tag.ImageLength, [image.height]), dngTag(Tag.BitsPerSample, [8, 8, 8]), dngTag(Tag.Compression, [7]),
                dngTag(Tag.PhotometricInterpretation, [6]), dngTag(Tag.SamplesPerPixel, [3]), dngTag(Tag.RowsPerStrip, [image.height]),
                dngTag(Tag.StripByteCounts, [len(jpeg)]), dngTag(Tag.Orientation, [1]), dngTag(Tag.Make, "PiDNG"),
                dngTag(Tag.Model, "Bench DNG"), dngTag(Tag.UniqueCameraModel, "PiDNG Bench DNG"),
                dngTag(Tag.DNGVersion, DNGVersion.V1_4), dngTag(Tag.DNGBackwardVersion, DNGVersion.V1_2),
                dngTag(Tag.ColorMatrix1, [[int(round(v * 10000)), 10000] for row in matrix for v in row]),
                dngTag(Tag.CalibrationIlluminant1, [CalibrationIlluminant.D65]),
                dngTag(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]]), sub_ifd_tag(raw_ifd)]:
        ifd0.tags.append(tag)
    dng.IFDs.append(ifd0)
    length = dng.dataLen()
    preview_offsets.setValue([dng.StripOffsets[0]])
    raw_offsets.setValue([dng.StripOffsets[1]])
    buffer = bytearray(length)
    dng.setBuffer(buffer)
    dng.write()
    with open(name + ".partial", "wb") as file:
        file.write(buffer)
    os.replace(name + ".partial", name)
