import Foundation
import GalleryHTML
import GalleryStore
import GalleryTestSupport
import Testing

/// An album made again after one photo changed keeps the files of the runs of photos that did
/// not (its data chunks, before it and after it, justified frames, plain pages:
/// `SiteSnapshot.partDigest`), and what it writes is what a fresh export of the library writes.
@Suite("A changed photo remakes only the files of its run")
struct PartialRebuildTests {
    /// `count` generated photos in date order, file by file (photo N at index N), imported and
    /// exported (images not encoded: what is tested is pages and data).
    struct Library {
        let work: TemporaryDirectory
        let database: GalleryDatabase
        /// Whether its site publishes the photos' locations (and has a map).
        let publishLocation: Bool
        var site: URL { work.url.appending(path: "site") }

        init(_ label: String, photos count: Int, publishLocation: Bool = false) throws {
            self.publishLocation = publishLocation
            work = try TemporaryDirectory(label)
            let made = try GalleryBinary.run(["--album", String(count), "photos"], in: work.url, executable: GalleryBinary.sampleData)
            try #require(made.status == 0, "\(made.stderr)")
            let imported = try GalleryBinary.run(["import", "photos", "--db", "library.db", "--quiet"], in: work.url)
            try #require(imported.status == 0, "\(imported.stderr)")
            database = try GalleryDatabase(path: work.path + "/library.db")
            _ = try export()
        }

        /// Imports the photos folder again and exports into the site: what a rebuild does.
        func rebuild() throws -> ExportSummary {
            let imported = try GalleryBinary.run(["import", "photos", "--db", "library.db", "--quiet"], in: work.url)
            try #require(imported.status == 0, "\(imported.stderr)")
            return try export()
        }

        func export(into folder: String = "site") throws -> ExportSummary {
            try SiteExporter(database: database, outFolder: work.url.appending(path: folder).path, encodeImages: false,
                             publishLocation: publishLocation).run()
        }

        /// Expects the site, rebuilt, to be a fresh export's (`SiteDigest.differences(rebuilt:fresh:)`).
        func expectFreshExport(_ after: [String: String], _ label: String) throws {
            _ = try export(into: "fresh-\(label)")
            let differences = try SiteDigest.differences(rebuilt: site, fresh: work.url.appending(path: "fresh-\(label)"))
            #expect(after.count > 20 && differences.isEmpty, "\(label): \(differences)")
        }
    }

    @Test("a caption changed keeps the chunks and plain pages before and after its own; each site equals a fresh export")
    func keepsUnchangedRuns() throws {
        // 300 photos: chunks of about 15, a plain page each (the generator is seeded: photos 2
        // and 288 have a caption and a long comment).
        let library = try Library("partial-rebuild", photos: 300)
        let work = library.work, site = library.site

        // `keeps`: files of runs before the photo and after it (chunks, plain pages and the
        // search's blocks of documents place nothing: the page places their cells from the
        // columns' ends), and the index (no photo came or went); `moves`: the files that must
        // change (the photo's own chunk, the grid's heights, and the columns file when a group
        // starts after the photo, whose ends before it moved: the change is real, a digest that
        // missed it would keep them, stale).
        // (The justified rows are of the photos alone: a text changed moves none of their frames.)
        // The search finds in every photo by date: document N is photo N too.
        let index = try AlbumIndexFile(site: site), search = try SearchIndexFile(site: site)
        try #require(index.chunks.count >= 3, "\(index.chunks.count) chunks")
        let changes = [288, 2].map { photo in
            let own = index.chunk(holding: photo)
            let others = index.chunks.indices.filter { $0 != own }
            return (photo: photo, keeps: others.flatMap { [index.chunkFile($0), index.plainPage($0), index.framesFile($0)] }
                        + [search.blockFile(holding: photo == 2 ? 288 : 2), "data/index.index.js"],
                    moves: [index.chunkFile(own), "data/index.heights.css", search.blockFile(holding: photo)]
                        + (index.chunkStarts[index.groups[index.groups.count - 1]] > photo ? ["data/index.columns.js"] : []))
        }
        for change in changes {
            // Its caption and comment taken away: its cell shrinks, the cells after it move up.
            // (Growing one would not do: a caption is set in two lines at most.)
            let annotations = work.url.appending(path: "photos/annotations.json")
            var entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: annotations)) as? [[String: Any]])
            let index = try #require(entries.firstIndex { ($0["photo"] as? String)?.hasSuffix(String(format: "photo-%06d.jpg", change.photo)) == true })
            try #require(!((entries[index]["comment"] as? String) ?? "").isEmpty, "the generator gave photo \(change.photo) no comment")
            entries[index]["caption"] = ""
            entries[index]["comment"] = ""
            try JSONSerialization.data(withJSONObject: entries).write(to: annotations)
            let before = try SiteDigest.byPath(of: site)
            let shardsBefore = try SearchIndexFile(site: site).termsFiles.reduce(into: [String: [String: [Int]]]()) { shards, name in
                shards[name] = try SearchIndexFile.words(of: name, in: site)
            }
            let rebuilt = try library.rebuild()
            let after = try SiteDigest.byPath(of: site)
            #expect(rebuilt.filesKept >= change.keeps.count, "after photo \(change.photo): \(rebuilt.line)")
            for name in change.keeps {
                #expect(before[name] != nil && before[name] == after[name], "after photo \(change.photo): \(name)")
            }
            for name in change.moves {
                #expect(before[name] != nil && before[name] != after[name], "after photo \(change.photo): \(name) should have changed")
            }
            // The words' shards are named by their keys: only those that held one of the
            // photo's words are rewritten, however many shards came or went before them.
            for (name, words) in shardsBefore where after[name] != nil && before[name] != after[name] {
                #expect(words.values.contains { $0.contains(change.photo) }, "after photo \(change.photo): \(name) was rewritten, and held none of its words")
            }
            try library.expectFreshExport(after, "after photo \(change.photo)")
        }
    }

    @Test("photos inserted among old ones rewrite the chunks and plain pages they land in, not the others; the site equals a fresh export")
    func insertedPhotos() throws {
        let library = try Library("partial-insert", photos: 600)
        let work = library.work, site = library.site
        let before = try SiteDigest.byPath(of: site), index = try AlbumIndexFile(site: site)

        // A memory card found later: five photos taken at the same moments as five old ones
        // across the album, each sorted in right after its twin (photo N is at index N).
        let inserted = [40, 170, 300, 420, 555]
        let files = FileManager.default.enumerator(atPath: work.url.appending(path: "photos").path)?.compactMap { $0 as? String } ?? []
        for number in inserted {
            let name = try #require(files.first { $0.hasSuffix(String(format: "photo-%06d.jpg", number)) })
            try FileManager.default.copyItem(at: work.url.appending(path: "photos/" + name),
                                             to: work.url.appending(path: "photos/" + name.replacingOccurrences(of: ".jpg", with: "-card.jpg")))
        }
        _ = try library.rebuild()
        let after = try SiteDigest.byPath(of: site), grown = try AlbumIndexFile(site: site)
        #expect(grown.count == 605)

        let landed = Set(inserted.map { index.chunk(holding: $0) })
        for chunk in index.chunks.indices where !landed.contains(chunk) {
            #expect(before[index.chunkFile(chunk)] != nil && before[index.chunkFile(chunk)] == after[index.chunkFile(chunk)], "\(index.chunkFile(chunk)) was rewritten")
            // A plain page links its neighbours: those of a chunk cut in two change too.
            if !landed.contains(chunk - 1) && !landed.contains(chunk + 1) {
                #expect(before[index.plainPage(chunk)] == after[index.plainPage(chunk)], "\(index.plainPage(chunk)) was rewritten")
            }
        }
        let rewritten = grown.chunks.filter { before[$0] != after[$0] }
        #expect(!rewritten.isEmpty && rewritten.count <= 2 * inserted.count, "\(rewritten.count) of \(grown.chunks.count) chunks rewritten")
        // (The justified view's frames files: 600 photos are too few for five insertions to
        // leave many chunks' rows alone; JustifiedRunsTests counts them at 10,000.)
        try library.expectFreshExport(after, "after five photos inserted")
    }

    @Test("the map's files are not made again for a caption (its points stay), and are when a photo goes; the site equals a fresh export")
    func mapKeptForCaptions() throws {
        let library = try Library("partial-map", photos: 120, publishLocation: true)
        let work = library.work, site = library.site
        let points = "data/map.points.js"
        try #require(FileManager.default.fileExists(atPath: site.appending(path: points).path), "no map: is Leaflet installed (make test-deps)?")

        // A caption: the search is made again (its words changed), the map is not.
        let annotations = work.url.appending(path: "photos/annotations.json")
        var entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: annotations)) as? [[String: Any]])
        entries[60]["caption"] = "a harbour wall at low tide"
        try JSONSerialization.data(withJSONObject: entries).write(to: annotations)
        let before = try SiteDigest.byPath(of: site)
        let captioned = try library.rebuild()
        #expect(captioned.albumsRendered.contains("search") && !captioned.albumsRendered.contains("map"), "\(captioned.albumsRendered)")
        let after = try SiteDigest.byPath(of: site)
        #expect(before[points] == after[points])
        try library.expectFreshExport(after, "after a caption")

        // Nothing changed: neither is made, nor the search's index to tell.
        let unchanged = try library.rebuild()
        #expect(unchanged.albumsRendered.isEmpty, "\(unchanged.albumsRendered)")

        // A photo gone: the points after it are other documents of the search.
        let files = FileManager.default.enumerator(atPath: work.url.appending(path: "photos").path)?.compactMap { $0 as? String } ?? []
        let gone = try #require(files.first { $0.hasSuffix(String(format: "photo-%06d.jpg", 30)) })
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/" + gone))
        let removed = try library.rebuild()
        #expect(removed.albumsRendered.contains("map"), "\(removed.albumsRendered)")
        let last = try SiteDigest.byPath(of: site)
        #expect(after[points] != last[points])
        try library.expectFreshExport(last, "after a photo removed")
    }
}
