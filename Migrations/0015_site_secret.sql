-- A random secret of the library's own, made once: an unlisted album's address carries a part
-- derived from it (HMAC-SHA-256 of the album's path), which stays the same from export to
-- export and cannot be guessed from the album's name. It never leaves this file.
INSERT OR IGNORE INTO library_settings (key, value) VALUES ('site_secret', lower(hex(randomblob(32))));
