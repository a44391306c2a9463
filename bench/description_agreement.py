#!/usr/bin/env python3
"""How often `gallery photos --json` agrees with exiftool on what photo files say of themselves.

    description_agreement.py GALLERY FOLDER [--verbose]

Imports FOLDER into a scratch database with GALLERY, reads the same files with `exiftool -j`,
and applies to exiftool's values the rules the README gives for each field (issue 37): caption
from title else headline, comment from description, keywords, people, rating, place; sources
field by field in the order XMP, IPTC-IIM (before XMP when its digest shows it changed since),
EXIF. Counts only fields that either side gives a value (two empty fields agreeing say
nothing). Prints one JSON line: files, fields, agreeing, and the disagreements.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

# The README's placeholders: not captions when ImageDescription or UserComment say only this.
PLACEHOLDERS = {"olympus digital camera", "sony dsc", "digital camera", "digital still camera", "kodak digital still camera",
                "minolta digital camera", "konica minolta digital camera", "exif_jpeg_picture", "default",
                "samsung camera pictures", "pentax image", "image", "picture", "photo", "dcim", "lg electronics",
                "camera", "untitled"}


def placeholder(value, record):
    folded = value.lower()
    if folded in PLACEHOLDERS or "digital camera" in folded or "digital still camera" in folded:
        return True
    make, model = text(record.get("IFD0:Make")), text(record.get("IFD0:Model"))
    cameras = [c.lower() for c in (make, model, " ".join(c for c in (make, model) if c)) if c]
    return folded in cameras


def text(value):
    if value is None:
        return None
    if isinstance(value, list):
        value = ", ".join(str(v) for v in value)
    value = str(value).strip().strip("\0").strip()
    return value or None


def texts(value):
    if value is None:
        return []
    if not isinstance(value, list):
        value = [value]
    return [t for t in (text(v) for v in value) if t]


def with_leaves(keywords, separator="|"):
    out = []
    for keyword in keywords:
        out.append(keyword)
        parts = [p for p in keyword.split(separator) if p]
        if len(parts) > 1:
            out.append(parts[-1])
    return out


def unique_folded(values):
    seen, out = set(), []
    for value in values:
        key = unicodedata.normalize("NFC", value).casefold()
        if key not in seen:
            seen.add(key)
            out.append(value)
    return out


def lang_default(record, tag):
    """A lang-alt value: exiftool gives x-default as TAG and the others as TAG-xx."""
    if tag in record:
        return text(record[tag])
    others = [k for k in record if k.startswith(tag + "-")]
    return text(record[others[0]]) if len(others) == 1 else None


def faces(region_info, kind_key="Type"):
    names = []
    if not isinstance(region_info, dict):
        return names
    for region in region_info.get("RegionList", []) or []:
        if isinstance(region, dict) and region.get(kind_key, "Face") in ("Face", None) and text(region.get("Name")):
            names.append(text(region.get("Name")))
    return names


def from_xmp(r):
    place = {"sublocation": text(r.get("XMP-iptcCore:Location")), "city": text(r.get("XMP-photoshop:City")),
             "state": text(r.get("XMP-photoshop:State")), "country": text(r.get("XMP-photoshop:Country"))}
    microsoft = [text(region.get("PersonDisplayName")) for region in
                 ((r.get("XMP-MP:RegionInfoMP") or {}).get("Regions") or []) if isinstance(region, dict)]
    rating = r.get("XMP-xmp:Rating")
    return {
        "title": lang_default(r, "XMP-dc:Title"), "headline": text(r.get("XMP-photoshop:Headline")),
        "comment": lang_default(r, "XMP-dc:Description"),
        "keywords": unique_folded(texts(r.get("XMP-dc:Subject")) + with_leaves(texts(r.get("XMP-lr:HierarchicalSubject")))
                                  + with_leaves([k.replace("/", "|") for k in texts(r.get("XMP-digiKam:TagsList"))])) or None,
        "people": unique_folded(texts(r.get("XMP-iptcExt:PersonInImage")) + faces(r.get("XMP-mwg-rs:RegionInfo"))
                                + [m for m in microsoft if m]) or None,
        "rating": round(float(rating)) if isinstance(rating, (int, float)) or (isinstance(rating, str) and re.match(r"^-?\d+(\.\d+)?$", rating)) else None,
        "place": place if any(place.values()) else None,
    }


def iptc_text(value):
    """The README's rule for IPTC without a declared character set: Latin-1, unless its bytes
    are UTF-8 beyond ASCII (exiftool reads them as Latin-1 / cp1252 either way)."""
    value = text(value)
    if value and any(ord(c) > 127 for c in value):
        for codec in ("cp1252", "latin-1"):
            try:
                return value.encode(codec).decode("utf-8")
            except (UnicodeEncodeError, UnicodeDecodeError):
                pass
    return value


def from_iptc(r):
    place = {"sublocation": iptc_text(r.get("IPTC:Sub-location")), "city": iptc_text(r.get("IPTC:City")),
             "state": iptc_text(r.get("IPTC:Province-State")), "country": iptc_text(r.get("IPTC:Country-PrimaryLocationName"))}
    return {"title": iptc_text(r.get("IPTC:ObjectName")), "headline": iptc_text(r.get("IPTC:Headline")),
            "comment": iptc_text(r.get("IPTC:Caption-Abstract")),
            "keywords": unique_folded([iptc_text(k) for k in texts(r.get("IPTC:Keywords"))]) or None, "people": None, "rating": None,
            "place": place if any(place.values()) else None}


def from_exif(r):
    description = text(r.get("IFD0:ImageDescription"))
    if description and placeholder(description, r):
        description = None
    comment = text(r.get("ExifIFD:UserComment"))
    if comment and placeholder(comment, r):
        comment = None
    keywords = [k.strip() for k in (text(r.get("IFD0:XPKeywords")) or "").split(";") if k.strip()]
    return {"title": text(r.get("IFD0:XPTitle")), "headline": None,
            "comment": description or comment or text(r.get("IFD0:XPComment")) or text(r.get("IFD0:XPSubject")),
            "keywords": unique_folded(keywords) or None, "people": None, "rating": None, "place": None}


def layered(sources):
    result = {}
    for source in sources:
        if "caption" not in result and (source["title"] or source["headline"]):
            result["caption"] = source["title"] or source["headline"]
        for key in ("comment", "keywords", "people", "rating", "place"):
            if key not in result and source[key] is not None:
                result[key] = source[key]
    return result


def expected(record):
    xmp, iptc, exif = from_xmp(record), from_iptc(record), from_exif(record)
    # Photoshop's image resource 0x0425 holds the digest of the IPTC block as last written by a
    # program that kept XMP in step; a block that no longer matches it was changed since.
    digest, current = record.get("Photoshop:IPTCDigest"), record.get("File:CurrentIPTCDigest")
    iptc_newer = bool(digest and current and digest != current)
    described = layered([iptc, xmp, exif] if iptc_newer else [xmp, iptc, exif])
    rating = described.get("rating")
    return {
        "caption": described.get("caption") or "", "comment": described.get("comment") or "",
        "keywords": described.get("keywords") or [], "people": described.get("people") or [],
        "rating": rating if rating is not None and rating >= 0 else None,
        "rejected": rating is not None and rating < 0,
        "place": described.get("place"),
    }


def same(key, ours, theirs):
    if key in ("keywords", "people"):
        fold = lambda values: sorted(unicodedata.normalize("NFC", v).casefold() for v in values)
        return fold(ours or []) == fold(theirs or [])
    if key in ("caption", "comment"):
        norm = lambda v: unicodedata.normalize("NFC", " ".join((v or "").split()))
        return norm(ours) == norm(theirs)
    return (ours or None) == (theirs or None)


def main():
    gallery, folder = sys.argv[1], os.path.abspath(sys.argv[2])
    verbose = "--verbose" in sys.argv
    with tempfile.TemporaryDirectory() as scratch:
        db = os.path.join(scratch, "agreement.db")
        subprocess.run([gallery, "import", folder, "--db", db, "--quiet"], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        ours = json.loads(subprocess.run([gallery, "photos", "--db", db, "--json"], check=True,
                                         capture_output=True, text=True).stdout)
    ours = {photo["path"]: photo for photo in ours if photo.get("kind") != "video"}
    records = json.loads(subprocess.run(
        ["exiftool", "-j", "-G1", "-struct", "-a", "-n", "-charset", "filename=utf8",
         "-XMP:all", "-IPTC:all", "-IFD0:ImageDescription", "-IFD0:XPTitle", "-IFD0:XPComment", "-IFD0:XPKeywords",
         "-IFD0:XPSubject", "-IFD0:Make", "-IFD0:Model", "-ExifIFD:UserComment", "-Photoshop:IPTCDigest", "-File:CurrentIPTCDigest"]
        + [os.path.join(folder, path) for path in sorted(ours)],
        capture_output=True, text=True).stdout or "[]")
    fields = agreeing = 0
    disagreements = []
    for record in records:
        path = os.path.relpath(record["SourceFile"], folder)
        photo, want = ours[path], expected(record)
        for key, theirs in want.items():
            mine = photo.get(key)
            if not mine and not theirs:
                continue
            fields += 1
            if same(key, mine, theirs):
                agreeing += 1
            else:
                disagreements.append({"file": path, "field": key, "ours": mine, "exiftool": theirs})
    report = {"files": len(records), "fields": fields, "agreeing": agreeing,
              "share": round(agreeing / fields, 4) if fields else None}
    if verbose:
        report["disagreements"] = disagreements
    print(json.dumps(report, ensure_ascii=False))


if __name__ == "__main__":
    main()
