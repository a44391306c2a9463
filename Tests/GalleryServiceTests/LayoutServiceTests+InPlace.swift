import Foundation
import GRDB
import GalleryLayout
import GalleryService
import GalleryStore
import GalleryTestSupport
import Testing

/// A layout computed again replaces the one before it in place, writing only its chunks whose
/// items changed (issue 51: at 100,000 photos every band's 6 MB were deleted and written again).
extension LayoutServiceTests {
    @Test("a layout computed again keeps its id, writes only the chunks whose items changed, drops those past its end; a reader holding the header it replaced gets no items")
    func replacedInPlace() throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(600, in: folder)
        let storeFolder = try TemporaryDirectory()
        let path = storeFolder.path + "/g.db"
        let database = try GalleryDatabase(path: path)
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let request = MasonryRequest(width: 1024)
        let justifiedOptions = JustifiedLayout.Options(targetRowHeight: 200, tolerance: 0.25, spacing: 8)
        let first = try service.masonry(request)
        let firstFrames = try service.justifiedLayout(width: 800, album: nil, options: justifiedOptions)
        #expect(first.items.count == 600)

        // Every chunk row written from here on, by layout: a trigger of the file's, so the
        // store's own connection runs it.
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE chunk_writes (layout_id INTEGER, chunk INTEGER);
                CREATE TRIGGER chunk_inserted AFTER INSERT ON layout_chunks BEGIN INSERT INTO chunk_writes VALUES (NEW.layout_id, NEW.chunk); END;
                CREATE TRIGGER chunk_updated AFTER UPDATE ON layout_chunks BEGIN INSERT INTO chunk_writes VALUES (NEW.layout_id, NEW.chunk); END;
                """)
        }
        func writes() throws -> [[Int64]] {
            try queue.write { db in
                defer { _ = try? db.execute(sql: "DELETE FROM chunk_writes") }
                return try Row.fetchAll(db, sql: "SELECT layout_id, chunk FROM chunk_writes ORDER BY 1, 2").map { [$0[0], $0[1]] }
            }
        }
        func scratchItems() throws -> [StoredLayoutItem] {
            let fresh = try GalleryDatabase()
            try importFolder(folder, fresh)
            return withoutIDs(try LayoutService(database: fresh).masonry(request).items)
        }

        // The last photo's caption, three lines longer: only the last chunk's items move.
        try folder.write("trip/img-599.txt", text: "Photo 599, edited\nA comment long enough to wrap at this width, twice over at the least, and then once again for luck.")
        try importFolder(folder, database)
        let second = try service.masonry(request)
        #expect(second.origin == .recomputed)
        #expect(second.layout.layout.id == first.layout.layout.id)
        #expect(second.items.last?.commentHeight != first.items.last?.commentHeight, "the edit changed a height")
        let frames = try service.justifiedLayout(width: 800, album: nil, options: justifiedOptions)
        #expect(frames.layout.id == firstFrames.layout.id && frames.layout.revision != firstFrames.layout.revision)
        // The justified rows read no text: none of their chunks is written.
        #expect(try writes() == [[first.layout.layout.id, 2]])
        #expect(withoutIDs(second.items) == (try scratchItems()))

        // The replaced header is not the stored one any more: no items, not the new layout's.
        #expect(try database.layoutItems(of: first.layout, indices: 0 ..< 12).isEmpty)
        #expect(try database.layoutItems(of: second.layout, indices: 0 ..< 12).map(\.index) == Array(0 ..< 12))

        // A hundred photos gone from the end: the last chunk and its box go with them, and
        // the R*Tree still finds exactly the engine's items.
        for i in 500 ..< 600 { try folder.remove(String(format: "trip/img-%03ld.jpg", i)) }
        try importFolder(folder, database)
        let third = try service.masonry(request)
        #expect(third.layout.layout.id == first.layout.layout.id && third.items.count == 500)
        let id = third.layout.layout.id
        #expect(try writes() == [[id, 1]], "the chunk the photos left end in is written again, the one before it is as it was")
        let rows = try queue.read { db in
            [try Int.fetchOne(db, sql: "SELECT count(*) FROM layout_chunks WHERE layout_id = ?", arguments: [id]),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM layout_chunk_bounds WHERE id >= ? AND id < ?", arguments: [id * 16_777_216, (id + 1) * 16_777_216])]
        }
        #expect(rows == [2, 2])
        #expect(withoutIDs(third.items) == (try scratchItems()))
        try expectRectsAsEngine(service, third, seed: 5)
    }

    @Test("a replacement leaves the chunks of the items it repeats unread only while the layout its caller read is still the stored one")
    func unchangedPrefixTrustedOnlyForItsHeader() throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(600, in: folder)
        let database = try GalleryDatabase()
        try importFolder(folder, database)
        let request = MasonryRequest(width: 1024)
        let first = try LayoutService(database: database).masonry(request)
        try folder.write("trip/img-599.txt", text: "Photo 599, edited")
        try importFolder(folder, database)
        let stale = try #require(try database.storedMasonryLayout(first.layout.layout.key))
        #expect(stale.layout.isStale && stale.layout.id == first.layout.layout.id)
        // Items from the 300th on moved (not a layout the engine would make: the store keeps
        // what it is given).
        let moved = first.items.map { item in
            var item = item
            if item.index >= 300 { item.y += 1 }
            return item
        }
        func save(_ items: [StoredLayoutItem], revision: Int64, replacing: (layout: StoredLayout, items: [StoredLayoutItem])) throws -> [StoredLayoutItem] {
            var header = stale
            // A revision no state of the album has: the stored one is replaced, not kept.
            header.layout.revision = revision
            header.layout.isStale = false
            let saved = try database.saveLayout(header, items: items, replacing: replacing)
            return try database.layoutItems(of: saved)
        }
        // A caller whose header is not the stored one (another writer replaced it since) is
        // not trusted: its claim that every item is as before is checked chunk by chunk.
        var other = stale.layout
        other.computedAt = "2000-01-01T00:00:00Z"
        #expect(try save(moved, revision: 1_000_001, replacing: (other, moved)) == moved)
        // The caller that read the stored header: its first chunk kept, the rest written.
        let now = try #require(try database.storedMasonryLayout(first.layout.layout.key))
        #expect(try save(first.items, revision: 1_000_002, replacing: (now.layout, moved)) == first.items)
        // A shorter layout whose items all repeat the old ones: the chunks past it go.
        let latest = try #require(try database.storedMasonryLayout(first.layout.layout.key))
        #expect(try save(Array(first.items.prefix(260)), revision: 1_000_003, replacing: (latest.layout, first.items)) == Array(first.items.prefix(260)))
    }
}
