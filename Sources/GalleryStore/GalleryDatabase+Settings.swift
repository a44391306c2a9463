import GRDB

extension GalleryDatabase {
    /// The absolute path of the folder the library was last imported from.
    public func libraryRoot() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM library_settings WHERE key = 'root'") }
    }

    /// The library's own random secret (`library_settings` 'site_secret', made by migration
    /// 0015): what unlisted albums' addresses are derived from.
    public func siteSecret() throws -> String {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM library_settings WHERE key = 'site_secret'") } ?? ""
    }

    public func setLibraryRoot(_ path: String) throws {
        try write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO library_settings (key, value) VALUES ('root', ?)", arguments: [path])
        }
    }

    /// The order photos are shown and laid out in (`library_settings` key 'sort'; date by default).
    public func photoOrder() throws -> PhotoOrder {
        try read { db in try Self.photoOrder(db) }
    }

    static func photoOrder(_ db: Database) throws -> PhotoOrder {
        try String.fetchOne(db, sql: "SELECT value FROM library_settings WHERE key = 'sort'").flatMap(PhotoOrder.init(rawValue:)) ?? .date
    }

    /// Sets the order; a change makes every stored layout stale (they are in the old order),
    /// in the same transaction.
    public func setPhotoOrder(_ order: PhotoOrder) throws {
        try write { db in
            guard try Self.photoOrder(db) != order else { return }
            try db.execute(sql: "INSERT OR REPLACE INTO library_settings (key, value) VALUES ('sort', ?)", arguments: [order.rawValue])
            try db.execute(sql: "UPDATE albums SET revision = revision + 1")
            try db.execute(sql: "UPDATE library_revision SET revision = revision + 1")
            // Browse pages follow their photos' changes (migration 0023): every photo moved.
            try db.execute(sql: "UPDATE photos SET changed = (SELECT revision FROM library_revision WHERE id = 1)")
        }
    }
}
