import GRDB

extension GalleryDatabase {
    /// Works out an album's Live Photos from what its rows say, inside the transaction that
    /// changed the album: each clip with an Apple content identifier belongs to the still of the
    /// same album with the same identifier (the one with the clip's name before the extension,
    /// as iPhones name them, else the first in file order); a still with a clip, or with its clip
    /// inside (a motion photo), is kind 'live', others 'photo'. Only rows whose pairing or kind
    /// changes are written, so an unchanged album keeps its revision.
    ///
    /// Pairs stay within an album: a still and its clip are written side by side, and a folder is
    /// what a person moves or deletes.
    static func pairLivePhotos(_ db: Database, albumID: Int64) throws {
        struct Candidate: Decodable, FetchableRecord {
            static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
            var id: Int64
            var path: String
            var kind: String
            var contentIdentifier: String?
            var liveStillId: Int64?
            var motionOffset: Int64?
        }
        let rows = try Candidate.fetchAll(db.cachedStatement(sql: """
            SELECT id, path, kind, content_identifier, live_still_id, motion_offset FROM photos
            WHERE album_id = ? AND (content_identifier IS NOT NULL OR live_still_id IS NOT NULL OR kind = 'live')
            ORDER BY sort_key
            """), arguments: [albumID])
        guard !rows.isEmpty else { return }
        let isClip = { (row: Candidate) in row.kind == MediaKind.video.rawValue }
        var stills: [String: [Candidate]] = [:]
        for row in rows where !isClip(row) {
            if let identifier = row.contentIdentifier { stills[identifier, default: []].append(row) }
        }
        func stem(_ path: String) -> Substring {
            guard let dot = path.lastIndex(of: "."), path[dot...].contains("/") == false else { return path[...] }
            return path[..<dot]
        }
        var stillsWithClip = Set<Int64>()
        let setStill = try db.cachedStatement(sql: "UPDATE photos SET live_still_id = ? WHERE id = ?")
        for clip in rows where isClip(clip) {
            var still: Int64?
            if let identifier = clip.contentIdentifier, let candidates = stills[identifier] {
                still = (candidates.first { stem($0.path) == stem(clip.path) } ?? candidates[0]).id
            }
            if let still { stillsWithClip.insert(still) }
            if still != clip.liveStillId { try setStill.execute(arguments: [still, clip.id]) }
        }
        let setKind = try db.cachedStatement(sql: "UPDATE photos SET kind = ? WHERE id = ?")
        for row in rows where !isClip(row) && row.kind != MediaKind.animated.rawValue {
            let kind: MediaKind = row.motionOffset != nil || stillsWithClip.contains(row.id) ? .live : .photo
            if kind.rawValue != row.kind { try setKind.execute(arguments: [kind.rawValue, row.id]) }
        }
    }
}
