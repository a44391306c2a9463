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
}
