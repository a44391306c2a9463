"""One DNG as PiDNG 4.0.9 writes it: a Bayer mosaic (RGGB, 16-bit, linear, uncompressed) in a
SubIFD, and in IFD0 a JPEG preview, the camera's facts and a colour matrix that makes the
camera's primaries sRGB's. Used by make-dng.py (the fixture) and bench/make_raws.py."""
import numpy as np
from pidng.dng import DNG, dngIFD, dngTag, Tag
from pidng.defs import CFAPattern, CalibrationIlluminant, DNGVersion

SRGB_MATRIX = [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]]


def rggb_mosaic(srgb, white):
    """An RGGB Bayer mosaic (uint16, linear, 0 to `white`) of an sRGB picture (floats 0–1, H x W x 3)."""
    linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
    bayer = np.empty(srgb.shape[:2], dtype=np.uint16)
    bayer[0::2, 0::2] = linear[0::2, 0::2, 0] * white
    bayer[0::2, 1::2] = linear[0::2, 1::2, 1] * white
    bayer[1::2, 0::2] = linear[1::2, 0::2, 1] * white
    bayer[1::2, 1::2] = linear[1::2, 1::2, 2] * white
    return bayer


def sub_ifd_tag(ifd):
    # PiDNG 4.0.9's dngTag cannot be made for a SubIFD under Python 3 (str and bytes mixed in
    # its padding); the tag is made with the fields its writer reads.
    tag = dngTag.__new__(dngTag)
    tag.Type, tag.TagId, tag.DataType, tag.DataCount, tag.DataOffset = Tag.SubIFD, Tag.SubIFD[0], Tag.SubIFD[1], 1, 0
    tag.rawValue, tag.subIFD, tag.Value, tag.DataLength, tag.selfContained = [ifd], ifd, b"\0\0\0\0", 4, False
    return tag


def dng_bytes(bayer, white, jpeg, preview_size, orientation, model, unique_model):
    """bayer: a 2-D uint16 numpy array; jpeg: the preview's bytes, preview_size (width, height)."""
    height, width = bayer.shape
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
    for tag in [preview_offsets, dngTag(Tag.NewSubfileType, [1]), dngTag(Tag.ImageWidth, [preview_size[0]]),
                dngTag(Tag.ImageLength, [preview_size[1]]), dngTag(Tag.BitsPerSample, [8, 8, 8]), dngTag(Tag.Compression, [7]),
                dngTag(Tag.PhotometricInterpretation, [6]), dngTag(Tag.SamplesPerPixel, [3]), dngTag(Tag.RowsPerStrip, [preview_size[1]]),
                dngTag(Tag.StripByteCounts, [len(jpeg)]), dngTag(Tag.Orientation, [orientation]), dngTag(Tag.Make, "PiDNG"),
                dngTag(Tag.Model, model), dngTag(Tag.UniqueCameraModel, unique_model), dngTag(Tag.DNGVersion, DNGVersion.V1_4),
                dngTag(Tag.DNGBackwardVersion, DNGVersion.V1_2),
                dngTag(Tag.ColorMatrix1, [[int(round(v * 10000)), 10000] for row in SRGB_MATRIX for v in row]),
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
    return bytes(buffer)
