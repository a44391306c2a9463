#!/usr/bin/env python3
"""The peer of the site's search: Pagefind over the same records. Reads `gallery photos --json`
(a file), writes one small page per photo holding the words our search finds it by (caption,
comment, keywords, people, camera, file name, album, and the date: year, month number and
English names, day), a search.html that loads Pagefind's own API, and indexes them with
Pagefind (`python -m pagefind`, the PyPI build of its binary).

    pagefind_site.py PHOTOS.json OUT [--python VENV/bin/python]
"""
import argparse
import calendar
import html
import json
import os
import shutil
import subprocess


def words(photo):
    parts = [photo.get("caption") or "", photo.get("comment") or "", os.path.basename(photo["path"]), photo.get("album") or "",
             photo.get("camera") or ""] + list(photo.get("keywords") or []) + list(photo.get("people") or [])
    taken = photo.get("takenAt") or ""
    if len(taken) >= 10:
        year, month, day = taken[:4], taken[5:7], taken[8:10]
        if month.isdigit() and 1 <= int(month) <= 12:
            number = int(month)
            parts += [year, month, day, calendar.month_name[number], calendar.month_abbr[number]]
    return parts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("photos")
    parser.add_argument("out")
    parser.add_argument("--python", default="python3")
    options = parser.parse_args()
    with open(options.photos, encoding="utf-8") as file:
        photos = json.load(file)
    shutil.rmtree(options.out, ignore_errors=True)
    os.makedirs(os.path.join(options.out, "p"))
    for photo in photos:
        text = words(photo)
        body = "".join("<p>%s</p>" % html.escape(part) for part in text[1:] if part)
        page = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>%s</title></head>'
                '<body data-pagefind-body><h1>%s</h1>%s</body></html>\n') % (html.escape(text[0] or "photo"), html.escape(text[0]), body)
        with open(os.path.join(options.out, "p", "%d.html" % photo["id"]), "w", encoding="utf-8") as file:
            file.write(page)
    with open(os.path.join(options.out, "search.html"), "w", encoding="utf-8") as file:
        file.write("""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pagefind</title></head><body>
<script>window.pagefindReady = new Promise((resolve) => { window.pagefindLoaded = resolve; });</script>
<script type="module">
const pagefind = await import('./pagefind/pagefind.js');
await pagefind.init();
window.pagefind = pagefind;
window.pagefindLoaded(true);
</script></body></html>
""")
    subprocess.run([options.python, "-m", "pagefind", "--site", options.out, "--quiet"], check=True)


if __name__ == "__main__":
    main()
