import Foundation
import GRDB
@testable import GalleryStore
import GalleryTestSupport
import PhotoFacts
import Testing

/// `GalleryDatabase.measurements(style:width:texts:)`: one layout's texts looked up in the
/// stored measurements, on a real SQLite file.
@Suite("Store: measurements of a layout's texts")
struct MeasurementLookupTests {
    @Test("each text gets its own style's and width's measurement, whatever it holds; a text not measured is absent")
    func lookup() throws {
        let folder = try TemporaryDirectory("gallery-measurement-lookup")
        let database = try GalleryDatabase(path: folder.url.appending(path: "library.db").path)
        let texts = ["plain", "a \"quoted\" 'one', \\ too", "東京 — Maël", "tab\tand\nline", "emoji 🌊", "[\"like\", \"json\"]", ""]
        for (style, width, offset) in [("caption", 100.0, 0.0), ("caption", 200.0, 100.0), ("comment", 100.0, 200.0)] {
            try database.saveMeasurements(style: style, width: width, Dictionary(uniqueKeysWithValues: texts.enumerated().map {
                ($1, StoredMeasurement(lines: $0 + 1, height: offset + Double($0), fontSignature: $0 == 2 ? "Noto Sans CJK" : ""))
            }))
        }
        let found = try database.measurements(style: "caption", width: 200, texts: texts.reversed() + ["never measured"])
        #expect(found.count == texts.count)
        for (index, text) in texts.enumerated() {
            #expect(found[text] == StoredMeasurement(lines: index + 1, height: 100 + Double(index), fontSignature: index == 2 ? "Noto Sans CJK" : ""),
                    "\(text.debugDescription)")
        }
        #expect(try database.measurements(style: "caption", width: 300, texts: texts).isEmpty)
        #expect(try database.measurements(style: "comment", width: 100, texts: [String]()).isEmpty)
    }

    @Test("the lookup walks the texts and finds each by the table's whole key (not every row of the width)")
    func plan() throws {
        let folder = try TemporaryDirectory("gallery-measurement-plan")
        let database = try GalleryDatabase(path: folder.url.appending(path: "library.db").path)
        let plan = try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + GalleryDatabase.measurementsOfTexts, arguments: ["[\"a\"]", "caption", 100])
                .map { $0["detail"] as String }
        }
        #expect(plan.first?.hasPrefix("SCAN t") == true, "\(plan)")
        #expect(plan.contains { $0.hasPrefix("SEARCH m USING PRIMARY KEY (style_id=? AND width=? AND text=?)") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN m") }, "\(plan)")
    }

    @Test("what a whole-library pass must measure: texts with no measurement at that style and width, and those set in fallback faces")
    func textsToMeasure() throws {
        let folder = try TemporaryDirectory("gallery-texts-to-measure")
        let database = try GalleryDatabase(path: folder.url.appending(path: "library.db").path)
        var changes = LibraryChanges()
        for (index, (caption, comment)) in [("Harbour", "Boats"), ("東京", "Boats"), ("New one", ""), ("Harbour", "Dusk")].enumerated() {
            changes.upserts.append((PhotoFile(
                albumPath: "", albumName: "root", path: "\(index).jpg", sortKey: "\(index).jpg", fileSize: 10, mtimeNanoseconds: 1,
                contentHash: "xxh64:000000000000000\(index)", format: .image(.jpeg), width: 4, height: 3, orientation: Orientation(exifValue: 1),
                displayWidth: 4, displayHeight: 3), Annotation(caption: caption, comment: comment, source: "sidecar")))
        }
        try database.apply(changes)
        try database.saveMeasurements(style: "caption", width: 100, [
            "Harbour": StoredMeasurement(lines: 1, height: 18), "東京": StoredMeasurement(lines: 1, height: 18, fontSignature: "Noto Sans CJK")])
        try database.saveMeasurements(style: "caption", width: 200, ["New one": StoredMeasurement(lines: 1, height: 18)])
        try database.saveMeasurements(style: "comment", width: 100, ["Boats": StoredMeasurement(lines: 1, height: 18)])

        let captions = try database.textsToMeasure(.caption, style: "caption", width: 100)
        #expect(captions.map(\.text).sorted() == ["New one", "東京"])
        #expect(captions.first { $0.text == "東京" }?.fontSignature == "Noto Sans CJK")
        #expect(captions.first { $0.text == "New one" }?.fontSignature == nil)
        #expect(try database.textsToMeasure(.comment, style: "comment", width: 100).map(\.text) == ["Dusk"], "a comment once, the empty one never")
        #expect(try database.textsToMeasure(.caption, style: "other", width: 100).map(\.text).sorted() == ["Harbour", "New one", "東京"])
    }
}
