-- Private albums' keys: the random AES-256 key each private album's files are sealed with,
-- made at its first export and kept, so that a new password only re-wraps it (the site's
-- key.json) and unchanged files are not sealed again. By the album's path; a key that no
-- album uses any more is harmless and dropped with its album.
CREATE TABLE album_keys (
    album_path  TEXT PRIMARY KEY,
    key         BLOB NOT NULL CHECK (length(key) = 32)
) WITHOUT ROWID;
