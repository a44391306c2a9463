-- What each photo's annotation was last worked out from besides its own file (issue 51).
--
-- A photo's annotation is its layers merged field by field: our annotation files, an XMP
-- sidecar, a Takeout sidecar, then what the file says of itself (`AnnotationLayers`). An
-- unchanged file says the same, so the annotation is the same while the other layers are:
-- their digest is kept here, and only a photo whose layers' digest moved has its file's
-- stored description decoded and merged again (every photo's was, a second of an import at
-- 100,000 photos with nothing changed). A photo without a row (imported before this
-- migration) is worked out the long way once, and gets its row then.
--
-- No trigger: writing a digest changes nothing a page shows.
CREATE TABLE annotation_layers (
    photo_id    INTEGER PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
    digest      INTEGER NOT NULL
);
