#!/usr/bin/env python3
"""WebP encoder settings on real photographs (issue 40): each JPEG under FOLDER resized to the
grid's 708 and 472 px (Pillow's Lanczos), encoded by cwebp at quality 82 with the photo preset
at method 2 (the export's) and at each METHOD; SSIM (luma, 11-tap Gaussian, sigma 1.5) of each
against the other and against the source, the files' size and cwebp's time (three runs,
process included), each against method 2.

    encoder_ssim.py FOLDER METHOD...    (bench/work/venv/bin/python: numpy and Pillow)

Debian's wallpaper photos are real ones: apt-get download ukui-wallpapers mate-backgrounds,
dpkg -x each into FOLDER.
"""
import glob
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image


def gauss(img):
    x = np.arange(11) - 5
    k = np.exp(-x ** 2 / (2 * 1.5 ** 2))
    k /= k.sum()
    out = np.apply_along_axis(lambda r: np.convolve(r, k, mode="valid"), 1, img)
    return np.apply_along_axis(lambda c: np.convolve(c, k, mode="valid"), 0, out)


def ssim(a, b):
    a = a.astype(np.float64)
    b = b.astype(np.float64)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    ma, mb = gauss(a), gauss(b)
    va, vb, cov = gauss(a * a) - ma ** 2, gauss(b * b) - mb ** 2, gauss(a * b) - ma * mb
    return float(np.mean(((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma ** 2 + mb ** 2 + c1) * (va + vb + c2))))


def luma(path):
    return np.asarray(Image.open(path).convert("L"))


def main():
    folder, methods = sys.argv[1], sys.argv[2:]
    files = [f for f in sorted(glob.glob(os.path.join(folder, "**", "*.jpg"), recursive=True)) if os.path.getsize(f) > 250_000]
    work = tempfile.mkdtemp(prefix="encoder-ssim-")
    results = {m: [] for m in methods}
    times = {m: 0.0 for m in ["2"] + methods}
    sizes = {m: [] for m in methods}
    for f in files:
        image = Image.open(f).convert("RGB")
        for width in (708, 472):
            png = os.path.join(work, f"in-{width}.png")
            image.resize((width, round(image.height * width / image.width)), Image.LANCZOS).save(png)
            encoded = {}
            for m in ["2"] + methods:
                out = os.path.join(work, f"m{m}-{width}.webp")
                start = time.perf_counter()
                for _ in range(3):
                    subprocess.run(["cwebp", "-quiet", "-preset", "photo", "-q", "82", "-m", m, png, "-o", out], check=True)
                times[m] += (time.perf_counter() - start) / 3
                subprocess.run(["dwebp", "-quiet", out, "-o", out + ".png"], check=True)
                encoded[m] = luma(out + ".png")
            source = luma(png)
            base = ssim(source, encoded["2"])
            for m in methods:
                results[m].append((ssim(encoded["2"], encoded[m]), base, ssim(source, encoded[m])))
                sizes[m].append(os.path.getsize(os.path.join(work, f"m{m}-{width}.webp")) / os.path.getsize(os.path.join(work, f"m2-{width}.webp")))
    for m in methods:
        r = results[m]
        print(f"method {m} against 2, {len(r)} images: SSIM between them {np.mean([x[0] for x in r]):.4f}; against the source "
              f"{np.mean([x[1] for x in r]):.4f} (method 2) and {np.mean([x[2] for x in r]):.4f} (method {m}), worst loss "
              f"{max(x[1] - x[2] for x in r):.4f}; bytes {np.mean(sizes[m]):.3f}x (largest {max(sizes[m]):.3f}x); "
              f"cwebp's time {times[m] / times['2']:.2f}x")


if __name__ == "__main__":
    main()
