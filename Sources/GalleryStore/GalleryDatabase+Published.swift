import GRDB

extension GalleryDatabase {
    /// The newest photos of the albums at `paths` (their folders), with their album's path,
    /// newest first, at most
    /// `limit`: a feed's entries. Newest by the file's modification time (when the camera, the
    /// phone or the export wrote it; the library keeps no date of import), then by id; a Live
    /// Photo's clip is its still's, not a photo of its own.
    public func newestPhotos(albums paths: [String], limit: Int) throws -> [(id: Int64, album: String, modified: Int64)] {
        guard !paths.isEmpty, limit > 0 else { return [] }
        return try read { db in
            try Row.fetchAll(db, SQLRequest<Row>(literal: """
                SELECT p.id, a.path, p.mtime_ns FROM photos p JOIN albums a ON a.id = p.album_id
                WHERE p.live_still_id IS NULL AND a.path IN \(paths)
                ORDER BY p.mtime_ns DESC, p.id DESC LIMIT \(limit)
                """)).map { (id: $0[0], album: $0[1], modified: $0[2]) }
        }
    }

    /// The newest file's modification time of each album at `paths` that has a photo: when
    /// a feed says the album last changed.
    public func newestModification(albums paths: [String]) throws -> [String: Int64] {
        guard !paths.isEmpty else { return [:] }
        return try read { db in
            var result: [String: Int64] = [:]
            for row in try Row.fetchAll(db, SQLRequest<Row>(literal: """
                SELECT a.path, max(p.mtime_ns) FROM photos p JOIN albums a ON a.id = p.album_id
                WHERE p.live_still_id IS NULL AND a.path IN \(paths) GROUP BY a.id
                """)) {
                result[row[0]] = row[1]
            }
            return result
        }
    }

    /// The folder of the album photo `id` is in; nil for no such photo, or a Live Photo's
    /// clip (not a photo of its own): whether a photo page is one of an album's.
    public func albumPath(ofPhoto id: Int64) throws -> String? {
        try read { db in
            try String.fetchOne(db, sql: """
                SELECT a.path FROM photos p JOIN albums a ON a.id = p.album_id WHERE p.id = ? AND p.live_still_id IS NULL
                """, arguments: [id])
        }
    }
}
