-- Each photo's dominant colour ("#rrggbb"), found when its thumbnails are made: the colour a
-- page shows in the photo's place until the image has arrived. Keyed by the file's content
-- hash (photos.content_hash), like the images themselves, so an unchanged photo keeps it
-- across imports and exports, and a changed one gets a new one.
CREATE TABLE photo_colors (
    content_hash    TEXT PRIMARY KEY,
    color           TEXT NOT NULL CHECK (length(color) = 7 AND color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')
) WITHOUT ROWID;
