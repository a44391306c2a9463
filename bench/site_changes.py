#!/usr/bin/env python3
"""What a rebuild rewrote in an exported site (issue 51).

  site_changes.py state SITE OUT.json     record each file's inode, size and mtime
  site_changes.py diff BEFORE.json SITE   print "FILES BYTES IMAGE_FILES IMAGE_BYTES REMOVED"
  site_changes.py parts BEFORE.json SITE  print the pages and data rewritten by part (browse
                                          pages' plain pages, chunks, first screens, search…)

The export writes a file only when its bytes change, and then by renaming a new file into
place: a file whose inode or modification time moved was rewritten. Hidden files (the
export's manifest and markers) are not part of the site. Images are thumbs/, large/, videos/,
and originals/; everything else is pages and data.
"""
import collections
import json
import os
import re
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


BROWSE = re.compile(r"(data/)?(year|month|keyword|person|place|favorites)[-.]")


def part(name):
    """What a file of the site is, for `parts`: its page's kind and the kind of file."""
    base = os.path.basename(name)
    if name.startswith("data/search.") or name == "search.html":
        return "search " + ("docs" if ".docs-" in base else "terms" if ".terms-" in base or ".recent-" in base else "index and page")
    if name.startswith("data/map.") or name == "map.html":
        return "map"
    owner = "browse" if BROWSE.match(name) else "album"
    for marker, kind in ((".page-", "plain pages"), (".chunk-", "chunks"), (".shapes-", "shapes"),
                         (".justified-", "justified frames"), (".bounds-", "justified bounds"), (".dates", "dates"), (".index.", "index files"),
                         (".ids", "index files"), (".columns.", "columns' ends"), (".heights.", "heights")):
        if marker in base:
            return owner + " " + kind
    if base.endswith(".html"):
        return owner + " first screens and other pages"
    return "other"


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
    elif sys.argv[1] == "parts":
        with open(sys.argv[2]) as f:
            before = json.load(f)
        sizes, counts = collections.Counter(), collections.Counter()
        for name, info in state(sys.argv[3]).items():
            if before.get(name) == info or name.startswith(IMAGE_FOLDERS):
                continue
            sizes[part(name)] += info[1]
            counts[part(name)] += 1
        for name, size in sizes.most_common():
            print(f"{name:40s} {size / 1048576:8.2f} MB {counts[name]:6d} files")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
