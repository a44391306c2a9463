"""One DNG as PiDNG 4.0.9 writes it: in a SubIFD the picture — a Bayer mosaic (RGGB, 16-bit,
uncompressed), or linear RGB (16-bit, or 8-bit lossy JPEG as DNG 1.4's lossy DNGs) — and in
IFD0 a JPEG preview, the camera's facts and a colour matrix that makes the camera's primaries
sRGB's. Used by make-dng.py (the fixtures) and bench/make_raws.py."""
import numpy as np
from pidng.dng import DNG, dngIFD, dngTag, Tag
from pidng.defs import CFAPattern, CalibrationIlluminant, DNGVersion

SRGB_MATRIX = [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]]


def linear_rgb(srgb):
    """sRGB (floats 0–1) to linear light."""
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def srgb_linearization_table(white):
    """256 entries: an 8-bit sRGB-encoded value to linear 0 to `white`."""
    return [int(round(float(v) * white)) for v in linear_rgb(np.arange(256) / 255)]


def rggb_mosaic(srgb, white, black=(0, 0, 0, 0), neutral=(1, 1, 1)):
    """An RGGB Bayer mosaic (uint16, linear) of an sRGB picture (floats 0–1, H x W x 3): each
    position's black level (R, G, G, B) plus its colour scaled by the camera's response to white
    (`neutral`, as AsShotNeutral says it) up to `white`."""
    linear = linear_rgb(srgb)
    bayer = np.empty(srgb.shape[:2], dtype=np.uint16)
    for (rows, columns, channel), level in zip([(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 2)], black):
        part = linear[rows::2, columns::2, channel] * neutral[channel] * (white - level) + level
        bayer[rows::2, columns::2] = part
    return bayer


def sub_ifd_tag(ifd):
    # PiDNG 4.0.9's dngTag cannot be made for a SubIFD under Python 3 (str and bytes mixed in
    # its padding); the tag is made with the fields its writer reads.
    tag = dngTag.__new__(dngTag)
    tag.Type, tag.TagId, tag.DataType, tag.DataCount, tag.DataOffset = Tag.SubIFD, Tag.SubIFD[0], Tag.SubIFD[1], 1, 0
    tag.rawValue, tag.subIFD, tag.Value, tag.DataLength, tag.selfContained = [ifd], ifd, b"\0\0\0\0", 4, False
    return tag


def dng_bytes(bayer, white, jpeg, preview_size, orientation, model, unique_model, black=None, neutral=(1, 1, 1),
              linear=None, lossy=None):
    """bayer: a 2-D uint16 numpy array (or None, with `linear`: an H x W x 3 uint16 array, or with
    `lossy`: (its JPEG's bytes, width, height): 8-bit sRGB-encoded values, which a
    LinearizationTable takes back to linear up to `white`, as lossy DNGs keep their shadows); black: one level, or four for a 2 x 2
    pattern (R, G, G, B); jpeg: the preview's bytes, preview_size (width, height)."""
    dng = DNG()
    raw_ifd = dngIFD()
    if lossy is not None:
        picture, width, height = lossy
        raw_offsets = dngTag(Tag.TileOffsets, [0])
        layout = [raw_offsets, dngTag(Tag.TileWidth, [width]), dngTag(Tag.TileLength, [height]),
                  dngTag(Tag.TileByteCounts, [len(picture)]), dngTag(Tag.BitsPerSample, [8, 8, 8]), dngTag(Tag.Compression, [34892]),
                  dngTag(Tag.PhotometricInterpretation, [34892]), dngTag(Tag.SamplesPerPixel, [3]),
                  dngTag(Tag.LinearizationTable, srgb_linearization_table(white))]
    elif linear is not None:
        height, width = linear.shape[:2]
        picture = linear.astype("<u2").tobytes()
        raw_offsets = dngTag(Tag.StripOffsets, [0])
        layout = [raw_offsets, dngTag(Tag.RowsPerStrip, [height]), dngTag(Tag.StripByteCounts, [len(picture)]),
                  dngTag(Tag.BitsPerSample, [16, 16, 16]), dngTag(Tag.Compression, [1]), dngTag(Tag.PhotometricInterpretation, [34892]),
                  dngTag(Tag.SamplesPerPixel, [3])]
    else:
        height, width = bayer.shape
        picture = bayer.astype("<u2").tobytes()
        raw_offsets = dngTag(Tag.StripOffsets, [0])
        layout = [raw_offsets, dngTag(Tag.RowsPerStrip, [height]), dngTag(Tag.StripByteCounts, [len(picture)]),
                  dngTag(Tag.BitsPerSample, [16]), dngTag(Tag.Compression, [1]), dngTag(Tag.PhotometricInterpretation, [32803]),
                  dngTag(Tag.SamplesPerPixel, [1]), dngTag(Tag.CFARepeatPatternDim, [2, 2]), dngTag(Tag.CFAPattern, CFAPattern.RGGB)]
    dng.ImageDataStrips = [jpeg, picture]
    levels = [0] if black is None else list(black) if isinstance(black, (list, tuple)) else [black]
    if len(levels) == 4:
        layout += [dngTag(Tag.BlackLevelRepeatDim, [2, 2]), dngTag(Tag.BlackLevel, levels)]
    else:
        layout += [dngTag(Tag.BlackLevel, levels)]
    for tag in layout + [dngTag(Tag.NewSubfileType, [0]), dngTag(Tag.ImageWidth, [width]), dngTag(Tag.ImageLength, [height]),
                         dngTag(Tag.PlanarConfiguration, [1]), dngTag(Tag.WhiteLevel, [white])]:
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
                dngTag(Tag.AsShotNeutral, [[1, 1] if v == 1 else [int(round(v * 10000)), 10000] for v in neutral]), sub_ifd_tag(raw_ifd)]:
        ifd0.tags.append(tag)
    dng.IFDs.append(ifd0)
    length = dng.dataLen()
    preview_offsets.setValue([dng.StripOffsets[0]])
    raw_offsets.setValue([dng.StripOffsets[1]])
    buffer = bytearray(length)
    dng.setBuffer(buffer)
    dng.write()
    return bytes(buffer)
