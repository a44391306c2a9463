-- Live Photos: an iPhone still and its motion clip (a MOV with the same Apple content
-- identifier) are one item; an Android motion photo carries its clip inside (an MP4 appended to
-- the JPEG).
--
-- Both files of a pair stay rows of `photos` (each with its own size, hash and change
-- detection); the clip's row points at its still and is not listed on its own. The pairing is
-- worked out again from the identifiers whenever an import writes (GalleryDatabase.pairLivePhotos),
-- so it follows renames, removals and new files in either half.

-- Apple's content identifier: maker note tag 0x0011 in a still,
-- `com.apple.quicktime.content.identifier` in a clip. NULL when the file has none.
ALTER TABLE photos ADD COLUMN content_identifier TEXT;
-- For a clip that is a Live Photo's motion: its still (kind 'live'). Such a clip is not listed
-- by itself; when the still goes, the clip is listed again as a video.
ALTER TABLE photos ADD COLUMN live_still_id INTEGER REFERENCES photos(id) ON DELETE SET NULL;
-- For a motion photo (kind 'live', one file): where its MP4 starts in the file, and the clip's
-- displayed size. Its length and codecs are in duration, video_codec and audio_codec.
ALTER TABLE photos ADD COLUMN motion_offset INTEGER CHECK (motion_offset > 0);
ALTER TABLE photos ADD COLUMN motion_width INTEGER CHECK (motion_width > 0);
ALTER TABLE photos ADD COLUMN motion_height INTEGER CHECK (motion_height > 0);

CREATE INDEX photos_content_identifier ON photos(album_id, content_identifier) WHERE content_identifier IS NOT NULL;
CREATE INDEX photos_live_still ON photos(live_still_id) WHERE live_still_id IS NOT NULL;

-- Files that can carry an identifier or a clip are read again by the next import (their
-- metadata_read goes back to 0, as for rows from before 0008).
UPDATE photos SET metadata_read = 0 WHERE format IN ('jpeg', 'heic', 'mov', 'mp4');
