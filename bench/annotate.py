#!/usr/bin/env python3
"""Writes annotations.json beside the photos of a generated folder: a caption of 2-5 words and
a comment of 8-30 for each, seeded, so that the phone benchmark's cells have texts to measure
and draw as a real album's would.

    annotate.py FOLDER
"""
import json
import os
import random
import sys

WORDS = ("harbour light morning evening tide rocks gulls ferry market street bridge rain fog hills path cliff "
         "river town old stone window garden sea wind sand boats").split()


def main():
    folder = sys.argv[1]
    chooser = random.Random(7)
    for directory, _, files in os.walk(folder):
        photos = sorted(f for f in files if f.lower().endswith((".jpg", ".jpeg", ".heic", ".png", ".webp")))
        if not photos:
            continue
        items = []
        for photo in photos:
            caption = " ".join(chooser.choice(WORDS) for _ in range(chooser.randint(2, 5))).capitalize()
            comment = " ".join(chooser.choice(WORDS) for _ in range(chooser.randint(8, 30))).capitalize() + "."
            items.append({"photo": photo, "caption": caption, "comment": comment})
        with open(os.path.join(directory, "annotations.json"), "w") as file:
            json.dump(items, file, indent=1)


if __name__ == "__main__":
    sys.exit(main())
