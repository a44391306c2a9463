import GRDB

extension GalleryDatabase {
    // MARK: - Reading

    /// Album names, in path order (the root album first).
    public func albumNames() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT name FROM albums ORDER BY path") }
    }

    /// The photos of `album` (its name or path, or a browse page's name: "keyword:sunset",
    /// "year:2024", "favorites", …: without the photos of albums in `excluding`), or of the
    /// whole library, in display order (`photoOrder()`).
    /// - Throws: `StoreError.unknownAlbum` when `album` names neither; `.emptyBrowsePage`.
    public func photos(album: String? = nil, favoritesRating: Int = 4, excluding: [String] = []) throws -> [LibraryPhoto] {
        try read { db in
            let scope = try album.map { try Self.scope(db, album: $0, favoritesRating: favoritesRating, excluding: excluding) } ?? .library
            return try PhotoRow.fetchAll(db, try Self.inDisplayOrder(db, PhotoRow.select, scope: scope)).map(\.libraryPhoto)
        }
    }

    /// The library's photos but those of the albums at `paths`, in the library's order: every
    /// photo a public listing may show (`GET /api/photos` without an album).
    public func photos(leavingOutAlbums paths: [String]) throws -> [LibraryPhoto] {
        try read { db in
            let order = try Self.photoOrder(db).orderBy
            let sql: SQL = "\(sql: PhotoRow.select) WHERE \(BrowseSelection.listed(paths)) AND p.live_still_id IS NULL ORDER BY \(sql: order)"
            return try PhotoRow.fetchAll(db, sql).map(\.libraryPhoto)
        }
    }

    /// The photo whose file has `contentHash` (the first by id if several do): what an image
    /// named by that hash is made from.
    public func photo(contentHash: String) throws -> LibraryPhoto? {
        try read { db in
            // An original's copy is named by its own file's hash (a pair's raw), an image by the photo's.
            let sql: SQL = "\(sql: PhotoRow.select) WHERE p.content_hash = \(contentHash) OR p.original_hash = \(contentHash) ORDER BY p.id LIMIT 1"
            return try PhotoRow.fetchAll(db, sql).first?.libraryPhoto
        }
    }

    /// What each listed item that is not a plain photo is (videos, Live Photos), by id: for the
    /// layout JSON's `kind`.
    public func mediaKinds() throws -> [Int64: MediaKind] {
        try read { db in
            var kinds: [Int64: MediaKind] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, kind FROM photos WHERE kind != 'photo' AND live_still_id IS NULL")
            while let row = try rows.next() { kinds[row["id"]] = MediaKind(rawValue: row["kind"]) ?? .photo }
            return kinds
        }
    }

    /// The id of the photo at `path` (relative to the library's folder), if the library has it.
    public func photoID(path: String) throws -> Int64? {
        try read { db in try Int64.fetchOne(db, sql: "SELECT id FROM photos WHERE path = ?", arguments: [path]) }
    }

    /// Every listed photo's id (a Live Photo's clip is not listed), in id order.
    public func photoIDs() throws -> [Int64] {
        try read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photos WHERE live_still_id IS NULL ORDER BY id") }
    }

    /// The ids of the photos of every album but those at `excluded` paths.
    public func photoIDs(excludingAlbums excluded: [String]) throws -> [Int64] {
        guard !excluded.isEmpty else { return try photoIDs() }
        return try read { db in
            try SQLRequest<Int64>(literal: """
                SELECT p.id FROM photos p JOIN albums a ON a.id = p.album_id
                WHERE p.live_still_id IS NULL AND \(BrowseSelection.listed(excluded)) ORDER BY p.id
                """).fetchAll(db)
        }
    }

    /// The photos with these ids, with their files' content hashes; ids no photo has are left out.
    /// `annotated: false` leaves out what is said of them (caption, comment, keywords, people,
    /// place, stars: all empty), for a pass that reads their files only.
    public func storedPhotos(ids: some Collection<Int64>, annotated: Bool = true) throws -> [Int64: StoredPhoto] {
        let select = annotated ? PhotoRow.select : PhotoRow.mediaSelect
        return try read { db in
            var result: [Int64: StoredPhoto] = [:]
            result.reserveCapacity(ids.count)
            try Self.inParts(ids) { part in
                for row in try PhotoRow.fetchAll(db, "\(sql: select) WHERE p.id IN \(part)") {
                    result[row.id] = StoredPhoto(photo: row.libraryPhoto, contentHash: row.contentHash)
                }
            }
            return result
        }
    }

    /// A text per photo that changes whenever anything a page shows of it may have: its change
    /// stamp (`photos.changed`: its row, annotation, keywords, people, measured heights), its
    /// Live Photo clip's, its album's name and its dominant colour (kept by content, outside
    /// the stamp). What an export compares to know an album's files are as it wrote them
    /// (`SiteSnapshot.inputsDigest`). Every photo's, in one statement: every album and browse
    /// page digests its photos' at each export, and reading them page by page read each photo
    /// once for every page that shows it.
    public func renderStamps() throws -> [Int64: String] {
        try read { db in
            var result: [Int64: String] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT p.id, p.changed, a.name, c.color, clips.changed
                FROM photos p JOIN albums a ON a.id = p.album_id
                LEFT JOIN photo_colors c ON c.content_hash = p.content_hash
                LEFT JOIN (SELECT live_still_id, max(changed) AS changed FROM photos WHERE live_still_id IS NOT NULL GROUP BY live_still_id) clips
                    ON clips.live_still_id = p.id
                """)
            while let row = try rows.next() {
                let changed: Int64 = row[1], album: String = row[2], color: String? = row[3], clip: Int64? = row[4]
                result[row[0]] = "\(changed) \(clip ?? -1) \(color ?? "-") \(album)"
            }
            return result
        }
    }

    /// The paths of the albums with a photo whose location is known (the map's), but those in
    /// `excluding`.
    public func locatedAlbums(excluding: [String] = []) throws -> Set<String> {
        try read { db in
            Set(try SQLRequest<String>(literal: """
                SELECT DISTINCT a.path FROM photos p JOIN albums a ON a.id = p.album_id
                WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND p.live_still_id IS NULL AND \(BrowseSelection.listed(excluding))
                """).fetchAll(db))
        }
    }

    /// When the photos with these ids were taken (ISO 8601, the camera's clock), by id; ids
    /// without a date are left out.
    public func takenAt(ids: some Collection<Int64>) throws -> [Int64: String] {
        try read { db in
            var result: [Int64: String] = [:]
            result.reserveCapacity(ids.count)
            // Many photos (a large page's dates): one pass over the table, not a statement per
            // 500 of them (2 % of a caption's build at 100,000 photos, every page it is on).
            if ids.count >= 5_000 {
                let wanted = Set(ids)
                let rows = try Row.fetchCursor(db, sql: "SELECT id, taken_at FROM photos WHERE taken_at IS NOT NULL")
                while let row = try rows.next() {
                    let id: Int64 = row[0]
                    if wanted.contains(id) { result[id] = row[1] }
                }
                return result
            }
            try Self.inParts(ids) { part in
                let rows = try SQLRequest<Row>(literal: "SELECT id, taken_at FROM photos WHERE id IN \(part) AND taken_at IS NOT NULL").fetchCursor(db)
                while let row = try rows.next() { result[row[0]] = row[1] }
            }
            return result
        }
    }

    /// `values` in parts of 500, each bound by a statement's `IN \(part)`: the parameters of a
    /// statement stay well under SQLite's limit.
    static func inParts<Value>(_ values: some Collection<Value>, _ body: (ArraySlice<Value>) throws -> Void) rethrows {
        let list = Array(values)
        for start in stride(from: 0, to: list.count, by: 500) {
            try body(list[start ..< min(start + 500, list.count)])
        }
    }

    /// What is stored for every path, for the importer's change detection: the files and the
    /// digest of their annotations' layers, not the annotations (`storedDescriptions`), whose
    /// keywords and people were most of this read at 100,000 photos.
    public func storedPhotoStates() throws -> [String: StoredPhotoState] {
        try read { db in
            let statement = try db.makeStatement(sql: """
                SELECT p.path, p.id, p.file_size, p.mtime_ns, p.content_hash, a.name AS album, p.metadata_read, l.digest,
                       p.original_path, p.original_size, p.original_mtime_ns, p.original_hash
                FROM photos p JOIN albums a ON a.id = p.album_id
                LEFT JOIN annotation_layers l ON l.photo_id = p.id
                """)
            PhotoOriginal.Column.check(statement.columnNames, from: 8)
            let rows = try Row.fetchCursor(statement)
            var states: [String: StoredPhotoState] = [:]
            while let row = try rows.next() {
                // By index: the columns of the statement above, in its order.
                states[row[0]] = StoredPhotoState(
                    id: row[1], fileSize: row[2], mtimeNanoseconds: row[3], contentHash: row[4], albumName: row[5],
                    metadataRead: row[6], original: try PhotoOriginal(row: row, from: 8), annotationLayers: row[7])
            }
            return states
        }
    }

    /// The annotation and file's own description stored for each photo of `ids`, by id (ids
    /// no photo has are left out).
    public func storedDescriptions(ids: [Int64]) throws -> [Int64: StoredDescription] {
        try read { db in
            var result: [Int64: StoredDescription] = [:]
            result.reserveCapacity(ids.count)
            try Self.inParts(ids) { part in
                let statement = try db.makeStatement(literal: """
                    SELECT p.id, n.caption, n.comment, n.source, p.embedded_description, \(sql: AnnotationColumnsSQL.select)
                    FROM photos p LEFT JOIN annotations n ON n.photo_id = p.id
                    WHERE p.id IN \(part)
                    """)
                AnnotationColumns.Column.check(statement.columnNames, from: 5)
                let rows = try Row.fetchCursor(statement)
                while let row = try rows.next() {
                    // By index: the columns of the statement above, in its order.
                    let source: String? = row[3]
                    let annotation = try source.map { try AnnotationColumns(row: row, from: 5).annotation(caption: row[1] ?? "", comment: row[2] ?? "", source: $0) }
                    result[row[0]] = StoredDescription(annotation: annotation, embeddedDescription: row[4])
                }
            }
            return result
        }
    }

    // MARK: - Writing

    /// Writes `changes` in one transaction: after a crash the database holds all of it or none.
    public func apply(_ changes: LibraryChanges) throws {
        guard !changes.isEmpty else { return }
        try write { db in
            for (path, name) in changes.albumRenames {
                try db.execute(sql: "UPDATE albums SET name = ? WHERE path = ?", arguments: [name, path])
            }
            var albumIDs: [String: Int64] = [:]
            let upsertPhoto = try db.cachedStatement(sql: """
                INSERT INTO photos (album_id, path, sort_key, file_size, mtime_ns, content_hash, format,
                                    width, height, orientation, display_width, display_height,
                                    taken_at, camera_make, camera_model, lens, f_number, exposure_time, iso,
                                    focal_length, latitude, longitude, metadata_read, kind, duration, video_codec, audio_codec,
                                    content_identifier, motion_offset, motion_width, motion_height, embedded_description,
                                    original_path, original_size, original_mtime_ns, original_hash)
                VALUES (:album_id, :path, :sort_key, :file_size, :mtime_ns, :content_hash, :format,
                        :width, :height, :orientation, :display_width, :display_height,
                        :taken_at, :camera_make, :camera_model, :lens, :f_number, :exposure_time, :iso,
                        :focal_length, :latitude, :longitude, 1, :kind, :duration, :video_codec, :audio_codec,
                        :content_identifier, :motion_offset, :motion_width, :motion_height, :embedded_description,
                        :original_path, :original_size, :original_mtime_ns, :original_hash)
                ON CONFLICT(path) DO UPDATE SET
                    album_id = excluded.album_id, sort_key = excluded.sort_key,
                    file_size = excluded.file_size, mtime_ns = excluded.mtime_ns,
                    content_hash = excluded.content_hash, format = excluded.format,
                    width = excluded.width, height = excluded.height, orientation = excluded.orientation,
                    display_width = excluded.display_width, display_height = excluded.display_height,
                    taken_at = excluded.taken_at, camera_make = excluded.camera_make,
                    camera_model = excluded.camera_model, lens = excluded.lens, f_number = excluded.f_number,
                    exposure_time = excluded.exposure_time, iso = excluded.iso, focal_length = excluded.focal_length,
                    latitude = excluded.latitude, longitude = excluded.longitude, metadata_read = 1,
                    kind = excluded.kind, duration = excluded.duration, video_codec = excluded.video_codec,
                    audio_codec = excluded.audio_codec, content_identifier = excluded.content_identifier,
                    motion_offset = excluded.motion_offset, motion_width = excluded.motion_width,
                    motion_height = excluded.motion_height, embedded_description = excluded.embedded_description,
                    original_path = excluded.original_path, original_size = excluded.original_size,
                    original_mtime_ns = excluded.original_mtime_ns, original_hash = excluded.original_hash
                RETURNING id
                """)
            for (file, annotation) in changes.upserts {
                let albumID: Int64
                if let known = albumIDs[file.albumPath] {
                    albumID = known
                } else {
                    albumID = try Self.albumID(db, path: file.albumPath, name: file.albumName)
                    albumIDs[file.albumPath] = albumID
                }
                let metadata = file.metadata
                // Bound by column name: a column added or moved in the statement cannot take another's value.
                let values: [String: (any DatabaseValueConvertible)?] = [
                    "album_id": albumID, "path": file.path, "sort_key": file.sortKey, "file_size": file.fileSize,
                    "mtime_ns": file.mtimeNanoseconds, "content_hash": file.contentHash, "format": file.format.rawValue,
                    "width": file.width, "height": file.height, "orientation": file.orientation.rawValue,
                    "display_width": file.displayWidth, "display_height": file.displayHeight,
                    "taken_at": metadata.takenAt, "camera_make": metadata.cameraMake, "camera_model": metadata.cameraModel,
                    "lens": metadata.lens, "f_number": metadata.fNumber, "exposure_time": metadata.exposureTime, "iso": metadata.iso,
                    "focal_length": metadata.focalLength, "latitude": metadata.latitude, "longitude": metadata.longitude,
                    "kind": file.kind.rawValue, "duration": file.duration, "video_codec": file.videoCodec, "audio_codec": file.audioCodec,
                    "content_identifier": file.contentIdentifier, "motion_offset": file.motionOffset,
                    "motion_width": file.motionWidth, "motion_height": file.motionHeight,
                    "embedded_description": file.embeddedDescription,
                    "original_path": file.original?.path, "original_size": file.original?.fileSize,
                    "original_mtime_ns": file.original?.mtimeNanoseconds, "original_hash": file.original?.contentHash,
                ]
                guard let photoID = try Int64.fetchOne(upsertPhoto, arguments: StatementArguments(values)) else { continue }
                try Self.setAnnotation(db, photoID: photoID, annotation)
            }
            for (path, annotation) in changes.annotationUpdates {
                guard let photoID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM photos WHERE path = ?"), arguments: [path]) else { continue }
                try Self.setAnnotation(db, photoID: photoID, annotation)
            }
            let setLayers = try db.cachedStatement(sql: """
                INSERT INTO annotation_layers (photo_id, digest) SELECT id, ? FROM photos WHERE path = ?
                ON CONFLICT (photo_id) DO UPDATE SET digest = excluded.digest
                """)
            for (path, digest) in changes.annotationLayers { try setLayers.execute(arguments: [digest, path]) }
            var touchedAlbums = Set(albumIDs.values)
            let remove = try db.cachedStatement(sql: "DELETE FROM photos WHERE path = ? RETURNING album_id")
            for path in changes.removals {
                if let album = try Int64.fetchOne(remove, arguments: [path]) { touchedAlbums.insert(album) }
            }
            for album in touchedAlbums.sorted() { try Self.pairLivePhotos(db, albumID: album) }
            if !changes.removals.isEmpty {
                try db.execute(sql: "DELETE FROM albums WHERE id NOT IN (SELECT DISTINCT album_id FROM photos)")
            }
        }
    }

    private static func albumID(_ db: Database, path: String, name: String) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO albums (path, name) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET name = excluded.name",
            arguments: [path, name])
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM albums WHERE path = ?", arguments: [path]) else {
            throw DatabaseError(message: "album \(path) vanished inside its own transaction")
        }
        return id
    }

    private static func setAnnotation(_ db: Database, photoID: Int64, _ annotation: Annotation?) throws {
        // Cached: this runs once per photo, and compiling the statement (with the triggers it
        // fires) costs more than running it.
        guard let annotation else {
            try db.cachedStatement(sql: "DELETE FROM annotations WHERE photo_id = ?").execute(arguments: [photoID])
            try db.cachedStatement(sql: "DELETE FROM photo_keywords WHERE photo_id = ?").execute(arguments: [photoID])
            try db.cachedStatement(sql: "DELETE FROM photo_people WHERE photo_id = ?").execute(arguments: [photoID])
            return
        }
        let values: [String: (any DatabaseValueConvertible)?] = [
            "photo_id": photoID, "caption": annotation.caption, "comment": annotation.comment, "source": annotation.source,
            "rating": annotation.rating, "rejected": annotation.rejected, "favorite": annotation.favorite,
            "place_sublocation": annotation.place?.sublocation, "place_city": annotation.place?.city,
            "place_state": annotation.place?.state, "place_country": annotation.place?.country,
        ]
        try db.cachedStatement(sql: """
            INSERT INTO annotations (photo_id, caption, comment, source, rating, rejected, favorite,
                                     place_sublocation, place_city, place_state, place_country)
            VALUES (:photo_id, :caption, :comment, :source, :rating, :rejected, :favorite,
                    :place_sublocation, :place_city, :place_state, :place_country)
            ON CONFLICT(photo_id) DO UPDATE SET
                caption = excluded.caption, comment = excluded.comment, source = excluded.source,
                rating = excluded.rating, rejected = excluded.rejected, favorite = excluded.favorite,
                place_sublocation = excluded.place_sublocation, place_city = excluded.place_city,
                place_state = excluded.place_state, place_country = excluded.place_country
            """).execute(arguments: StatementArguments(values))
        try setNames(db, photoID: photoID, annotation.keywords, table: "keywords", link: "photo_keywords", column: "keyword_id")
        try setNames(db, photoID: photoID, annotation.people, table: "people", link: "photo_people", column: "person_id")
    }

    /// A photo's keywords or people, in their order; names no photo uses any more are removed
    /// at the end of an import (`pruneNames`).
    private static func setNames(_ db: Database, photoID: Int64, _ names: [String], table: String, link: String, column: String) throws {
        try db.cachedStatement(sql: "DELETE FROM \(link) WHERE photo_id = ?").execute(arguments: [photoID])
        for (position, name) in names.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO \(table) (name) VALUES (?) ON CONFLICT(name) DO NOTHING").execute(arguments: [name])
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO \(link) (photo_id, \(column), position) SELECT ?, id, ? FROM \(table) WHERE name = ?
                """).execute(arguments: [photoID, position, name])
        }
    }

    /// Every keyword some photo has, in name order.
    public func keywordNames() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT name FROM keywords ORDER BY name") }
    }

    /// Removes keywords and people no photo has any more.
    public func pruneNames() throws {
        try write { db in
            try db.execute(sql: "DELETE FROM keywords WHERE id NOT IN (SELECT keyword_id FROM photo_keywords)")
            try db.execute(sql: "DELETE FROM people WHERE id NOT IN (SELECT person_id FROM photo_people)")
        }
    }
}

extension GalleryDatabase {
    /// Albums in path order, with how many photos each holds.
    public func albums() throws -> [LibraryAlbum] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.path, a.name, count(p.id) AS photo_count, count(p.id) FILTER (WHERE p.kind = 'video') AS video_count, min(p.taken_at) AS first_taken, max(p.taken_at) AS last_taken
                FROM albums a LEFT JOIN photos p ON p.album_id = a.id AND p.live_still_id IS NULL
                GROUP BY a.id ORDER BY a.path
                """).map {
                    LibraryAlbum(path: $0["path"], name: $0["name"], photoCount: $0["photo_count"], videoCount: $0["video_count"],
                                 firstTakenAt: $0["first_taken"], lastTakenAt: $0["last_taken"])
                }
        }
    }
}
