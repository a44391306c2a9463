-- What photos say of themselves, and what their sidecars say of them, beyond caption and
-- comment: keywords and people (tables of their own, many to many, in the order written),
-- rating, reject and favourite flags, and the place in words.
--
-- The importer merges the sources field by field (our annotation files, an XMP sidecar, the
-- file's own XMP, IPTC and EXIF text) into `annotations`; the file's own part is kept as it
-- was read (`photos.embedded_description`) so that a sidecar's change is merged again on the
-- next import without reading the photo again.

-- JSON of the file's own description (Imaging.PhotoDescription); NULL when it says nothing.
ALTER TABLE photos ADD COLUMN embedded_description TEXT;

-- 0 to 5 stars; NULL when unrated or rejected.
ALTER TABLE annotations ADD COLUMN rating INTEGER CHECK (rating BETWEEN 0 AND 5);
-- A reject (XMP rating -1).
ALTER TABLE annotations ADD COLUMN rejected INTEGER NOT NULL DEFAULT 0 CHECK (rejected IN (0, 1));
ALTER TABLE annotations ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1));
-- IPTC's location in words; each NULL when not given.
ALTER TABLE annotations ADD COLUMN place_sublocation TEXT;
ALTER TABLE annotations ADD COLUMN place_city TEXT;
ALTER TABLE annotations ADD COLUMN place_state TEXT;
ALTER TABLE annotations ADD COLUMN place_country TEXT;

CREATE TABLE keywords (
    id      INTEGER PRIMARY KEY,
    -- As written: a hierarchical keyword ("Places|France|Paris") whole; its leaf has a row too.
    name    TEXT NOT NULL UNIQUE
);
CREATE TABLE photo_keywords (
    photo_id    INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
    keyword_id  INTEGER NOT NULL REFERENCES keywords(id) ON DELETE CASCADE,
    -- The order the source lists them in.
    position    INTEGER NOT NULL,
    PRIMARY KEY (photo_id, keyword_id)
);
CREATE INDEX photo_keywords_by_keyword ON photo_keywords(keyword_id);

CREATE TABLE people (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE
);
CREATE TABLE photo_people (
    photo_id    INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
    person_id   INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    PRIMARY KEY (photo_id, person_id)
);
CREATE INDEX photo_people_by_person ON photo_people(person_id);

-- Every photo is read again by the next import: its file's own description was never kept.
UPDATE photos SET metadata_read = 0;
