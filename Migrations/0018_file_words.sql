-- The file's own words are read more fully (issue 50): a camera's placeholder is dropped from
-- XMP and IPTC too, Windows' ratings are read, a PNG's IPTC as exiftool writes it, a JPEG's
-- comment. Photos (not videos, whose tags are read as before) are read again by the next
-- import; their images are not made again (the content hash is unchanged).
UPDATE photos SET metadata_read = 0 WHERE kind != 'video';
