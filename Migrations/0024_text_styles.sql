-- A measurement named its style by the style's whole fingerprint (~700 characters: the faces'
-- files and digests, size, line height), in every row and in the table's key: at 100,000
-- photos 940 MB of a 1.5 GB table, and each lookup compared keys that long. A style is now a
-- row of its own, and a measurement names it by number. The measurements are kept.
CREATE TABLE text_styles (
    id          INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL UNIQUE
);
INSERT INTO text_styles (fingerprint) SELECT DISTINCT style FROM text_measurements ORDER BY style;

CREATE TABLE text_measurements_by_style (
    style_id       INTEGER NOT NULL REFERENCES text_styles(id),
    width          REAL NOT NULL CHECK (width > 0),
    text           TEXT NOT NULL,
    lines          INTEGER NOT NULL CHECK (lines >= 0),
    height         REAL NOT NULL CHECK (height >= 0),
    font_signature TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (style_id, width, text)
) WITHOUT ROWID;
INSERT INTO text_measurements_by_style (style_id, width, text, lines, height, font_signature)
SELECT s.id, m.width, m.text, m.lines, m.height, m.font_signature
FROM text_measurements m JOIN text_styles s ON s.fingerprint = m.style;

DROP TRIGGER text_measurement_height_changed;
DROP TABLE text_measurements;
ALTER TABLE text_measurements_by_style RENAME TO text_measurements;

CREATE TRIGGER text_measurement_height_changed AFTER UPDATE OF height ON text_measurements
WHEN OLD.height != NEW.height
BEGIN
    UPDATE albums SET revision = revision + 1
    WHERE id IN (SELECT photos.album_id FROM photos JOIN annotations ON annotations.photo_id = photos.id
                 WHERE annotations.caption = NEW.text OR annotations.comment = NEW.text);
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1)
    WHERE id IN (SELECT photo_id FROM annotations WHERE caption = NEW.text OR comment = NEW.text);
END;
