-- Each photo's search words as the site's index last took them (issue 51).
--
-- The index is made of every listed photo's words (`LibraryPhoto.searchTokens`); working
-- them out again from every photo's texts, keywords, people, place and date took a sixth of
-- an export at 100,000 photos after one caption was edited. A photo's words are kept with
-- the `changed` (0023) and the album name they were taken at, and are taken again only when
-- either moved.
--
-- What words come out also depends on the site (whether places are published, its month
-- names) and on the program that cuts them: each such signature is a set of its own, and
-- the last few sets are kept.
CREATE TABLE search_word_sets (
    id          INTEGER PRIMARY KEY,
    signature   TEXT NOT NULL UNIQUE
);

CREATE TABLE search_words (
    photo_id    INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
    set_id      INTEGER NOT NULL REFERENCES search_word_sets(id) ON DELETE CASCADE,
    changed     INTEGER NOT NULL,
    album       TEXT NOT NULL,
    -- The words, one a line (a word is letters, marks and digits only).
    words       TEXT NOT NULL,
    PRIMARY KEY (photo_id, set_id)
) WITHOUT ROWID;
