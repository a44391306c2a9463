-- Each photo's dominant colour ("#rrggbb"), found when its thumbnails are made: the colour a
-- page shows in the photo's place until the image has arrived. Keyed by the file's content
-- hash (photos.content_hash), like the images themselves, so an unchanged photo keeps it
-- across imports and exports, and a changed one gets a new one.
CREATE TABLE photo_colors (
    content_hash    TEXT PRIMARY KEY,
    color           TEXT NOT NULL CHECK (length(color) = 7 AND color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')
) WITHOUT ROWID;

-- Images are named by content hash: `gallery serve` finds the photo an image request is for,
-- and the colours of removed photos are found, through this index.
CREATE INDEX photos_content_hash ON photos (content_hash);
