-- A RAW+JPEG pair is one photo, shown from its JPEG (raw_pairs = "jpeg", the default); its raw
-- is the photo's original: the file a visitor downloads where the site offers originals
-- ([content] downloads = "original"), as a photographer hands out the negative (issue 50).
-- The raw is no row of its own: the shown file's row keeps its path (relative to the library's
-- folder), its size and modification time (so the import sees it change) and its content hash
-- (which names its copy, "originals/HASH.cr2"). NULL for every other photo: its own file is
-- its original. Pairs imported before this version get theirs from the next import, which
-- sees the raw beside each as a change.
ALTER TABLE photos ADD COLUMN original_path TEXT;
ALTER TABLE photos ADD COLUMN original_size INTEGER CHECK (original_size >= 0);
ALTER TABLE photos ADD COLUMN original_mtime_ns INTEGER;
ALTER TABLE photos ADD COLUMN original_hash TEXT;

-- An original's copy is found by its name's hash, as images are by the photo's.
CREATE INDEX photos_original_hash ON photos (original_hash) WHERE original_hash IS NOT NULL;
