import Foundation
import GRDB
@testable import GalleryStore
import GalleryTestSupport
import Testing

@Suite("Store: migrations, WAL, embedded schema")
struct MigrationTests {
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

    @Test("a database at every older schema is upgraded, keeping its rows")
    func upgradeFromEveryOlderSchema() throws {
        for older in GalleryDatabase.migrationIdentifiers {
            let folder = try TemporaryDirectory()
            let path = folder.path + "/old.db"
            let queue = try DatabaseQueue(path: path)
            try GalleryDatabase.migrator(upTo: older).migrate(queue)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO albums (path, name) VALUES ('', 'root')")
                try db.execute(sql: """
                    INSERT INTO photos (album_id, path, sort_key, file_size, mtime_ns, content_hash, format,
                                        width, height, orientation, display_width, display_height)
                    VALUES (1, 'a.jpg', 'a.jpg', 10, 1, 'xxh64:0', 'jpeg', 4, 3, 6, 3, 4)
                    """)
                try db.execute(sql: "INSERT INTO annotations (photo_id, caption, comment, source) VALUES (1, 'Kept', '', 'sidecar')")
            }
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
