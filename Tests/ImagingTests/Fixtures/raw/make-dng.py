"""Writes preview.dng (see README.md) with PiDNG 4.0.9's DNG writer, numpy and Pillow:
    python3 make-dng.py ../real-photo/Aqua.jpg preview.dng
A 300 x 200 Bayer (RGGB, 16-bit, linear) mosaic of the photo in a SubIFD, and in IFD0 a
150 x 100 JPEG preview of it in grey (so a test can tell which of the two it was shown);
Orientation 6; a colour matrix that makes the camera's primaries sRGB's."""
import io, sys
import numpy as np
from PIL import Image
from pidng.dng import DNG, dngIFD, dngTag, Tag
from pidng.defs import CFAPattern, CalibrationIlluminant, DNGVersion

source, out = sys.argv[1], sys.argv[2]
photo = Image.open(source).convert("RGB").resize((300, 200), Image.LANCZOS)
srgb = np.asarray(photo).astype(np.float64) / 255
linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
white = 65535
bayer = np.zeros((200, 300), dtype=np.uint16)
bayer[0::2, 0::2] = linear[0::2, 0::2, 0] * white
bayer[0::2, 1::2] = linear[0::2, 1::2, 1] * white
bayer[1::2, 0::2] = linear[1::2, 0::2, 1] * white
bayer[1::2, 1::2] = linear[1::2, 1::2, 2] * white
jpeg = io.BytesIO()
photo.convert("L").convert("RGB").resize((150, 100), Image.LANCZOS).save(jpeg, "JPEG", quality=90)
jpeg = jpeg.getvalue()
raw = bayer.astype("<u2").tobytes()

dng = DNG()
dng.ImageDataStrips = [jpeg, raw]
raw_ifd = dngIFD()
raw_offsets = dngTag(Tag.StripOffsets, [0])
for tag in [raw_offsets, dngTag(Tag.NewSubfileType, [0]), dngTag(Tag.ImageWidth, [300]), dngTag(Tag.ImageLength, [200]),
            dngTag(Tag.BitsPerSample, [16]), dngTag(Tag.Compression, [1]), dngTag(Tag.PhotometricInterpretation, [32803]),
            dngTag(Tag.SamplesPerPixel, [1]), dngTag(Tag.RowsPerStrip, [200]), dngTag(Tag.StripByteCounts, [len(raw)]),
            dngTag(Tag.PlanarConfiguration, [1]), dngTag(Tag.CFARepeatPatternDim, [2, 2]), dngTag(Tag.CFAPattern, CFAPattern.RGGB),
            dngTag(Tag.BlackLevel, [0]), dngTag(Tag.WhiteLevel, [white])]:
    raw_ifd.tags.append(tag)
# PiDNG 4.0.9's dngTag cannot be made for a SubIFD under Python 3 (str and bytes mixed in its
# padding); the tag is made with the fields its writer reads.
def sub_ifd_tag(ifd):
    tag = dngTag.__new__(dngTag)
    tag.Type, tag.TagId, tag.DataType, tag.DataCount, tag.DataOffset = Tag.SubIFD, Tag.SubIFD[0], Tag.SubIFD[1], 1, 0
    tag.rawValue, tag.subIFD, tag.Value, tag.DataLength, tag.selfContained = [ifd], ifd, b"\0\0\0\0", 4, False
    return tag

matrix = [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]]
preview_offsets = dngTag(Tag.StripOffsets, [0])
ifd0 = dngIFD()
for tag in [preview_offsets, dngTag(Tag.NewSubfileType, [1]), dngTag(Tag.ImageWidth, [150]), dngTag(Tag.ImageLength, [100]),
            dngTag(Tag.BitsPerSample, [8, 8, 8]), dngTag(Tag.Compression, [7]), dngTag(Tag.PhotometricInterpretation, [6]),
            dngTag(Tag.SamplesPerPixel, [3]), dngTag(Tag.RowsPerStrip, [100]), dngTag(Tag.StripByteCounts, [len(jpeg)]),
            dngTag(Tag.Orientation, [6]), dngTag(Tag.Make, "PiDNG"), dngTag(Tag.Model, "Test DNG"),
            dngTag(Tag.UniqueCameraModel, "PiDNG Test DNG"), dngTag(Tag.DNGVersion, DNGVersion.V1_4),
            dngTag(Tag.DNGBackwardVersion, DNGVersion.V1_2),
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
open(out, "wb").write(buffer)
