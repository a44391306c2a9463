import Foundation
import GRDB
import GalleryImport
import GalleryLayout
import GalleryService
import GalleryStore
import GalleryTestSupport
import Synchronization
import Testing

@Suite("Layouts persisted per width: round trip, staleness, append")
struct LayoutServiceTests {
    /// A library folder with `count` photos of varied shapes, some annotated, in one album.
    func makeLibrary(_ count: Int, in folder: TemporaryDirectory, seed: UInt64 = 1) throws {
        var rng = SplitMix64(seed: seed)
        for i in 0 ..< count {
            let width = 40 + Int(rng.next() % 120), height = 40 + Int(rng.next() % 120)
            try folder.write(String(format: "trip/img-%03ld.jpg", i), TestImages.jpeg(width: width, height: height, orientation: i % 4 == 0 ? 6 : nil))
            if i % 3 != 2 {
                try folder.write(String(format: "trip/img-%03ld.txt", i), text: "Photo \(i)\n" + String(repeating: "A comment that wraps. ", count: Int(rng.next() % 6)))
            }
        }
    }

    func importFolder(_ folder: TemporaryDirectory, _ database: GalleryDatabase) throws {
        _ = try Importer(database: database, folder: folder.path).run()
    }

    @Test("a layout another connection stored after a snapshot began: its items are read in a new snapshot, never as an empty page")
    func layoutNewerThanSnapshot() async throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(30, in: folder)
        let storeFolder = try TemporaryDirectory()
        let database = try GalleryDatabase(path: storeFolder.path + "/g.db")
        try importFolder(folder, database)
        // A second connection to the file: a concurrent request's, or another process's.
        let other = LayoutService(database: try GalleryDatabase(path: storeFolder.path + "/g.db"))
        let runs = Atomic(0)
        let stored = Mutex<StoredMasonryLayout?>(nil)
        let items = try await database.snapshot { () -> [StoredLayoutItem] in
            if runs.add(1, ordering: .relaxed).newValue == 1 {
                // Stored after this snapshot was taken: as a site's album source made by another
                // request is shared with this one.
                let layout = try other.masonryLayout(MasonryRequest(width: 800))
                stored.withLock { $0 = layout }
            }
            return try database.layoutItems(of: try #require(stored.withLock { $0 }), indices: 0 ..< 12)
        }
        #expect(items.map(\.index) == Array(0 ..< 12))
        #expect(runs.load(ordering: .relaxed) == 2)
    }

    /// Seeded rects at `result`'s width: what the store finds through its R*Tree is what the
    /// engine, given the same items, finds.
    func expectRectsAsEngine(_ service: LayoutService, _ result: MasonryResult, seed: UInt64) throws {
        let width = result.layout.layout.key.width
        let engine = try MasonryLayout(width: width, items: result.items.map {
            MasonryItem(aspectRatio: result.layout.geometry.innerWidth / $0.photoHeight, captionHeight: $0.captionHeight, commentHeight: $0.commentHeight)
        })
        var rng = SplitMix64(seed: seed)
        for _ in 0 ..< 25 {
            let rect = LayoutRect(x: Double(rng.next() % 1100) - 50, y: Double(rng.next() % UInt64(result.layout.layout.contentHeight)),
                                  width: Double(rng.next() % 800), height: Double(rng.next() % 3000))
            let stored = try service.masonry(MasonryRequest(width: width, rect: rect))
            #expect(stored.origin == .stored)
            #expect(stored.items.map(\.index) == engine.attributes(in: rect).map(\.index))
        }
    }

    @Test("computed once, then read from the store; rect queries from SQLite equal the engine's")
    func roundTrip() throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(600, in: folder)
        let storeFolder = try TemporaryDirectory()
        let database = try GalleryDatabase(path: storeFolder.path + "/g.db")
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let request = MasonryRequest(width: 1024)
        let first = try service.masonry(request)
        #expect(first.origin == .computed)
        #expect(first.items.count == 600 && first.layout.geometry.columns == 4)
        let second = try service.masonry(request)
        #expect(second.origin == .stored)
        #expect(second.items == first.items)
        #expect(second.layout.layout.contentHeight == first.layout.layout.contentHeight)

        try expectRectsAsEngine(service, first, seed: 3)
        // Other widths and options are other layouts.
        _ = try service.masonry(MasonryRequest(width: 800))
        _ = try service.masonry(MasonryRequest(width: 1024, options: MasonryOptions(columns: .count(3))))
        _ = try service.masonry(MasonryRequest(width: 1024, options: MasonryOptions(placement: .roundRobin)))
        #expect(try database.storedLayouts().count == 4)
    }

    @Test("every kind of change makes the layout stale, and the next query recomputes or appends")
    func staleness() throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(20, in: folder)
        let database = try GalleryDatabase()
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let request = MasonryRequest(width: 900, options: MasonryOptions(placement: .roundRobin))
        _ = try service.masonry(request)

        func expectStaleThenFresh(_ change: String, origin expected: MasonryResult.Origin) throws {
            #expect(try database.storedLayouts().allSatisfy(\.layout.isStale), "\(change) did not make the layout stale")
            let result = try service.masonry(request)
            #expect(result.origin == expected, "\(change)")
            #expect(try database.storedLayouts().allSatisfy { !$0.layout.isStale })
            // What was stored equals a layout computed from scratch in a fresh database.
            let fresh = try GalleryDatabase()
            try importFolder(folder, fresh)
            let scratch = try LayoutService(database: fresh).masonry(request)
            // Ids differ (a fresh import numbers photos anew); everything else must not.
            func shape(_ items: [StoredLayoutItem]) -> [StoredLayoutItem] { items.map { var item = $0; item.photoID = 0; return item } }
            #expect(shape(result.items) == shape(scratch.items), "\(change)")
        }

        try folder.write("trip/img-900.jpg", TestImages.jpeg(width: 90, height: 60))  // sorts last
        try importFolder(folder, database)
        try expectStaleThenFresh("adding a photo at the end", origin: .appended(1))

        try folder.write("trip/img-005.jpg", TestImages.jpeg(width: 200, height: 50))
        try importFolder(folder, database)
        try expectStaleThenFresh("changing a photo", origin: .recomputed)

        try folder.write("trip/img-003.txt", text: "New caption\nA much longer comment than before, long enough to wrap onto several lines at this width.")
        try importFolder(folder, database)
        try expectStaleThenFresh("changing an annotation", origin: .recomputed)

        try folder.remove("trip/img-007.jpg")
        try importFolder(folder, database)
        try expectStaleThenFresh("removing a photo", origin: .recomputed)

        try folder.write("trip/img-000.txt", text: "")
        try importFolder(folder, database)
        try expectStaleThenFresh("emptying an annotation", origin: .recomputed)
    }

    @Test("a browse page's layouts go stale only when one of its photos changes, comes or goes; a change elsewhere leaves them fresh")
    func browseStaleness() throws {
        let folder = try TemporaryDirectory()
        for i in 0 ..< 6 {
            let (keyword, year) = i < 3 ? ("boats", 2023) : ("sea", 2024)
            try TestMetadata.jpeg("trip/img-\(i).jpg", in: folder, exiftool: ["-XMP-dc:Subject=\(keyword)", "-DateTimeOriginal=\(year):0\(i + 1):01 10:00:00"])
        }
        let database = try GalleryDatabase()
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let pages = ["keyword:boats", "keyword:sea", "year:2023", "year:2024", "all"]
        func layOut() throws {
            for page in pages { _ = try service.masonry(MasonryRequest(width: 600, album: page)) }
            _ = try service.masonry(MasonryRequest(width: 600, album: "trip"))
        }
        func stale() throws -> Set<String> {
            Set(try database.storedLayouts().filter(\.layout.isStale).map(\.layout.key.scope.stored))
        }
        try layOut()
        #expect(try database.storedLayouts().count == 6)
        #expect(try stale().isEmpty)

        try folder.write("trip/img-4.txt", text: "A caption\nAnd a comment long enough to wrap at this width, twice over at the least.")
        try importFolder(folder, database)
        #expect(try stale() == ["browse:keyword:sea", "browse:year:2024", "browse:all", "album:trip"], "a caption of the sea in 2024")
        // Laid out again from the photos as they are now: the caption's height is in the page.
        let sea = try service.masonry(MasonryRequest(width: 600, album: "keyword:sea"))
        #expect(sea.origin == .recomputed && sea.items.count == 3 && sea.items.contains { $0.captionHeight > 0 && $0.commentHeight > 0 })
        try layOut()
        #expect(try stale().isEmpty)

        try folder.remove("trip/img-1.jpg")
        try importFolder(folder, database)
        #expect(try stale() == ["browse:keyword:boats", "browse:year:2023", "browse:all", "album:trip"], "a photo of boats in 2023 taken away")
        #expect(try service.masonry(MasonryRequest(width: 600, album: "keyword:boats")).items.count == 2)
        try layOut()

        try TestMetadata.write(["-XMP-dc:Subject=boats"], to: folder.path + "/trip/img-5.jpg")
        try importFolder(folder, database)
        #expect(try stale() == ["browse:keyword:boats", "browse:keyword:sea", "browse:year:2024", "browse:all", "album:trip"], "a photo of the sea is of boats now")
        #expect(try service.masonry(MasonryRequest(width: 600, album: "keyword:boats")).items.count == 3)
        #expect(try service.masonry(MasonryRequest(width: 600, album: "keyword:sea")).items.count == 2)
        try layOut()

        // A photo of another album, with no date and no keyword: only the page of all photos.
        try folder.write("other/new.jpg", TestImages.jpeg(width: 50, height: 80))
        try importFolder(folder, database)
        #expect(try stale() == ["browse:all"], "a photo no other page shows")

        // The order photos are shown in moves every page.
        try database.setPhotoOrder(.name)
        #expect(try stale() == Set(pages.map { "browse:" + $0 } + ["album:trip"]), "another order")
    }

    @Test("a page's bands asked for at once: those stored are read together and equal each asked for alone; a missing or stale one is computed")
    func layoutsAtOnce() throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(30, in: folder)
        let database = try GalleryDatabase()
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let requests = [360.0, 800, 1400].map { MasonryRequest(width: $0) }
        let alone = try service.masonryLayout(requests[1])
        // One stored, two computed on the way.
        let together = try service.masonryLayouts(requests)
        #expect(together.map(\.layout.key.width) == [360, 800, 1400])
        #expect(together[1] == alone)
        #expect(together.allSatisfy { !$0.layout.isStale && $0.layout.itemCount == 30 })
        #expect(Set(together.map(\.geometry.columns)).count == 3, "\(together.map(\.geometry.columns))")
        #expect(try requests.map { try service.masonryLayout($0) } == together)
        #expect(try database.storedMasonryLayouts(together.map(\.layout.key)) == together)

        // A comment grown long: every band is stale, and is computed again when asked for together.
        try folder.write("trip/img-001.txt", text: "Photo 1\n" + String(repeating: "A much longer comment now, over many lines. ", count: 12))
        try importFolder(folder, database)
        #expect(try database.storedMasonryLayouts(together.map(\.layout.key)).allSatisfy { $0?.layout.isStale == true })
        let again = try service.masonryLayouts(requests)
        #expect(again.allSatisfy { !$0.layout.isStale })
        #expect(zip(again, together).allSatisfy { $0.layout.revision != $1.layout.revision && $0.layout.contentHeight >= $1.layout.contentHeight })
        #expect(try requests.map { try service.masonryLayout($0) } == again)
        // A key stored nowhere reads as nil, in its place.
        let elsewhere = LayoutKey(scope: .album(path: "nowhere"), kind: .masonry, width: 800, options: together[1].layout.key.options)
        #expect(try database.storedMasonryLayouts([together[0].layout.key, elsewhere]).map { $0 == nil } == [false, true])
    }

    @Test("each kind is its own record: a key of one kind is refused by the other's lookup, and the schema refuses a kind no codec reads")
    func recordsByKind() throws {
        let folder = try TemporaryDirectory()
        try makeLibrary(40, in: folder)
        let storeFolder = try TemporaryDirectory()
        let database = try GalleryDatabase(path: storeFolder.path + "/g.db")
        try importFolder(folder, database)
        let service = LayoutService(database: database)
        let masonry = try service.masonryLayout(MasonryRequest(width: 800))
        let justified = try service.justifiedLayout(width: 800, album: nil, options: JustifiedLayout.Options(targetRowHeight: 200, tolerance: 0.25, spacing: 8))
        #expect(try database.layoutItems(of: masonry).count == 40)
        #expect(try database.layoutFrames(of: justified).count == 40)
        // Read back by key, each through its own record.
        #expect(try database.storedMasonryLayout(masonry.layout.key) == masonry)
        #expect(try database.storedFrameLayout(justified.layout.key) == justified)
        #expect(throws: StoreError.self) { try database.storedMasonryLayout(justified.layout.key) }
        #expect(throws: StoreError.self) { try database.storedFrameLayout(masonry.layout.key) }
        #expect(StoreError.layoutKind(stored: .justified, asked: .masonry).description.contains("justified, not masonry"))
        let listed = try database.storedLayouts()
        #expect(listed.count == 2)
        #expect(listed.contains(.masonry(masonry)) && listed.contains(.frames(justified)))

        // A hand-made row of a kind no codec reads, or a scope that names nothing, is refused.
        let queue = try DatabaseQueue(path: storeFolder.path + "/g.db")
        for (scope, kind) in [("library", "wheel"), ("everything", "masonry")] {
            #expect(throws: DatabaseError.self) {
                try queue.write { db in
                    try db.execute(sql: """
                        INSERT INTO layouts (scope, kind, width, options, content_width, content_height, item_count, revision, computed_at)
                        VALUES (?, ?, 800, '', 0, 0, 0, 0, '')
                        """, arguments: [scope, kind])
                }
            }
        }
        // A masonry layout's columns go with it.
        try queue.write { db in try db.execute(sql: "DELETE FROM layouts WHERE kind = 'masonry'") }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM masonry_layouts") } == 0)
        try queue.close()
    }

    @Test("albums are scopes; an empty library gives a valid, empty layout; unknown albums are named")
    func scopes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a/1.jpg", TestImages.jpeg())
        try folder.write("b/2.jpg", TestImages.jpeg())
        let database = try GalleryDatabase()
        let service = LayoutService(database: database)
        let empty = try service.masonry(MasonryRequest(width: 500))
        #expect(empty.items.isEmpty && empty.layout.layout.contentHeight == 0)
        try importFolder(folder, database)
        #expect(try service.masonry(MasonryRequest(width: 500)).items.count == 2)
        #expect(try service.masonry(MasonryRequest(width: 500, album: "a")).items.count == 1)
        #expect(throws: StoreError.self) { try service.masonry(MasonryRequest(width: 500, album: "zzz")) }
        // A library layout is stale when any album changes; an album's only when it does.
        _ = try service.masonry(MasonryRequest(width: 500, album: "b"))
        try folder.write("a/3.jpg", TestImages.jpeg())
        try importFolder(folder, database)
        let states = Dictionary(uniqueKeysWithValues: try database.storedLayouts().map { ($0.layout.key.scope.stored, $0.layout.isStale) })
        #expect(states["library"] == true && states["album:a"] == true && states["album:b"] == false)
    }
}
