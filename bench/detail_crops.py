"""Makes the export bench's photos of fine detail: 200 JPEGs of 6 MP (3000×2000, quality 92,
as a camera saves them) cropped from the most detailed photographs of Debian's wallpaper
packages (rock, foliage, fur and water that stay busy at every scale), a seeded window of one
of them each, every other round mirrored, so that no two files are alike.

The bench's own generated photos are smooth shapes under a camera's grain; real detail costs a
JPEG decoder and a WebP encoder more, and is where a thumbnailer's lead over another shrinks
(issue 51: "the image path keeps its lead on every kind of content").

usage: detail_crops.py WALLPAPERS_FOLDER OUT_FOLDER   (run with a Python that has Pillow)
"""
import os
import random
import sys

from PIL import Image

# The photographs among the wallpapers whose 6 MP crops are the largest files (1.2–2.2 MB at
# quality 92: the busiest), by file name; each at least 3000×2000.
SOURCES = [
    "picosdeeuropa_by_Aitzol_Berasategi.jpg",
    "life_by_Aitzol_Berasategi.jpg",
    "aitzgorri_by_Aitzol_Berasategi.jpg",
    "Kleiber_by_Lukas_Baubkus.jpg",
    "Elephants_5640x3172.jpg",
]


def main(walls, out):
    found = {}
    for folder, _, names in os.walk(walls):
        for name in names:
            if name in SOURCES:
                found[name] = os.path.join(folder, name)
    missing = [name for name in SOURCES if name not in found]
    if missing:
        sys.exit(f"detail_crops.py: {', '.join(missing)} not in {walls} (apt-get download ukui-wallpapers mate-backgrounds)")
    images = [Image.open(found[name]).convert("RGB") for name in SOURCES]
    album = os.path.join(out, "album-00")
    os.makedirs(album, exist_ok=True)
    rng = random.Random(11)
    for i in range(200):
        image = images[i % len(images)]
        x = rng.randint(0, image.width - 3000)
        y = rng.randint(0, image.height - 2000)
        crop = image.crop((x, y, x + 3000, y + 2000))
        if (i // len(images)) % 2:
            crop = crop.transpose(Image.FLIP_LEFT_RIGHT)
        crop.save(os.path.join(album, f"detail-{i:03d}.jpg"), quality=92)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
