import Foundation
import GalleryLayout
import GRDB
@testable import GalleryStore
import GalleryTestSupport
import Testing

@Suite("Store: migrations, WAL, embedded schema")
struct MigrationTests {
    /// A library file at the schema of `migration`: one album, and `photos` in it (ids from 1,
    /// their metadata read), as an older binary left it. Returns its path.
    static func library(in folder: TemporaryDirectory, upTo migration: String, photos: [(path: String, format: String, kind: String)]) throws -> String {
        let path = folder.path + "/old.db"
        let queue = try DatabaseQueue(path: path)
        try GalleryDatabase.migrator(upTo: migration).migrate(queue)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO albums (path, name) VALUES ('', 'root')")
            for (id, photo) in photos.enumerated() {
                try db.execute(sql: """
                    INSERT INTO photos (id, album_id, path, sort_key, file_size, mtime_ns, content_hash, format, width, height,
                                        orientation, display_width, display_height, kind, metadata_read)
                    VALUES (?, 1, ?, ?, 10, 1, 'xxh64:0', ?, 4, 3, 1, 4, 3, ?, 1)
                    """, arguments: [id + 1, photo.path, photo.path, photo.format, photo.kind])
            }
        }
        try queue.close()
        return path
    }

    @Test("the SQL embedded in the binary equals Migrations/*.sql, file for file")
    func embeddedEqualsFolder() throws {
        let folder = GalleryBinary.packageRoot.appending(path: "Migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!files.isEmpty)
        let embedded = GalleryDatabase.embeddedMigrations
        #expect(embedded.map(\.identifier) == files.map { String($0.dropLast(4)) })
        for (file, migration) in zip(files, embedded) {
            let text = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            #expect(text == migration.sql, "\(file) differs from the embedded copy: rebuild")
        }
    }

    @Test("a new file database is in WAL mode, with every migration recorded")
    func freshDatabase() throws {
        let folder = try TemporaryDirectory()
        let database = try GalleryDatabase(path: folder.path + "/library.db")
        #expect(try database.journalMode() == "wal")
        #expect(try database.appliedMigrations() == GalleryDatabase.migrationIdentifiers)
        #expect(try database.integrityCheck() == "ok")
        // Tables a person reads with sqlite3.
        let queue = try DatabaseQueue(path: folder.path + "/library.db")
        let tables = try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(Set(["albums", "photos", "annotations"]).isSubset(of: Set(tables)))
    }

    @Test("the library's own secrets: a random site secret made once (0015), an album's key kept at its first use (0016)")
    func secrets() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/library.db"
        let secret = try GalleryDatabase(path: path).siteSecret()
        #expect(secret.count == 64 && secret.allSatisfy(\.isHexDigit))
        #expect(try GalleryDatabase(path: path).siteSecret() == secret, "the same at every opening")
        #expect(try GalleryDatabase(path: folder.path + "/other.db").siteSecret() != secret, "another library, another secret")
        let first = try GalleryDatabase(path: path).albumKey(path: "family") { Array(repeating: 7, count: 32) }
        #expect(first == Array(repeating: 7, count: 32))
        #expect(try GalleryDatabase(path: path).albumKey(path: "family") { Array(repeating: 9, count: 32) } == first, "kept, not made again")
        #expect(try GalleryDatabase(path: path).albumKey(path: "trip") { Array(repeating: 9, count: 32) } == Array(repeating: 9, count: 32))
    }

    /// One album holding one 4×3 photo (turned to 3×4 by EXIF orientations 5 to 8) with its
    /// caption and comment, as every schema since the first holds them.
    static func insertPhoto(_ db: Database, orientation: Int, caption: String, comment: String) throws {
        let turned = (5 ... 8).contains(orientation)
        try db.execute(sql: "INSERT INTO albums (path, name) VALUES ('', 'root')")
        try db.execute(sql: """
            INSERT INTO photos (album_id, path, sort_key, file_size, mtime_ns, content_hash, format,
                                width, height, orientation, display_width, display_height)
            VALUES (1, 'a.jpg', 'a.jpg', 10, 1, 'xxh64:0', 'jpeg', 4, 3, ?, ?, ?)
            """, arguments: [orientation, turned ? 3 : 4, turned ? 4 : 3])
        try db.execute(sql: "INSERT INTO annotations (photo_id, caption, comment, source) VALUES (1, ?, ?, 'sidecar')", arguments: [caption, comment])
    }

    /// Another photo of the album `insertPhoto` made, with its annotation.
    static func insertPhoto(_ db: Database, id: Int64, caption: String, comment: String) throws {
        try db.execute(sql: """
            INSERT INTO photos (id, album_id, path, sort_key, file_size, mtime_ns, content_hash, format,
                                width, height, orientation, display_width, display_height)
            VALUES (?, 1, ?, ?, 10, 1, 'xxh64:0', 'jpeg', 4, 3, 1, 4, 3)
            """, arguments: [id, "\(id).jpg", "\(id).jpg"])
        try db.execute(sql: "INSERT INTO annotations (photo_id, caption, comment, source) VALUES (?, ?, ?, 'sidecar')", arguments: [id, caption, comment])
    }

    @Test("a database at every older schema is upgraded, keeping its rows")
    func upgradeFromEveryOlderSchema() throws {
        for older in GalleryDatabase.migrationIdentifiers {
            let folder = try TemporaryDirectory()
            let path = folder.path + "/old.db"
            let queue = try DatabaseQueue(path: path)
            try GalleryDatabase.migrator(upTo: older).migrate(queue)
            try queue.write { db in try Self.insertPhoto(db, orientation: 6, caption: "Kept", comment: "") }
            try queue.close()
            let database = try GalleryDatabase(path: path)
            #expect(try database.appliedMigrations() == GalleryDatabase.migrationIdentifiers)
            let photos = try database.photos()
            #expect(photos.map(\.path) == ["a.jpg"])
            #expect(photos.first?.aspectRatio == 0.75)
            // The rebuilt photos table (0008) keeps ids, so annotations still belong to their photos.
            #expect(photos.first?.caption == "Kept", "upgraded from \(older)")
            // Its triggers are back: a change still bumps the library's revision.
            let revision = try database.libraryRevision()
            var removal = LibraryChanges()
            removal.removals = ["a.jpg"]
            try database.apply(removal)
            #expect(try database.libraryRevision() > revision, "upgraded from \(older)")
        }
    }

    @Test("0017 rebuilds photos for TIFF, keeping every column the later migrations added")
    func tiffKeepsEveryColumn() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/old.db"
        let queue = try DatabaseQueue(path: path)
        try GalleryDatabase.migrator(upTo: "0016_album_keys").migrate(queue)
        let columns = "kind, duration, video_codec, audio_codec, content_identifier, live_still_id, motion_offset, motion_width, motion_height, embedded_description"
        try queue.write { db in
            try db.execute(sql: "INSERT INTO albums (path, name) VALUES ('', 'root')")
            for (id, name) in [(1, "a.heic"), (2, "a.mov")] {
                try db.execute(sql: """
                    INSERT INTO photos (id, album_id, path, sort_key, file_size, mtime_ns, content_hash, format, width, height,
                                        orientation, display_width, display_height, \(columns))
                    VALUES (?, 1, ?, ?, 10, 1, 'xxh64:0', 'heic', 4, 3, 1, 4, 3, 'live', 2.5, 'hevc', 'aac', 'ID-1', ?, 100, 640, 480, '{"title":"Kept"}')
                    """, arguments: [id, name, name, id == 2 ? 1 : nil])
            }
        }
        let before = try queue.read { db in try Row.fetchAll(db, sql: "SELECT \(columns) FROM photos ORDER BY id") }
        try queue.close()
        let database = try GalleryDatabase(path: path)
        #expect(try database.appliedMigrations() == GalleryDatabase.migrationIdentifiers)
        try database.writer.write { db in
            let after = try Row.fetchAll(db, sql: "SELECT \(columns) FROM photos ORDER BY id")
            #expect(after == before)
            try db.execute(sql: "UPDATE photos SET format = 'tiff' WHERE id = 1")
            // Since 0019 the formats are the code's (MediaFormat): any name, never none.
            try db.execute(sql: "UPDATE photos SET format = 'gif' WHERE id = 1")
            #expect(throws: DatabaseError.self) { try db.execute(sql: "UPDATE photos SET format = '' WHERE id = 1") }
        }
    }

    @Test("0018: a library's photos are read again once by the next import (their words are read more fully); its videos are not")
    func fileWordsReadAgain() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.library(in: folder, upTo: "0017_tiff", photos: [("a.jpg", "jpeg", "photo"), ("b.mp4", "mp4", "video"), ("c.heic", "heic", "live")])
        let database = try GalleryDatabase(path: path)
        let read = try database.writer.read { db in try Row.fetchAll(db, sql: "SELECT path, metadata_read FROM photos ORDER BY id").map { [$0["path"] as String: $0["metadata_read"] as Int] } }
        #expect(read == [["a.jpg": 0], ["b.mp4": 1], ["c.heic": 0]])
    }

    @Test("0020 and 0021: GIFs, PNGs and WebPs are read again once by the next import (which of them move); JPEGs are not")
    func animationsReadAgain() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.library(in: folder, upTo: "0019_open_formats",
                                    photos: [("a.jpg", "jpeg", "photo"), ("b.gif", "gif", "photo"), ("c.png", "png", "photo"), ("d.webp", "webp", "photo")])
        let database = try GalleryDatabase(path: path)
        let read = try database.writer.read { db in try Row.fetchAll(db, sql: "SELECT path, metadata_read FROM photos ORDER BY id").map { [$0["path"] as String: $0["metadata_read"] as Int] } }
        #expect(read == [["a.jpg": 1], ["b.gif": 0], ["c.png": 0], ["d.webp": 0]])
    }

    @Test("0023: browse pages' layouts are computed again once (their revision is their photos' now), albums' stay fresh; every change stamps its photo")
    func photoChanges() throws {
        let folder = try TemporaryDirectory()
        let path = try Self.library(in: folder, upTo: "0022_pair_originals", photos: [("a.jpg", "jpeg", "photo"), ("b.jpg", "jpeg", "photo")])
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            // Each stored at its scope's revision then: fresh before the migration.
            for (id, scope) in [(1, "album:"), (2, "browse:all")] {
                try db.execute(sql: """
                    INSERT INTO layouts (id, scope, kind, width, options, content_width, content_height, item_count, revision, computed_at)
                    VALUES (?, ?, 'justified', 800, 'o', 800, 0, 0,
                            CASE WHEN ? = 'album:' THEN (SELECT revision FROM albums WHERE path = '') ELSE (SELECT revision FROM library_revision) END,
                            '2026-01-01T00:00:00Z')
                    """, arguments: [id, scope, scope])
            }
        }
        try queue.close()
        let database = try GalleryDatabase(path: path)
        let states = Dictionary(uniqueKeysWithValues: try database.storedLayouts().map { ($0.layout.key.scope.stored, $0.layout.isStale) })
        #expect(states == ["album:": false, "browse:all": true])

        func changed() throws -> [Int64] {
            try database.writer.read { db in try Int64.fetchAll(db, sql: "SELECT changed FROM photos ORDER BY id") }
        }
        // Stamped by the migration, with a revision of its own.
        let migrated = try changed(), library = try database.libraryRevision()
        #expect(migrated == [library, library] && library > 0)
        // Each kind of change stamps the photo it is of with the library's revision, once.
        let changes: [(sql: String, photo: Int)] = [
            ("UPDATE photos SET mtime_ns = 2 WHERE id = 1", 1),
            ("INSERT INTO annotations (photo_id, caption, comment, source) VALUES (2, 'c', '', 'file')", 2),
            ("UPDATE annotations SET caption = 'd' WHERE photo_id = 2", 2),
            ("INSERT INTO keywords (name) VALUES ('k'); INSERT INTO photo_keywords (photo_id, keyword_id, position) VALUES (1, 1, 0)", 1),
            ("INSERT INTO people (name) VALUES ('p'); INSERT INTO photo_people (photo_id, person_id, position) VALUES (2, 1, 0)", 2),
            ("DELETE FROM photo_keywords WHERE photo_id = 1", 1),
            ("DELETE FROM annotations WHERE photo_id = 2", 2),
        ]
        for change in changes {
            let before = try changed()
            try database.writer.write { db in try db.execute(sql: change.sql) }
            let after = try changed(), library = try database.libraryRevision()
            let stamped = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
            #expect(stamped == [change.photo], "\(change.sql)")
            #expect(after[change.photo - 1] == library, "\(change.sql): stamped \(after), library at \(library)")
        }
    }

    @Test("0024: measurements name their style by number; every measurement is kept, and a changed height still stamps its photos")
    func textStyles() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/old.db"
        let queue = try DatabaseQueue(path: path)
        try GalleryDatabase.migrator(upTo: "0023_photo_changes").migrate(queue)
        let caption = String(repeating: "caption style: Inter 15px, faces and digests … ", count: 14), comment = caption + "comment"
        try queue.write { db in
            try Self.insertPhoto(db, orientation: 1, caption: "Harbour", comment: "Boats at dusk")
            // Every text measured is some annotation's: 0027 prunes the others once.
            try Self.insertPhoto(db, id: 2, caption: "", comment: "東京")
            for (style, width, text, height) in [(caption, 236.0, "Harbour", 18.0), (caption, 126.5, "Harbour", 18.0),
                                                 (comment, 236.0, "Boats at dusk", 36.0), (comment, 236.0, "東京", 20.0)] {
                try db.execute(sql: "INSERT INTO text_measurements (style, width, text, lines, height, font_signature) VALUES (?, ?, ?, 1, ?, ?)",
                               arguments: [style, width, text, height, text == "東京" ? "Noto Sans CJK" : ""])
            }
        }
        try queue.close()
        let database = try GalleryDatabase(path: path)
        #expect(try database.measurements(style: caption, width: 236) == ["Harbour": StoredMeasurement(lines: 1, height: 18)])
        #expect(try database.measurements(style: caption, width: 126.5, texts: ["Harbour"]) == ["Harbour": StoredMeasurement(lines: 1, height: 18)])
        #expect(try database.measurements(style: comment, width: 236) == ["Boats at dusk": StoredMeasurement(lines: 1, height: 36),
                                                                          "東京": StoredMeasurement(lines: 1, height: 20, fontSignature: "Noto Sans CJK")])
        let revision = try database.libraryRevision()
        try database.saveMeasurements(style: comment, width: 236, ["Boats at dusk": StoredMeasurement(lines: 2, height: 54)])
        #expect(try database.measurements(style: comment, width: 236)["Boats at dusk"]?.height == 54)
        #expect(try database.libraryRevision() > revision, "the height trigger is back")
        // A style never seen gets a number of its own.
        try database.saveMeasurements(style: "another style", width: 236, ["Harbour": StoredMeasurement(lines: 1, height: 20)])
        #expect(try database.measurements(style: "another style", width: 236, texts: ["Harbour"])["Harbour"]?.height == 20)
        #expect(try database.measurements(style: caption, width: 236)["Harbour"]?.height == 18)
    }

    @Test("0027: measurements no annotation uses are pruned once; an annotation's old texts are noted for the next prune, texts still in use are not")
    func measurementOrphans() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/old.db"
        let queue = try DatabaseQueue(path: path)
        try GalleryDatabase.migrator(upTo: "0026_browse_indexes").migrate(queue)
        try queue.write { db in
            try Self.insertPhoto(db, orientation: 1, caption: "Harbour", comment: "Boats at dusk")
            try Self.insertPhoto(db, id: 2, caption: "Harbour", comment: "")
            try db.execute(sql: "INSERT INTO text_styles (fingerprint) VALUES ('s')")
            for text in ["Harbour", "Boats at dusk", "Left over"] {
                try db.execute(sql: "INSERT INTO text_measurements (style_id, width, text, lines, height) VALUES (1, 236, ?, 1, 18)", arguments: [text])
            }
        }
        try queue.close()
        let database = try GalleryDatabase(path: path)
        #expect(Set(try database.measurements(style: "s", width: 236).keys) == ["Harbour", "Boats at dusk"])
        try database.writer.write { db in
            try db.execute(sql: "UPDATE annotations SET caption = 'Quay', comment = 'Boats at dusk' WHERE photo_id = 1")
            try db.execute(sql: "UPDATE annotations SET source = 'annotations.json' WHERE photo_id = 2")
            try db.execute(sql: "DELETE FROM photos WHERE id = 2")
        }
        #expect(try database.writer.read { db in try String.fetchAll(db, sql: "SELECT text FROM measurement_orphans") } == ["Harbour"],
                "the caption replaced and the removed photo's; not the comment that stayed, nor anything for a change of source")
        try database.pruneMeasurements()
        #expect(Set(try database.measurements(style: "s", width: 236).keys) == ["Boats at dusk"])
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM measurement_orphans") } == 0)

        // Many texts left at once (the annotations' texts gathered once, not a scan each):
        // the same answer.
        try database.writer.write { db in
            for number in 0 ..< 12 {
                try db.execute(sql: "INSERT INTO text_measurements (style_id, width, text, lines, height) VALUES (1, 100, ?, 1, 18)", arguments: ["Old \(number)"])
                try db.execute(sql: "INSERT INTO measurement_orphans (text) VALUES (?)", arguments: ["Old \(number)"])
            }
            try db.execute(sql: "INSERT INTO measurement_orphans (text) VALUES ('Boats at dusk')")
        }
        try database.pruneMeasurements()
        #expect(try database.writer.read { db in try String.fetchAll(db, sql: "SELECT text FROM text_measurements ORDER BY text") } == ["Boats at dusk"])
    }

    @Test("layouts stored before each kind had its own record: rows kept, fresh, with the same frames; masonry computed again")
    func layoutsKeptAcrossKindRecords() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/old.db"
        let queue = try DatabaseQueue(path: path)
        try GalleryDatabase.migrator(upTo: "0008_photo_metadata").migrate(queue)
        let masonryItems = (0 ..< 300).map { i in
            StoredLayoutItem(index: i, photoID: Int64(i + 1), column: i % 3, y: Double(i / 3) * 210, height: 200,
                             photoHeight: 150, captionHeight: 30, commentHeight: 20, photoTop: Double(i / 3) * 150)
        }
        let frames = (0 ..< 300).map { i in StoredFrame(index: i, photoID: Int64(i + 1), x: Double(i % 4) * 250, y: Double(i / 4) * 180, width: 240, height: 170) }
        let revision = try queue.write { db -> Int64 in
            try db.execute(sql: "INSERT INTO albums (path, name) VALUES ('', 'root')")
            // The masonry-shaped header both kinds had, with its zeros for justified rows.
            for (id, kind, width, columns, count) in [(7, "masonry", 800, 3, 300), (9, "justified", 800, 0, 300), (11, "masonry", 640, 0, 0)] {
                try db.execute(sql: """
                    INSERT INTO layouts (id, scope, kind, width, options, columns, column_width, gutter, inner_width, cell_padding,
                                         content_width, content_height, item_count, column_heights, revision, computed_at)
                    VALUES (?, 'album:', ?, ?, 'o', ?, 252, 16, 236, 8, 800, 21000, ?, ?, 0, '2026-01-01T00:00:00Z')
                    """, arguments: [id, kind, width, columns, count, Data(LayoutChunkCodec.encode(Array([21000.0, 20790, 20790].prefix(columns))))])
            }
            for chunk in 0 ..< 2 {
                let range = chunk * 256 ..< min(chunk * 256 + 256, 300)
                for (id, bytes) in [(7, LayoutChunkCodec.encode(masonryItems[range])), (9, FrameChunkCodec.encode(frames[range]))] {
                    try db.execute(sql: "INSERT INTO layout_chunks (layout_id, chunk, items) VALUES (?, ?, ?)", arguments: [id, chunk, Data(bytes)])
                    try db.execute(sql: "INSERT INTO layout_chunk_bounds (id, min_x, max_x, min_y, max_y) VALUES (?, 0, 1000, 0, 30000)",
                                   arguments: [Int64(id) * LayoutChunkCodec.chunkIDFactor + Int64(chunk)])
                }
            }
            return try Int64.fetchOne(db, sql: "SELECT revision FROM albums WHERE path = ''") ?? -1
        }
        #expect(revision == 0)
        // 0009 alone: each kind in its own record, the headerless masonry row dropped.
        let copy = try DatabaseQueue()
        try queue.backup(to: copy)
        try GalleryDatabase.migrator(upTo: "0009_layout_kinds").migrate(copy)
        let kept = try copy.read { db in
            try Row.fetchAll(db, sql: "SELECT l.id, l.kind, m.columns FROM layouts l LEFT JOIN masonry_layouts m ON m.layout_id = l.id ORDER BY l.id")
                .map { "\($0["id"] as Int64) \($0["kind"] as String) \(($0["columns"] as Int?) ?? 0)" }
        }
        #expect(kept == ["7 masonry 3", "9 justified 0"])
        try queue.close()

        let database = try GalleryDatabase(path: path)
        // 0009 kept every layout it could draw; 0010 dropped the masonry ones (their items
        // gained a field): they are computed again when asked for. The rows layout stays.
        let listed = try database.storedLayouts()
        #expect(listed.count == 1)
        let masonryKey = LayoutKey(scope: .album(path: ""), kind: .masonry, width: 800, options: "o")
        #expect(try database.storedMasonryLayout(masonryKey) == nil)
        let rows = try #require(try database.storedFrameLayout(LayoutKey(scope: .album(path: ""), kind: .justified, width: 800, options: "o")))
        #expect(!rows.layout.isStale && rows.layout.id == 9)
        #expect(try database.layoutFrames(of: rows) == frames)
        #expect(try database.integrityCheck() == "ok")
        let orphans = try DatabaseQueue(path: path).read { db in
            [try Int.fetchOne(db, sql: "SELECT count(*) FROM layout_chunks WHERE layout_id NOT IN (SELECT id FROM layouts)"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM masonry_layouts WHERE layout_id NOT IN (SELECT id FROM layouts)"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM layout_chunk_bounds WHERE id / 16777216 NOT IN (SELECT id FROM layouts)")]
        }
        #expect(orphans == [0, 0, 0])
    }

    @Test("an older binary refuses a database written by a newer one, and says so")
    func refusesNewerSchema() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/new.db"
        _ = try GalleryDatabase(path: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('9999_from_the_future')")
        }
        try queue.close()
        do {
            _ = try GalleryDatabase(path: path)
            Issue.record("opening a newer database must fail")
        } catch let error as StoreError {
            #expect(error.description.contains("newer version of gallery"))
            #expect(error.description.contains("9999_from_the_future"))
            #expect(error.description.contains(path))
        }
    }

    @Test("a file that is not a database is a clear error")
    func notADatabase() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("junk.db", text: String(repeating: "not sqlite ", count: 200))
        #expect(throws: (any Error).self) { try GalleryDatabase(path: path) }
    }
}
