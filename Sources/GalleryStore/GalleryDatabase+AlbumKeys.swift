import Foundation
import GRDB

extension GalleryDatabase {
    /// The key the private album at `path` is sealed with: the one kept (`album_keys`), or
    /// `make()`'s, kept now, in one transaction (two exports at once keep one key).
    public func albumKey(path: String, make: () -> [UInt8]) throws -> [UInt8] {
        let made = Data(make())
        return try write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO album_keys (album_path, key) VALUES (?, ?)", arguments: [path, made])
            // The row is there: inserted now, or kept from before (which wins).
            return Array(try Data.fetchOne(db, sql: "SELECT key FROM album_keys WHERE album_path = ?", arguments: [path]) ?? made)
        }
    }
}
