"""Copies every JPEG under SRC to DST N times, each copy made unique by a JPEG comment (COM)
segment after SOI: a different content hash, the same decoding cost. For memory checks at
2,000 photos without drawing 2,000 of them."""
import os
import sys

src, dst, times = sys.argv[1], sys.argv[2], int(sys.argv[3])
for root, _, files in os.walk(src):
    for name in sorted(files):
        if not name.endswith(".jpg"):
            continue
        data = open(os.path.join(root, name), "rb").read()
        for copy in range(times):
            note = f"copy {copy} of {name}".encode()
            segment = b"\xff\xfe" + (len(note) + 2).to_bytes(2, "big") + note
            folder = os.path.join(dst, f"set-{copy:02d}")
            os.makedirs(folder, exist_ok=True)
            open(os.path.join(folder, name), "wb").write(data[:2] + segment + data[2:])
