-- A change sequence per photo (issue 51): `changed` is the library revision of the photo's last
-- change — its row, its annotation, its keywords or people, a height measured again for one of
-- its texts. A browse page's layouts (the year, the keyword, the place, …) are then stale only
-- when one of its photos changed, came or went (`GalleryDatabase.revision(_:scope:)`: how many
-- photos the page has and the latest `changed` among them), not after every change anywhere
-- in the library: one caption edited no longer lays out every browse page again.
--
-- A browse page's new revision can equal no revision stored before (it carries a bit library
-- revisions never reach), so each browse layout is computed again once, by the next build.
ALTER TABLE photos ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;

DROP TRIGGER photos_inserted;
DROP TRIGGER photos_updated;
DROP TRIGGER annotations_inserted;
DROP TRIGGER annotations_updated;
DROP TRIGGER annotations_deleted;
DROP TRIGGER text_measurement_height_changed;

-- The photos there are: changed now (no trigger is left to count it a change of its own).
UPDATE library_revision SET revision = revision + 1;
UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1);

-- Each trigger bumps the library's revision first and then stamps the photo with it. The stamp
-- is an UPDATE of `photos` too: `photos_updated` leaves out an update that sets `changed` (the
-- stamp itself, or setting every photo's at once), so a stamp is never a change of its own.
CREATE TRIGGER photos_inserted AFTER INSERT ON photos BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = NEW.album_id;
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = NEW.id;
END;
CREATE TRIGGER photos_updated AFTER UPDATE ON photos WHEN NEW.changed IS OLD.changed BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id IN (OLD.album_id, NEW.album_id);
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = NEW.id;
END;
CREATE TRIGGER annotations_inserted AFTER INSERT ON annotations BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = (SELECT album_id FROM photos WHERE id = NEW.photo_id);
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = NEW.photo_id;
END;
CREATE TRIGGER annotations_updated AFTER UPDATE ON annotations BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = (SELECT album_id FROM photos WHERE id = NEW.photo_id);
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id IN (OLD.photo_id, NEW.photo_id);
END;
CREATE TRIGGER annotations_deleted AFTER DELETE ON annotations BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = (SELECT album_id FROM photos WHERE id = OLD.photo_id);
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = OLD.photo_id;
END;
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

-- A keyword or a person given or taken away moves the photo onto or off that page. (The import
-- writes them with the photo's annotation, whose own trigger stamps the photo; these keep it
-- so whatever writes them.)
CREATE TRIGGER photo_keywords_inserted AFTER INSERT ON photo_keywords BEGIN
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = NEW.photo_id;
END;
CREATE TRIGGER photo_keywords_deleted AFTER DELETE ON photo_keywords BEGIN
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = OLD.photo_id;
END;
CREATE TRIGGER photo_people_inserted AFTER INSERT ON photo_people BEGIN
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = NEW.photo_id;
END;
CREATE TRIGGER photo_people_deleted AFTER DELETE ON photo_people BEGIN
    UPDATE library_revision SET revision = revision + 1;
    UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1) WHERE id = OLD.photo_id;
END;
