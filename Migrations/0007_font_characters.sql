-- The characters each font face draws for the library's captions and comments, found when
-- they are measured: what a site's font subsets must hold. Kept so that a page or a style
-- sheet can be made without shaping every text of the library again (`gallery serve`
-- answers the first request at once on any library).
--
-- One row per face: the family name the site's CSS gives it, its file and index in the file,
-- the Debian package that installs it, and the characters as one string. Rows only grow: a
-- text that is edited away leaves its characters (a slightly larger subset, never a missing
-- glyph). `library_settings` key 'font_characters' names the text styles the rows were
-- found for; another value means they are found again from every text.
CREATE TABLE font_characters (
    family      TEXT PRIMARY KEY,
    path        TEXT NOT NULL,
    face_index  INTEGER NOT NULL,
    package     TEXT NOT NULL,
    characters  TEXT NOT NULL
) WITHOUT ROWID;
