-- Animations (issue 50): a GIF of several frames or an animated PNG is kind 'animated', its
-- first frame the still and the file itself the clip played looped. `kind` is rebuilt into
-- `photos` as in 0019 (same rows, same ids, every column kept; indexes and triggers made
-- again) with the new kind allowed, and GIFs and PNGs are read again by the next import (their
-- metadata_read back to 0), which finds which of them move.
DROP TRIGGER annotations_inserted;
DROP TRIGGER annotations_updated;
DROP TRIGGER annotations_deleted;
DROP TRIGGER text_measurement_height_changed;

CREATE TABLE photos_new (
    id              INTEGER PRIMARY KEY,
    album_id        INTEGER NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
    path            TEXT NOT NULL UNIQUE,
    sort_key        TEXT NOT NULL,
    file_size       INTEGER NOT NULL CHECK (file_size >= 0),
    mtime_ns        INTEGER NOT NULL,
    content_hash    TEXT NOT NULL,
    -- An image's format, or a video's container (PhotoFacts' MediaFormat).
    format          TEXT NOT NULL CHECK (length(format) > 0),
    -- What the item is: a photo, a video, a Live Photo (a still with its motion clip), or an
    -- animation (a GIF or PNG of several frames).
    kind            TEXT NOT NULL DEFAULT 'photo' CHECK (kind IN ('photo', 'video', 'live', 'animated')),
    width           INTEGER NOT NULL CHECK (width > 0),
    height          INTEGER NOT NULL CHECK (height > 0),
    orientation     INTEGER NOT NULL CHECK (orientation BETWEEN 1 AND 8),
    display_width   INTEGER NOT NULL CHECK (display_width > 0),
    display_height  INTEGER NOT NULL CHECK (display_height > 0),
    -- When the photo was taken, ISO 8601 as the camera's clock showed it: "2024-07-14T18:32:05",
    -- with ".120" when the file gives sub-seconds and "+02:00" when it gives the offset
    -- (DateTimeOriginal, SubSecTimeOriginal, OffsetTimeOriginal; else CreateDate). NULL when
    -- unknown. Text order is clock order, which is what capture order means to a person.
    taken_at        TEXT,
    camera_make     TEXT,
    camera_model    TEXT,
    lens            TEXT,
    f_number        REAL CHECK (f_number > 0),
    -- Seconds.
    exposure_time   REAL CHECK (exposure_time > 0),
    iso             INTEGER CHECK (iso > 0),
    -- Millimetres, as the lens reports it (not the 35 mm equivalent).
    focal_length    REAL CHECK (focal_length > 0),
    latitude        REAL CHECK (latitude BETWEEN -90 AND 90),
    longitude       REAL CHECK (longitude BETWEEN -180 AND 180),
    -- 0 for rows imported before metadata was read: the next import reads it for them.
    metadata_read   INTEGER NOT NULL DEFAULT 0,
    -- A video's length in seconds, and its codecs as FFmpeg names them ('h264', 'hevc'; 'aac').
    duration        REAL CHECK (duration >= 0),
    video_codec     TEXT,
    audio_codec     TEXT,
    -- A Live Photo's pairing (0012) and what the file says about itself (0013).
    content_identifier TEXT,
    live_still_id   INTEGER REFERENCES photos(id) ON DELETE SET NULL,
    motion_offset   INTEGER CHECK (motion_offset > 0),
    motion_width    INTEGER CHECK (motion_width > 0),
    motion_height   INTEGER CHECK (motion_height > 0),
    embedded_description TEXT
);
INSERT INTO photos_new (id, album_id, path, sort_key, file_size, mtime_ns, content_hash, format, kind, width, height,
                        orientation, display_width, display_height, taken_at, camera_make, camera_model, lens,
                        f_number, exposure_time, iso, focal_length, latitude, longitude, metadata_read,
                        duration, video_codec, audio_codec, content_identifier, live_still_id, motion_offset,
                        motion_width, motion_height, embedded_description)
SELECT id, album_id, path, sort_key, file_size, mtime_ns, content_hash, format, kind, width, height,
       orientation, display_width, display_height, taken_at, camera_make, camera_model, lens,
       f_number, exposure_time, iso, focal_length, latitude, longitude, metadata_read,
       duration, video_codec, audio_codec, content_identifier, live_still_id, motion_offset,
       motion_width, motion_height, embedded_description
FROM photos;
DROP TABLE photos;
ALTER TABLE photos_new RENAME TO photos;

CREATE INDEX photos_by_album ON photos(album_id, sort_key);
CREATE INDEX photos_content_hash ON photos (content_hash);
-- Capture order within an album.
CREATE INDEX photos_by_album_taken ON photos(album_id, taken_at);
CREATE INDEX photos_content_identifier ON photos(album_id, content_identifier) WHERE content_identifier IS NOT NULL;
CREATE INDEX photos_live_still ON photos(live_still_id) WHERE live_still_id IS NOT NULL;

CREATE TRIGGER photos_inserted AFTER INSERT ON photos BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = NEW.album_id;
    UPDATE library_revision SET revision = revision + 1;
END;
CREATE TRIGGER photos_updated AFTER UPDATE ON photos BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id IN (OLD.album_id, NEW.album_id);
    UPDATE library_revision SET revision = revision + 1;
END;
CREATE TRIGGER photos_deleted AFTER DELETE ON photos BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = OLD.album_id;
    UPDATE library_revision SET revision = revision + 1;
END;
CREATE TRIGGER annotations_inserted AFTER INSERT ON annotations BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = (SELECT album_id FROM photos WHERE id = NEW.photo_id);
    UPDATE library_revision SET revision = revision + 1;
END;
CREATE TRIGGER annotations_updated AFTER UPDATE ON annotations BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = (SELECT album_id FROM photos WHERE id = NEW.photo_id);
    UPDATE library_revision SET revision = revision + 1;
END;
CREATE TRIGGER annotations_deleted AFTER DELETE ON annotations BEGIN
    UPDATE albums SET revision = revision + 1 WHERE id = (SELECT album_id FROM photos WHERE id = OLD.photo_id);
    UPDATE library_revision SET revision = revision + 1;
END;
CREATE TRIGGER text_measurement_height_changed AFTER UPDATE OF height ON text_measurements
WHEN OLD.height != NEW.height
BEGIN
    UPDATE albums SET revision = revision + 1
    WHERE id IN (SELECT photos.album_id FROM photos JOIN annotations ON annotations.photo_id = photos.id
                 WHERE annotations.caption = NEW.text OR annotations.comment = NEW.text);
    UPDATE library_revision SET revision = revision + 1;
END;

UPDATE photos SET metadata_read = 0 WHERE format IN ('gif', 'png');
