import Foundation
import GRDB
@testable import GalleryStore
import GalleryTestSupport
import PhotoFacts
import Testing

/// `GalleryDatabase.pageCount`: what a browse page's revision is made of, counted for every
/// page after each change of the library, from the page's own photos.
@Suite("Store: a browse page's photos counted through an index")
struct BrowsePageCountTests {
    @Test("a year, a month, a place, a keyword and a person find their photos by index, never by a scan of every photo; the counts are the pages'")
    func plans() throws {
        let folder = try TemporaryDirectory("gallery-page-count-plan")
        let database = try GalleryDatabase(path: folder.url.appending(path: "library.db").path)
        var changes = LibraryChanges()
        let places = [PhotoPlace(city: "Brest", country: "France"), PhotoPlace(sublocation: "brest harbour", city: "BREST"), PhotoPlace(country: "Spain")]
        for index in 0 ..< 6 {
            var file = PhotoFile(
                albumPath: "", albumName: "root", path: "\(index).jpg", sortKey: "\(index).jpg", fileSize: 10, mtimeNanoseconds: 1,
                contentHash: "xxh64:000000000000000\(index)", format: .image(.jpeg), width: 4, height: 3, orientation: Orientation(exifValue: 1),
                displayWidth: 4, displayHeight: 3)
            file.metadata.takenAt = "20\(20 + index % 2)-0\(index % 3 + 1)-02T10:00:00"
            var annotation = Annotation(caption: "", comment: "", source: "sidecar")
            annotation.keywords = index < 2 ? ["boats"] : []
            annotation.people = index == 3 ? ["Anna"] : []
            annotation.place = places[index % 3]
            changes.upserts.append((file, annotation))
        }
        try database.apply(changes)
        let pages: [(BrowseSelection, Int)] = [(.year(2020), 3), (.month(year: 2021, month: 2), 1), (.place("brest"), 4), (.place("SPAIN"), 2),
                                               (.keyword("Boats"), 2), (.person("anna"), 1)]
        for (page, count) in pages {
            let (plan, counted) = try database.read { db in
                (try SQLRequest<Row>(literal: "EXPLAIN QUERY PLAN \(GalleryDatabase.pageCount(page, excluding: []))").fetchAll(db).map { $0["detail"] as String },
                 try SQLRequest<Row>(literal: GalleryDatabase.pageCount(page, excluding: [])).fetchOne(db)?["photos"] as Int?)
            }
            #expect(!plan.contains { $0.hasPrefix("SCAN p") }, "\(page.name): \(plan)")
            #expect(counted == count, "\(page.name)")
        }
    }

    @Test("the revisions the browse listing keeps for places, people and keywords are the ones each page's own count gives; a clip, a left-out album and a second spelling change nothing")
    func listedRevisions() throws {
        let folder = try TemporaryDirectory("gallery-page-count-listed")
        let path = folder.url.appending(path: "library.db").path
        let database = try GalleryDatabase(path: path)
        var changes = LibraryChanges()
        // Photo 5 is a Live Photo's clip, photos 6 and 7 are in an album the pages leave out.
        let keywords: [[String]] = [["boats", "Sea"], ["Boats"], ["Boats", "Sea"], ["Rocks"], [], ["rocks", "Clip only"], ["rocks", "Hidden"], ["Boats"]]
        let people: [[String]] = [["Anna"], ["anna", "Yann"], [], ["Yann"], [], ["Yann"], ["Anna"], []]
        let places = [PhotoPlace(city: "Brest", country: "France"), PhotoPlace(sublocation: "brest harbour", city: "BREST"), PhotoPlace(state: "Bretagne", country: "France"),
                      PhotoPlace(country: "Spain"), PhotoPlace(), PhotoPlace(city: "Vigo", country: "Spain"), PhotoPlace(city: "Vigo"), PhotoPlace(city: "brest")]
        for index in 0 ..< 8 {
            var file = PhotoFile(
                albumPath: index == 6 || index == 7 ? "hidden" : "shown", albumName: index == 6 || index == 7 ? "Hidden" : "Shown",
                path: "\(index).jpg", sortKey: "\(index).jpg", fileSize: 10, mtimeNanoseconds: 1,
                contentHash: "xxh64:000000000000000\(index)", format: .image(.jpeg), width: 4, height: 3, orientation: Orientation(exifValue: 1),
                displayWidth: 4, displayHeight: 3)
            file.metadata.takenAt = "2024-0\(index % 3 + 1)-02T10:00:00"
            var annotation = Annotation(caption: "", comment: "", source: "sidecar")
            annotation.keywords = keywords[index]
            annotation.people = people[index]
            annotation.place = places[index]
            changes.upserts.append((file, annotation))
        }
        try database.apply(changes)
        try database.write { db in try db.execute(sql: "UPDATE photos SET live_still_id = (SELECT id FROM photos WHERE path = '4.jpg') WHERE path = '5.jpg'") }
        let excluding = ["hidden"]
        let found = try database.browsePages(favoritesRating: 4, excluding: excluding)
        let library = try database.read { db in try GalleryDatabase.libraryRevision(db) }
        // A second connection has kept nothing: it counts each page's photos itself.
        let counting = try GalleryDatabase(path: path)
        var kept: [String] = []
        for summary in found.places + found.people + found.keywords {
            let scope = try counting.browseScope(summary.selection, excluding: excluding)
            let counted = try counting.read { db in try counting.revision(db, scope: scope) }
            #expect(counted & 0xFF_FFFF == Int64(summary.photoCount), "\(summary.selection.name)")
            guard let revision = database.scopeRevisions.revision(of: scope.stored, at: library) else { continue }
            #expect(revision == counted, "\(summary.selection.name)")
            kept.append(summary.selection.name)
        }
        // Two spellings ("boats" and "Boats", "Anna" and "anna", "Brest" and "BREST"…) are
        // left to the page's own count: which one the page is named by takes a count of its own.
        #expect(Set(kept) == ["keyword:Sea", "keyword:Rocks", "person:Yann", "place:France", "place:Bretagne", "place:brest harbour", "place:Spain"])
        #expect(!(found.places + found.keywords).contains { ["place:Vigo", "keyword:Clip only", "keyword:Hidden"].contains($0.selection.name) })
        // A page's name as the library spells it: the spelling most of its photos have, the
        // only one (counted or not), never one of a clip's or a left-out album's.
        let spelled: [(BrowseSelection, BrowseSelection)] = [(.keyword("BOATS"), .keyword("Boats")), (.keyword("rocks"), .keyword("Rocks")),
                                                             (.person("yann"), .person("Yann")), (.place("BREST HARBOUR"), .place("brest harbour"))]
        for (asked, expected) in spelled {
            #expect(try counting.browseScope(asked, excluding: excluding) == .browse(expected, excluding: excluding), "\(asked.name)")
        }
        for asked in [BrowseSelection.keyword("clip only"), .keyword("hidden"), .place("vigo")] {
            #expect(throws: StoreError.self, "\(asked.name)") { try counting.browseScope(asked, excluding: excluding) }
        }
    }
}
