-- What a stored measurement depends on beyond its style's own fonts: the system fallback
-- faces that drew some of its characters ("path#index@stamp": the file, the face, its head-table revision and checksum; comma-separated, sorted) and "notdef"
-- when a character had no face at all; '' for text the style's fonts draw whole. Only rows
-- with a signature can change when fonts are installed or removed, so only they are checked
-- again on import (TextMeasurer.fontSignature).
ALTER TABLE text_measurements ADD COLUMN font_signature TEXT NOT NULL DEFAULT '';

-- A height measured again (other fonts) makes the layouts of the albums that show the text
-- stale, as an edited annotation does.
CREATE TRIGGER text_measurement_height_changed AFTER UPDATE OF height ON text_measurements
WHEN OLD.height != NEW.height
BEGIN
    UPDATE albums SET revision = revision + 1
    WHERE id IN (SELECT photos.album_id FROM photos JOIN annotations ON annotations.photo_id = photos.id
                 WHERE annotations.caption = NEW.text OR annotations.comment = NEW.text);
    UPDATE library_revision SET revision = revision + 1;
END;
