import Foundation
import GRDB
import GalleryLayout
import GalleryService
import GalleryStore
import GalleryTestSupport
import Testing

/// A masonry layout computed again takes the texts' heights of the photos unchanged since the
/// layout before it (migration 0025's `inputs_revision`, the photos' `changed`) and reads and
/// measures the others' texts only (issue 51).
extension LayoutServiceTests {
    /// The caption of `photo` at `width`, stored with `height` by a DELETE and an INSERT: no
    /// trigger stamps its photo, so only a layout that reads the store sees it.
    func plantMeasurement(_ queue: DatabaseQueue, text: String, width: Double, height: Double) throws {
        try queue.write { db in
            let style = try #require(try Int64.fetchOne(db, sql: "SELECT style_id FROM text_measurements WHERE text = ? AND width = ?", arguments: [text, width]))
            try db.execute(sql: "DELETE FROM text_measurements WHERE style_id = ? AND width = ? AND text = ?", arguments: [style, width, text])
            try db.execute(sql: "INSERT INTO text_measurements (style_id, width, text, lines, height) VALUES (?, ?, ?, 1, ?)",
                           arguments: [style, width, text, height])
        }
    }

    /// Items as two libraries of the same folder both have them: a fresh import numbers photos anew.
    func withoutIDs(_ items: [StoredLayoutItem]) -> [StoredLayoutItem] { items.map { var item = $0; item.photoID = 0; return item } }

    @Test("a layout computed again keeps the heights of the photos unchanged since, measures the changed ones, and follows a height measured again")
    func keepsUnchangedHeights() throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(40, in: folder)
        let storeFolder = try TemporaryDirectory()
        let path = storeFolder.path + "/g.db"
        let database = try GalleryDatabase(path: path)
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let request = MasonryRequest(width: 800)
        let first = try service.masonry(request)
        let inner = first.layout.geometry.innerWidth
        // img-000 keeps its caption throughout; img-001's changes.
        let kept = try #require(first.items.first { $0.captionHeight > 0 })
        let keptCaption = "Photo \(kept.index)"
        #expect(kept.index == 0)
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }

        // The store's height of the kept photo's caption is made wrong behind the triggers' back:
        // a layout that read every text again would take it.
        try plantMeasurement(queue, text: keptCaption, width: inner, height: 999)
        try folder.write("trip/img-001.txt", text: "Another caption\nAnd a comment long enough to wrap at this width, twice over at the least, and on.")
        try importFolder(folder, database)
        let second = try service.masonry(request)
        #expect(second.origin == .recomputed)
        #expect(second.items.first { $0.photoID == kept.photoID }?.captionHeight == kept.captionHeight, "the kept photo's height is the layout's own")
        // Everything else as a layout made from scratch of the folder as it is now.
        let fresh = try GalleryDatabase()
        try importFolder(folder, fresh)
        let scratch = try LayoutService(database: fresh).masonry(request)
        #expect(withoutIDs(second.items) == withoutIDs(scratch.items), "the changed photo measured anew, the rest placed as from scratch")

        // A height measured again (an UPDATE: the trigger stamps the photo) reaches the layout.
        try queue.write { db in
            try db.execute(sql: "UPDATE text_measurements SET height = 5 WHERE text = ? AND width = ?", arguments: [keptCaption, inner])
        }
        let third = try service.masonry(request)
        #expect(third.origin == .recomputed)
        #expect(third.items.first { $0.photoID == kept.photoID }?.captionHeight == 5)

        // A layout stored before migration 0025 (no inputs revision) reads every text again.
        try plantMeasurement(queue, text: keptCaption, width: inner, height: 777)
        try queue.write { db in try db.execute(sql: "UPDATE layouts SET inputs_revision = NULL") }
        try folder.write("trip/img-001.txt", text: "A third caption")
        try importFolder(folder, database)
        let fourth = try service.masonry(request)
        #expect(fourth.origin == .recomputed)
        #expect(fourth.items.first { $0.photoID == kept.photoID }?.captionHeight == 777)
    }

    @Test("seeded: after any run of edits, a layout computed again from the one before equals a layout made from scratch", arguments: [UInt64(11), 12, 13])
    func incrementalEqualsScratch(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let folder = try TemporaryDirectory()
        try makeLibrary(30, in: folder, seed: seed)
        let database = try GalleryDatabase()
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let requests = [MasonryRequest(width: 600), MasonryRequest(width: 1000)]
        for request in requests { _ = try service.masonry(request) }
        var names = (0 ..< 30).map { String(format: "img-%03ld", $0) }
        for round in 0 ..< 5 {
            var done: [String] = []
            for _ in 0 ..< 1 + Int(rng.next() % 3) {
                let name = names[Int(rng.next() % UInt64(names.count))]
                switch rng.next() % 5 {
                case 0:
                    try folder.write("trip/\(name).txt", text: "Edited \(round)\n" + String(repeating: "Longer words now. ", count: Int(rng.next() % 8)))
                    done.append("text of \(name)")
                case 1:
                    try? folder.remove("trip/\(name).txt")
                    done.append("no text for \(name)")
                case 2:
                    let added = String(format: "img-%03ld-%ld", Int(rng.next() % 30), round)
                    try folder.write("trip/\(added).jpg", TestImages.jpeg(width: 40 + Int(rng.next() % 120), height: 40 + Int(rng.next() % 120)))
                    try folder.write("trip/\(added).txt", text: "New \(added)")
                    names.append(added)
                    done.append("added \(added)")
                case 3 where names.count > 5:
                    try folder.remove("trip/\(name).jpg")
                    try? folder.remove("trip/\(name).txt")
                    names.removeAll { $0 == name }
                    done.append("removed \(name)")
                default:
                    try folder.write("trip/\(name).jpg", TestImages.jpeg(width: 40 + Int(rng.next() % 120), height: 40 + Int(rng.next() % 120)))
                    done.append("reshaped \(name)")
                }
            }
            try importFolder(folder, database)
            let fresh = try GalleryDatabase()
            try importFolder(folder, fresh)
            for request in requests {
                let result = try service.masonry(request)
                let scratch = try LayoutService(database: fresh).masonry(request)
                #expect(withoutIDs(result.items) == withoutIDs(scratch.items), "seed \(seed), round \(round): \(done) at \(request.width)")
                #expect(result.layout.layout.contentHeight == scratch.layout.layout.contentHeight)
            }
        }
    }
}
