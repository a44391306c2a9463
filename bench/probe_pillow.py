"""The peer for the probe benchmark: Pillow's Image.open(f).size plus getexif() orientation,
over the same files, in one process, best of N runs. Prints files per second. With --heif,
HEIC/AVIF files are opened through pillow-heif."""
import sys
import time

from PIL import Image


def probe_all(paths):
    for path in paths:
        with Image.open(path) as image:
            _ = image.size
            _ = image.getexif().get(0x0112, 1)


def main():
    runs = int(sys.argv[1])
    if "--heif" in sys.argv:
        # HEIC through pillow-heif, as its documentation registers it.
        from pillow_heif import register_heif_opener
        register_heif_opener()
    paths = [line.strip() for line in open(sys.argv[2]) if line.strip()]
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        probe_all(paths)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(f"{len(paths) / best:.0f}")


if __name__ == "__main__":
    main()
