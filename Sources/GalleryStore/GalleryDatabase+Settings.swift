import GRDB

extension GalleryDatabase {
    /// The absolute path of the folder the library was last imported from.
    public func libraryRoot() throws -> String? {
        try writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM library_settings WHERE key = 'root'") }
    }

    public func setLibraryRoot(_ path: String) throws {
        try writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO library_settings (key, value) VALUES ('root', ?)", arguments: [path])
        }
    }
}
