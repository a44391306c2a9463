-- Layouts computed once per (scope, kind, width, options) and kept.
--
-- Staleness is derived, not flagged: every change to a photo or an annotation bumps its
-- album's revision and the library's (triggers below); a layout remembers the revision it was
-- computed at, and is stale when that differs.

ALTER TABLE albums ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

CREATE TABLE library_revision (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    revision    INTEGER NOT NULL
);
INSERT INTO library_revision (id, revision) VALUES (1, 0);

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

CREATE TABLE layouts (
    id              INTEGER PRIMARY KEY,
    -- 'album:' + the album's path, or 'library' for every photo.
    scope           TEXT NOT NULL,
    kind            TEXT NOT NULL,
    width           REAL NOT NULL,
    -- Everything else that shapes the layout, text styles (fonts included) too, canonical.
    options         TEXT NOT NULL,
    columns         INTEGER NOT NULL,
    column_width    REAL NOT NULL,
    gutter          REAL NOT NULL,
    inner_width     REAL NOT NULL,
    cell_padding    REAL NOT NULL,
    content_width   REAL NOT NULL,
    content_height  REAL NOT NULL,
    item_count      INTEGER NOT NULL,
    -- Little-endian float64 per column: what an append continues from.
    column_heights  BLOB NOT NULL,
    -- The scope's revision when computed.
    revision        INTEGER NOT NULL,
    computed_at     TEXT NOT NULL,
    UNIQUE (scope, kind, width, options)
);

-- Items in chunks of 256, in index order. Per item, little-endian: photo id (int64), column
-- (int32), y, height, photo height, caption height, comment height (float64). x and width
-- follow from the column.
CREATE TABLE layout_chunks (
    layout_id   INTEGER NOT NULL REFERENCES layouts(id) ON DELETE CASCADE,
    chunk       INTEGER NOT NULL,
    items       BLOB NOT NULL,
    PRIMARY KEY (layout_id, chunk)
) WITHOUT ROWID;

-- Each chunk's bounding box, so a viewport query reads only the chunks it touches.
-- id = layout_id * 16777216 + chunk.
CREATE VIRTUAL TABLE layout_chunk_bounds USING rtree(id, min_x, max_x, min_y, max_y);

CREATE TRIGGER layouts_deleted AFTER DELETE ON layouts BEGIN
    DELETE FROM layout_chunk_bounds WHERE id >= OLD.id * 16777216 AND id < (OLD.id + 1) * 16777216;
END;
