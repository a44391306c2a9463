#!/usr/bin/env python3
"""What a rebuild rewrote in an exported site (issue 51).

  site_changes.py state SITE OUT.json     record each file's inode, size and mtime
  site_changes.py diff BEFORE.json SITE   print "FILES BYTES IMAGE_FILES IMAGE_BYTES REMOVED"

The export writes a file only when its bytes change, and then by renaming a new file into
place: a file whose inode or modification time moved was rewritten. Hidden files (the
export's manifest and markers) are not part of the site. Images are thumbs/, large/, videos/,
and originals/; everything else is pages and data.
"""
import json
import os
import sys

IMAGE_FOLDERS = ("thumbs/", "large/", "videos/", "originals/")


def state(site):
    files = {}
    for folder, dirs, names in os.walk(site):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if name.startswith("."):
                continue
            path = os.path.join(folder, name)
            info = os.stat(path)
            files[os.path.relpath(path, site)] = [info.st_ino, info.st_size, info.st_mtime_ns]
    return files


def main():
    if sys.argv[1] == "state":
        with open(sys.argv[3], "w") as out:
            json.dump(state(sys.argv[2]), out)
    elif sys.argv[1] == "diff":
        with open(sys.argv[2]) as f:
            before = json.load(f)
        after = state(sys.argv[3])
        files = size = image_files = image_size = 0
        for name, (inode, length, mtime) in after.items():
            if before.get(name) == [inode, length, mtime]:
                continue
            files += 1
            size += length
            if name.startswith(IMAGE_FOLDERS):
                image_files += 1
                image_size += length
        removed = len(set(before) - set(after))
        print(files, size, image_files, image_size, removed)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
