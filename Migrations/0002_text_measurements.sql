-- How captions and comments set at a width: lines and height in CSS px, as measured by the
-- TextMetrics module (HarfBuzz + ICU, checked against Chromium).
-- Keyed by the text itself, the style's fingerprint (name, size, line height, line limit and
-- every font file) and the width, so a change of font or size never reuses a stale height,
-- and photos with the same text share one row.

CREATE TABLE text_measurements (
    style   TEXT NOT NULL,
    width   REAL NOT NULL CHECK (width > 0),
    text    TEXT NOT NULL,
    lines   INTEGER NOT NULL CHECK (lines >= 0),
    height  REAL NOT NULL CHECK (height >= 0),
    PRIMARY KEY (style, width, text)
) WITHOUT ROWID;
