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

    /// Stored dominant colours of these content hashes.
    public func dominantColors(contentHashes: some Collection<String>) throws -> [String: String] {
        try read { db in
            var result: [String: String] = [:]
            let list = Array(Set(contentHashes))
            for start in stride(from: 0, to: list.count, by: 500) {
                let part = list[start ..< min(start + 500, list.count)]
                let marks = Array(repeating: "?", count: part.count).joined(separator: ",")
                for row in try Row.fetchAll(db, sql: "SELECT content_hash, color FROM photo_colors WHERE content_hash IN (\(marks))", arguments: StatementArguments(part)) {
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
