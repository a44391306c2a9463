import GRDB

extension GalleryDatabase {
    /// How many signatures' words are kept (`search_word_sets`): a site or two and the build
    /// before, not one set for every binary that ever exported.
    static let keptSearchWordSets = 3

    /// The search words of the photos of `ids`, by id (ids no photo has are left out):
    /// `LibraryPhoto.searchTokens(places:monthNames:)`, kept in `search_words` (migration 0028)
    /// under `signature` for photos unchanged since, and worked out and kept for the others.
    /// `signature` names everything beyond the photo the words depend on: `places`,
    /// `monthNames` and the program that cuts them.
    public func searchWords(ids: some Collection<Int64>, places: Bool, monthNames: [[String]], signature: String) throws -> [Int64: PhotoSearchWords] {
        let wanted = Set(ids)
        var result: [Int64: PhotoSearchWords] = [:]
        result.reserveCapacity(wanted.count)
        var stale: [Int64] = []
        try read { db in
            let set = try Int64.fetchOne(db, sql: "SELECT id FROM search_word_sets WHERE signature = ?", arguments: [signature]) ?? -1
            let rows = try Row.fetchCursor(db, sql: """
                SELECT p.id, p.changed, a.name, p.latitude, p.longitude, w.changed, w.album, w.words
                FROM photos p JOIN albums a ON a.id = p.album_id
                LEFT JOIN search_words w ON w.photo_id = p.id AND w.set_id = ?
                """, arguments: [set])
            while let row = try rows.next() {
                let id: Int64 = row[0]
                guard wanted.contains(id) else { continue }
                let album: String = row[2]
                guard let kept: Int64 = row[5], kept == row[1] as Int64, album == row[6] as String? else {
                    stale.append(id)
                    continue
                }
                result[id] = PhotoSearchWords(words: Self.lines(row[7]), album: album, latitude: row[3], longitude: row[4])
            }
        }
        guard !stale.isEmpty else { return result }
        var made: [(id: Int64, changed: Int64, words: PhotoSearchWords)] = []
        made.reserveCapacity(stale.count)
        try Self.inParts(stale) { part in
            try read { db in
                let changed = try Dictionary(Row.fetchAll(db, sql: "SELECT id, changed FROM photos WHERE id IN (SELECT value FROM json_each(?))",
                                                          arguments: ["[" + part.map(String.init).joined(separator: ",") + "]"]).map { ($0[0] as Int64, $0[1] as Int64) },
                                             uniquingKeysWith: { first, _ in first })
                for row in try PhotoRow.fetchAll(db, "\(sql: PhotoRow.select) WHERE p.id IN \(part)") {
                    let photo = row.libraryPhoto
                    made.append((row.id, changed[row.id] ?? 0, PhotoSearchWords(
                        words: photo.searchTokens(places: places, monthNames: monthNames), album: photo.album,
                        latitude: photo.metadata.latitude, longitude: photo.metadata.longitude)))
                }
            }
        }
        try write { db in
            try db.execute(sql: "INSERT INTO search_word_sets (signature) VALUES (?) ON CONFLICT (signature) DO NOTHING", arguments: [signature])
            guard let set = try Int64.fetchOne(db, sql: "SELECT id FROM search_word_sets WHERE signature = ?", arguments: [signature]) else { return }
            try db.execute(sql: "DELETE FROM search_word_sets WHERE id NOT IN (SELECT id FROM search_word_sets ORDER BY id DESC LIMIT ?)",
                           arguments: [Self.keptSearchWordSets])
            // A photo removed meanwhile (an import committed since the read) has no words to keep.
            let store = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO search_words (photo_id, set_id, changed, album, words)
                SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM photos WHERE id = ?1)
                """)
            for photo in made {
                try store.execute(arguments: [photo.id, set, photo.changed, photo.words.album, photo.words.words.joined(separator: "\n")])
            }
        }
        for photo in made { result[photo.id] = photo.words }
        return result
    }

    /// The kept words, one a line. Split by bytes, not characters: words are runs of letters,
    /// marks and digits, and a line feed always ends a character; by characters, 100,000
    /// photos' words were 0.6 s of a caption's build (and through `Collection.split` on the
    /// bytes, 0.2).
    static func lines(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [String] = [], start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                if index > start { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< index]), as: UTF8.self)) }
                start = index + 1
            }
            if start < bytes.count { lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
            return lines
        }
    }
}
