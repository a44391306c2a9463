-- Browse pages' layouts: a year's, a month's, a place's, a person's, a keyword's photos, or
-- the favourites, from every album (`layouts.scope` 'browse:' + the page's name, as
-- `gallery layout --album keyword:sunset` takes it), and a search's results (`gallery layout
-- --query`). Their revision is the library's.
--
-- SQLite cannot change a CHECK constraint in place, so `layouts` is rebuilt as 0009 did:
-- same rows, same ids (`masonry_layouts`, `layout_chunks` and the R*Tree of chunk bounds stay
-- valid, and no layout is recomputed); its trigger goes with the old table and is made again.

CREATE TABLE layouts_new (
    id              INTEGER PRIMARY KEY,
    -- 'album:' + the album's path, 'browse:' + a browse page's name, 'search:' + a search
    -- (its tokens, language, places and left-out albums as JSON), or 'library'.
    scope           TEXT NOT NULL CHECK (scope = 'library' OR scope LIKE 'album:%' OR scope LIKE 'browse:%' OR scope LIKE 'search:%'),
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
SELECT id, scope, kind, width, options, content_width, content_height, item_count, revision, computed_at FROM layouts;

DROP TABLE layouts;
ALTER TABLE layouts_new RENAME TO layouts;

CREATE TRIGGER layouts_deleted AFTER DELETE ON layouts BEGIN
    DELETE FROM layout_chunk_bounds WHERE id >= OLD.id * 16777216 AND id < (OLD.id + 1) * 16777216;
END;
