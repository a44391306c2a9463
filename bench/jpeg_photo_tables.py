#!/usr/bin/env python3
"""Huffman tables for photographs' large JPEGs (issue 40): libjpeg's optimisation pass (a second,
scalar pass over every coefficient) was 6 of the 10 ms a 6 MP photo's large JPEG took. Fixed
tables made from many photos' own optimal tables cost nothing per image and lose little.

Reads the DHT segments of JPEGs that libjpeg wrote with optimize_coding (the export's large/
folder of real photos), sorts the files into three bands of detail (smooth skies and renders,
ordinary photos, foliage, gravel and grain: their statistics differ most), weights each symbol
by 2^-length in each file's optimal table (what that table says of the symbol's probability)
times the file's size, and builds length-limited (16-bit) Huffman tables from those weights,
with every symbol a baseline scan can need given a code (a photo unlike the training set still
encodes). Prints the C header Sources/CJPEG uses.

    jpeg_photo_tables.py FILE.jpg... > Sources/CJPEG/photo_huffman_tables.h   (bench/work/venv/bin/python: Pillow)
"""
import os
import sys

VALID = {
    "dc": list(range(12)),
    "ac": [0x00, 0xF0] + [(run << 4) | size for run in range(16) for size in range(1, 11)],
}


def dht_tables(path):
    data = open(path, "rb").read()
    tables = {}
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
        if marker == 0xDA:
            break
        if marker == 0xC4:
            j, end = i + 4, i + 2 + length
            while j < end:
                klass, ident = data[j] >> 4, data[j] & 15
                bits = list(data[j + 1:j + 17])
                values = list(data[j + 17:j + 17 + sum(bits)])
                lengths, k = {}, 0
                for size, count in enumerate(bits, start=1):
                    for _ in range(count):
                        lengths[values[k]] = size
                        k += 1
                tables[("dc" if klass == 0 else "ac", ident)] = lengths
                j += 17 + sum(bits)
        i += 2 + length
    return tables


def optimal_lengths(freq):
    """jpeg_gen_optimal_table (ITU T.81 K.2): code lengths from frequencies, at most 16 bits,
    with one pseudo-symbol (256) so that no code is all ones."""
    freq = dict(freq)
    freq[256] = 1
    codesize = {s: 0 for s in freq}
    others = {s: -1 for s in freq}
    live = dict(freq)
    while True:
        c1 = min((s for s in live if live[s] > 0), key=lambda s: (live[s], -s), default=None)
        rest = [s for s in live if live[s] > 0 and s != c1]
        if not rest:
            break
        c2 = min(rest, key=lambda s: (live[s], -s))
        live[c1] += live[c2]
        live[c2] = 0
        for chain in (c1, c2):
            s = chain
            codesize[s] += 1
            while others[s] >= 0:
                s = others[s]
                codesize[s] += 1
        s = c1
        while others[s] >= 0:
            s = others[s]
        others[s] = c2
    bits = [0] * 33
    for s, size in codesize.items():
        if size:
            bits[size] += 1
    for i in range(32, 16, -1):
        while bits[i] > 0:
            j = i - 2
            while bits[j] == 0:
                j -= 1
            bits[i] -= 2
            bits[i - 1] += 1
            bits[j + 1] += 2
            bits[j] -= 1
    i = 16
    while bits[i] == 0:
        i -= 1
    bits[i] -= 1  # the pseudo-symbol's code
    order = sorted((s for s in freq if s != 256 and codesize[s]), key=lambda s: (codesize[s], s))
    return bits[1:17], order


def detail(path):
    """The mean difference between horizontal neighbours' green values, every 8th row: the
    same measure the encoder picks a set of tables by (JPEGEncoder.PhotoTables.detail)."""
    from PIL import Image
    rows = Image.open(path).convert("RGB")
    width, height = rows.size
    pixels = rows.load()
    total, count = 0, 0
    for y in range(0, height, 8):
        previous = pixels[0, y][1]
        for x in range(1, width):
            green = pixels[x, y][1]
            total += abs(green - previous)
            previous = green
            count += 1
    return total / max(1, count)


def tables(files, suffix):
    weights = {}
    # Each file weighs as much as it has bytes: the tables are for the bytes a site serves,
    # which the busier photos of a set dominate.
    total = 0
    for path in files:
        share = os.path.getsize(path)
        total += share
        for key, lengths in dht_tables(path).items():
            table = weights.setdefault(key, {})
            for symbol, size in lengths.items():
                table[symbol] = table.get(symbol, 0.0) + share * 2.0 ** -size
    print(f"// {len(files)} photos' tables")
    for (kind, ident) in [("dc", 0), ("ac", 0), ("dc", 1), ("ac", 1)]:
        table = weights.get((kind, ident), {})
        freq = {s: max(1, round(table.get(s, 0.0) / total * 2 ** 24)) for s in VALID[kind]}
        bits, order = optimal_lengths(freq)
        name = f"cjpeg_photo_{kind}{ident}_{suffix}"
        print(f"static const UINT8 {name}_bits[17] = {{ 0, {', '.join(map(str, bits))} }};")
        print(f"static const UINT8 {name}_values[{len(order)}] = {{ {', '.join(f'0x{s:02x}' for s in order)} }};")


def main():
    files = sys.argv[1:]
    bands = [[], [], []]
    for path in files:
        value = detail(path)
        bands[0 if value < BOUNDS[0] else (1 if value < BOUNDS[1] else 2)].append(path)
    print("// Made by bench/jpeg_photo_tables.py from the optimal Huffman tables libjpeg wrote for")
    print(f"// {len(files)} real photographs' large JPEGs (quality 82, 4:2:0), one set for each band of")
    print(f"// detail (JPEGEncoder.PhotoTables: below {BOUNDS[0]}, below {BOUNDS[1]}, above). Every symbol a")
    print("// baseline scan can need has a code. Do not edit by hand.")
    for band, suffix in zip(bands, ["smooth", "textured", "detailed"]):
        tables(band, suffix)


# JPEGEncoder.PhotoTables's bounds between the bands.
BOUNDS = (2.5, 7.0)

if __name__ == "__main__":
    main()
