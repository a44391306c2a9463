-- What changed since a layout, or since the last import, is found without reading the whole
-- library (issue 51).
--
-- The library's revision when a layout's inputs were read. Every photo whose `changed` (0023)
-- is no later is as that layout saw it: its shape, texts and their measured heights. A layout
-- computed again takes those photos' heights from the layout before it and reads and measures
-- the texts of the others only: one caption edited no longer looks up every text of an album
-- of 100,000 photos in every band. NULL for a layout stored before: its next computation reads
-- every text, as before.
ALTER TABLE layouts ADD COLUMN inputs_revision INTEGER;

-- The texts set in the system's fallback faces, which every import checks again (the faces
-- the system picks may have changed): found without reading every measurement of a style.
CREATE INDEX text_measurements_fallback ON text_measurements(style_id, text) WHERE font_signature != '';
