import GRDB

extension GalleryDatabase {
    /// Stored dominant colours ("#rrggbb") by content hash.
    public func dominantColors() throws -> [String: String] {
        try read { db in
            var result: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT content_hash, color FROM photo_colors")
            while let row = try rows.next() {
                result[row["content_hash"]] = row["color"]
            }
            return result
        }
    }

    /// The content hashes of photos that have no stored dominant colour: in one statement, not
    /// each batch's colours read to find the few missing (1.6 % of a build at 100,000 photos).
    public func contentHashesWithoutColor() throws -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: """
                SELECT DISTINCT p.content_hash FROM photos p
                WHERE NOT EXISTS (SELECT 1 FROM photo_colors c WHERE c.content_hash = p.content_hash)
                """))
        }
    }

    /// Stored dominant colours of these content hashes.
    public func dominantColors(contentHashes: some Collection<String>) throws -> [String: String] {
        try read { db in
            var result: [String: String] = [:]
            try Self.inParts(Set(contentHashes)) { part in
                for row in try SQLRequest<Row>(literal: "SELECT content_hash, color FROM photo_colors WHERE content_hash IN \(part)").fetchAll(db) {
                    result[row["content_hash"]] = row["color"]
                }
            }
            return result
        }
    }

    /// Stores dominant colours by content hash (one transaction), and, when `pruning`, drops
    /// those no photo has any more (a pass over every colour: once per export, not per batch).
    public func saveDominantColors(_ colors: [String: String], pruning: Bool = true) throws {
        try write { db in
            let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO photo_colors (content_hash, color) VALUES (?, ?)")
            for (hash, color) in colors {
                try insert.execute(arguments: [hash, color])
            }
            if pruning {
                try db.execute(sql: "DELETE FROM photo_colors WHERE content_hash NOT IN (SELECT content_hash FROM photos)")
            }
        }
    }
}
