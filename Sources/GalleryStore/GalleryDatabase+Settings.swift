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

    /// Every photo's file facts an export needs, by id.
    public func photoFiles() throws -> [Int64: (path: String, contentHash: String, format: String, orientation: Int)] {
        try writer.read { db in
            var result: [Int64: (String, String, String, Int)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, path, content_hash, format, orientation FROM photos") {
                result[row[0]] = (row[1], row[2], row[3], row[4])
            }
            return result
        }
    }
}
