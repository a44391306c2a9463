-- Facts about the library as a whole. 'root': the absolute path of the folder last imported,
-- so that an export can read the photos again.
CREATE TABLE library_settings (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL
) WITHOUT ROWID;
