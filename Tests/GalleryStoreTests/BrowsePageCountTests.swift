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
}
