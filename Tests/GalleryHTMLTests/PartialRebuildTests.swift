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
    @Test("a caption changed keeps the chunks and plain pages before and after its own; each site equals a fresh export")
    func keepsUnchangedRuns() throws {
        let work = try TemporaryDirectory("partial-rebuild")
        // 300 photos in date order, file by file: five data chunks of 64, six plain pages of 50
        // (the generator is seeded: photos 2 and 288 have a caption and a long comment).
        let made = try GalleryBinary.run(["--album", "300", "photos"], in: work.url, executable: GalleryBinary.sampleData)
        try #require(made.status == 0, "\(made.stderr)")
        func importPhotos() throws {
            let imported = try GalleryBinary.run(["import", "photos", "--db", "library.db", "--quiet"], in: work.url)
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        try importPhotos()
        let database = try GalleryDatabase(path: work.path + "/library.db")
        let site = work.url.appending(path: "site")
        _ = try SiteExporter(database: database, outFolder: site.path, encodeImages: false).run()

        // `keeps`: files of runs before the photo and after it (chunks, plain pages and the
        // search's blocks of documents place nothing: the page places their cells from the
        // index); `moves`: the files that must change (the photo's own chunk, and the index,
        // whose columns' ends moved after it: the change is real, a digest that missed it would
        // keep them, stale).
        // (The justified rows are of the photos alone: a text changed moves none of their frames.)
        let changes = [(photo: 288, keeps: ["data/index.chunk-0.js", "data/index.chunk-3.js", "data/index.justified-0.js", "data/index.justified-3.js",
                                            "index.page-1.html", "index.page-5.html", "data/search.docs-0.js"],
                        moves: ["data/index.chunk-4.js", "data/index.index.js"]),
                       (photo: 2, keeps: ["index.page-2.html", "index.page-6.html", "data/index.chunk-1.js", "data/index.chunk-4.js",
                                          "data/index.justified-1.js", "data/index.justified-4.js", "data/search.docs-9.js"],
                        moves: ["data/index.chunk-0.js", "data/index.index.js"])]
        for (number, change) in changes.enumerated() {
            // Its caption and comment taken away: its cell shrinks, the cells after it move up.
            // (Growing one would not do: a caption is set in two lines at most.)
            let annotations = work.url.appending(path: "photos/annotations.json")
            var entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: annotations)) as? [[String: Any]])
            let index = try #require(entries.firstIndex { ($0["photo"] as? String)?.hasSuffix(String(format: "photo-%06d.jpg", change.photo)) == true })
            try #require(!((entries[index]["comment"] as? String) ?? "").isEmpty, "the generator gave photo \(change.photo) no comment")
            entries[index]["caption"] = ""
            entries[index]["comment"] = ""
            try JSONSerialization.data(withJSONObject: entries).write(to: annotations)
            try importPhotos()
            let before = try SiteDigest.byPath(of: site)
            let rebuilt = try SiteExporter(database: database, outFolder: site.path, encodeImages: false).run()
            let after = try SiteDigest.byPath(of: site)
            #expect(rebuilt.filesKept >= change.keeps.count, "after photo \(change.photo): \(rebuilt.line)")
            for name in change.keeps {
                #expect(before[name] != nil && before[name] == after[name], "after photo \(change.photo): \(name)")
            }
            for name in change.moves {
                #expect(before[name] != nil && before[name] != after[name], "after photo \(change.photo): \(name) should have changed")
            }

            let fresh = work.url.appending(path: "fresh-\(number)")
            _ = try SiteExporter(database: database, outFolder: fresh.path, encodeImages: false).run()
            let first = try SiteDigest.byPath(of: fresh)
            #expect(Set(after.keys) == Set(first.keys), "after photo \(change.photo): \(Set(after.keys).symmetricDifference(first.keys).sorted())")
            let differing = after.keys.filter { first[$0] != nil && after[$0] != first[$0] }.sorted()
            #expect(differing.isEmpty, "after photo \(change.photo), these differ from a fresh export's: \(differing)")
        }
    }
}
