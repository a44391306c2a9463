-- The texts whose measurements may have lost their last annotation (issue 51).
--
-- A measurement is kept while some caption or comment is its text. Only an annotation whose
-- text changes or goes can leave one without: those old texts are noted here, and the prune
-- after an import looks at them alone, not at every measurement of every style and width
-- (1.3 million rows at 100,000 photos: a tenth of a one-caption import).
CREATE TABLE measurement_orphans (
    text    TEXT PRIMARY KEY
) WITHOUT ROWID;

-- A text noted already is not noted again by NOT EXISTS, not by INSERT OR IGNORE: a trigger's
-- statements take the conflict handling of the statement that fired them (the importer's
-- upsert: ABORT), whatever their own says.
CREATE TRIGGER annotation_texts_replaced AFTER UPDATE OF caption, comment ON annotations
WHEN OLD.caption != NEW.caption OR OLD.comment != NEW.comment BEGIN
    INSERT INTO measurement_orphans (text) SELECT OLD.caption
    WHERE OLD.caption NOT IN ('', NEW.caption) AND NOT EXISTS (SELECT 1 FROM measurement_orphans WHERE text = OLD.caption);
    INSERT INTO measurement_orphans (text) SELECT OLD.comment
    WHERE OLD.comment NOT IN ('', NEW.comment) AND NOT EXISTS (SELECT 1 FROM measurement_orphans WHERE text = OLD.comment);
END;

-- A photo removed takes its annotation with it (ON DELETE CASCADE fires this too).
CREATE TRIGGER annotation_texts_removed AFTER DELETE ON annotations BEGIN
    INSERT INTO measurement_orphans (text) SELECT OLD.caption
    WHERE OLD.caption != '' AND NOT EXISTS (SELECT 1 FROM measurement_orphans WHERE text = OLD.caption);
    INSERT INTO measurement_orphans (text) SELECT OLD.comment
    WHERE OLD.comment != '' AND NOT EXISTS (SELECT 1 FROM measurement_orphans WHERE text = OLD.comment);
END;

-- What earlier imports left is pruned once, the whole table's way.
DELETE FROM text_measurements
WHERE text NOT IN (SELECT caption FROM annotations) AND text NOT IN (SELECT comment FROM annotations);
