import Foundation
import GRDB
@testable import GalleryStore
import GalleryTestSupport
import PhotoFacts
import Testing

/// `GalleryDatabase.takenAt(ids:)`: the dates a page's months are found from, for a few photos
/// (a statement per 500) and for many (one pass over the table), on a real SQLite file.
@Suite("Store: when photos were taken, by id")
struct TakenAtTests {
    @Test("a few ids and many give each asked photo's date, and none for a photo without one or not asked")
    func fewAndMany() throws {
        let folder = try TemporaryDirectory("gallery-taken-at")
        let database = try GalleryDatabase(path: folder.url.appending(path: "library.db").path)
        var changes = LibraryChanges()
        for index in 0 ..< 6_000 {
            var file = PhotoFile(
                albumPath: "", albumName: "root", path: "\(index).jpg", sortKey: "\(index).jpg", fileSize: 10, mtimeNanoseconds: 1,
                contentHash: String(format: "xxh64:%016x", index), format: .image(.jpeg), width: 4, height: 3, orientation: Orientation(exifValue: 1),
                displayWidth: 4, displayHeight: 3)
            // Every seventh photo has no date.
            file.metadata.takenAt = index % 7 == 0 ? nil : String(format: "20%02d-%02d-02T10:00:00", index % 30, index % 12 + 1)
            changes.upserts.append((file, nil))
        }
        try database.apply(changes)
        let all = try database.read { db in try Row.fetchAll(db, sql: "SELECT id, taken_at FROM photos") }
        let dates = Dictionary(uniqueKeysWithValues: all.map { ($0["id"] as Int64, $0["taken_at"] as String?) })
        #expect(dates.count == 6_000)
        // Every other photo but the last 100: over the many-ids threshold; then a few.
        let many = dates.keys.sorted().dropLast(100).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        for ids in [many, Array(many.prefix(40)), []] {
            let found = try database.takenAt(ids: ids), asked = Set(ids)
            #expect(found == dates.filter { asked.contains($0.key) }.compactMapValues { $0 }, "\(ids.count) ids")
        }
    }
}
