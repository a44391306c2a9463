-- The library: albums, photos and their annotations.
-- Paths are relative to the imported folder, with "/" separators.

CREATE TABLE albums (
    id          INTEGER PRIMARY KEY,
    -- Folder relative to the imported root; '' for the root (the default album).
    path        TEXT NOT NULL UNIQUE,
    -- What people see and pass to --album: the folder path, or the root folder's name.
    name        TEXT NOT NULL
);

CREATE TABLE photos (
    id              INTEGER PRIMARY KEY,
    album_id        INTEGER NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
    path            TEXT NOT NULL UNIQUE,
    -- Order within the album: the path with digit runs zero-padded, so IMG_2 < IMG_10.
    sort_key        TEXT NOT NULL,
    file_size       INTEGER NOT NULL CHECK (file_size >= 0),
    -- Modification time in nanoseconds since 1970, as read from the file system.
    mtime_ns        INTEGER NOT NULL,
    -- "xxh64:" + 16 hex digits over the whole file.
    content_hash    TEXT NOT NULL,
    format          TEXT NOT NULL CHECK (format IN ('jpeg', 'png')),
    width           INTEGER NOT NULL CHECK (width > 0),
    height          INTEGER NOT NULL CHECK (height > 0),
    orientation     INTEGER NOT NULL CHECK (orientation BETWEEN 1 AND 8),
    display_width   INTEGER NOT NULL CHECK (display_width > 0),
    display_height  INTEGER NOT NULL CHECK (display_height > 0)
);
CREATE INDEX photos_by_album ON photos(album_id, sort_key);

CREATE TABLE annotations (
    photo_id    INTEGER PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
    caption     TEXT NOT NULL DEFAULT '',
    comment     TEXT NOT NULL DEFAULT '',
    -- Where the text came from: 'sidecar', 'annotations.json', 'Photos.plist' or a file given
    -- with --annotations (its path).
    source      TEXT NOT NULL
);
