import Foundation
import GRDB
@testable import GalleryStore
import GalleryTestSupport
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
        #expect(plan.count == 2)
        #expect(plan.first?.hasPrefix("SCAN t") == true, "\(plan)")
        #expect(plan.last?.contains("style=? AND width=? AND text=?") == true, "\(plan)")
    }
}
