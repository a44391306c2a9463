-- A browse page's revision is how many photos it has and the latest change among them
-- (`GalleryDatabase.revision(_:scope:)`), counted once per library revision for each page: a
-- year's, a month's or a place's count scanned every photo of the library (at 100,000 photos,
-- some 300 pages of 100,000 rows after any change). These indexes give each page its own
-- photos: a date range for years and months, and each level of a place as its pages compare
-- it (without case).
CREATE INDEX photos_taken ON photos(taken_at);
CREATE INDEX annotations_place_sublocation ON annotations(place_sublocation COLLATE NOCASE);
CREATE INDEX annotations_place_city ON annotations(place_city COLLATE NOCASE);
CREATE INDEX annotations_place_state ON annotations(place_state COLLATE NOCASE);
CREATE INDEX annotations_place_country ON annotations(place_country COLLATE NOCASE);
