-- Each layout kind keeps what it has. What every stored layout has stays in `layouts`; the
-- columns of a masonry layout move to `masonry_layouts`, so a layout of free frames (justified
-- rows) no longer carries a masonry header of zeros. `layouts` now refuses a kind or a scope
-- that no binary writes: its chunks are decoded by the codec its kind names.
--
-- SQLite cannot add a CHECK constraint in place, so `layouts` is rebuilt (the migrator turns
-- foreign keys off while a migration runs and checks them after): same rows, same ids, so
-- `layout_chunks` and the R*Tree of chunk bounds stay valid, and so does every layout's
-- revision: no layout is recomputed. Its trigger goes with the old table and is made again.

CREATE TABLE layouts_new (
    id              INTEGER PRIMARY KEY,
    -- 'album:' + the album's path, or 'library' for every photo.
    scope           TEXT NOT NULL CHECK (scope = 'library' OR scope LIKE 'album:%'),
    -- Which codec wrote its chunks: 'masonry' (columns, with a row in masonry_layouts) or
    -- 'justified' (free frames).
    kind            TEXT NOT NULL CHECK (kind IN ('masonry', 'justified')),
    width           REAL NOT NULL,
    -- Everything else that shapes the layout, text styles (fonts included) too, canonical.
    options         TEXT NOT NULL,
    content_width   REAL NOT NULL,
    content_height  REAL NOT NULL,
    item_count      INTEGER NOT NULL CHECK (item_count >= 0),
    -- The scope's revision when computed.
    revision        INTEGER NOT NULL,
    computed_at     TEXT NOT NULL,
    UNIQUE (scope, kind, width, options)
);

INSERT INTO layouts_new (id, scope, kind, width, options, content_width, content_height, item_count, revision, computed_at)
SELECT id, scope, kind, width, options, content_width, content_height, item_count, revision, computed_at
FROM layouts WHERE kind IN ('masonry', 'justified') AND (scope = 'library' OR scope LIKE 'album:%');

-- A masonry layout's columns: x and width of its items follow from them.
CREATE TABLE masonry_layouts (
    layout_id       INTEGER PRIMARY KEY REFERENCES layouts(id) ON DELETE CASCADE,
    columns         INTEGER NOT NULL CHECK (columns >= 1),
    column_width    REAL NOT NULL,
    gutter          REAL NOT NULL,
    -- An item's width: the column's less the cell padding on both sides.
    inner_width     REAL NOT NULL,
    cell_padding    REAL NOT NULL,
    -- Little-endian float64 per column: what an append continues from.
    column_heights  BLOB NOT NULL
);

INSERT INTO masonry_layouts (layout_id, columns, column_width, gutter, inner_width, cell_padding, column_heights)
SELECT l.id, l.columns, l.column_width, l.gutter, l.inner_width, l.cell_padding, l.column_heights
FROM layouts l JOIN layouts_new n ON n.id = l.id
WHERE l.kind = 'masonry' AND l.columns >= 1;

-- A masonry header without columns cannot be drawn: drop it (it is computed again on demand).
DELETE FROM layouts_new WHERE kind = 'masonry' AND id NOT IN (SELECT layout_id FROM masonry_layouts);

-- Chunks of the rows dropped above go with them.
DELETE FROM layout_chunks WHERE layout_id NOT IN (SELECT id FROM layouts_new);
DELETE FROM layout_chunk_bounds WHERE id / 16777216 NOT IN (SELECT id FROM layouts_new);

DROP TABLE layouts;
ALTER TABLE layouts_new RENAME TO layouts;

CREATE TRIGGER layouts_deleted AFTER DELETE ON layouts BEGIN
    DELETE FROM layout_chunk_bounds WHERE id >= OLD.id * 16777216 AND id < (OLD.id + 1) * 16777216;
END;
