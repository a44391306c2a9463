import GalleryJSON
import GRDB

/// A stored text measurement.
public struct StoredMeasurement: Sendable, Hashable {
    public var lines: Int
    public var height: Double
    /// The fallback faces the measurement used (`TextMeasurer.fontSignature`); '' when the
    /// style's own fonts drew the whole text.
    public var fontSignature: String

    public init(lines: Int, height: Double, fontSignature: String = "") {
        self.lines = lines
        self.height = height
        self.fontSignature = fontSignature
    }
}

/// An annotation's text that is measured: the caption or the comment (the column's name).
public enum AnnotationField: String, Sendable {
    case caption, comment
}

/// The distinct captions and comments of a library.
public struct AnnotationTexts: Sendable {
    public var captions: [String]
    public var comments: [String]

    public init(captions: [String], comments: [String]) {
        self.captions = captions
        self.comments = comments
    }
}

extension GalleryDatabase {
    /// The distinct captions and comments of the library (empty ones left out).
    public func annotationTexts() throws -> AnnotationTexts {
        try read { db in
            AnnotationTexts(captions: try String.fetchAll(db, sql: "SELECT DISTINCT caption FROM annotations WHERE caption != '' ORDER BY caption"),
                            comments: try String.fetchAll(db, sql: "SELECT DISTINCT comment FROM annotations WHERE comment != '' ORDER BY comment"))
        }
    }

    /// The distinct captions and comments of the photos changed after the library's revision
    /// `revision` (`photos.changed`): what an import added or edited.
    public func annotationTexts(changedAfter revision: Int64) throws -> AnnotationTexts {
        try read { db in
            func texts(_ field: String) throws -> [String] {
                try String.fetchAll(db, sql: """
                    SELECT DISTINCT n.\(field) FROM photos p JOIN annotations n ON n.photo_id = p.id
                    WHERE p.changed > ? AND n.\(field) != '' ORDER BY 1
                    """, arguments: [revision])
            }
            return AnnotationTexts(captions: try texts("caption"), comments: try texts("comment"))
        }
    }

    /// The texts measured in `style` that needed the system's fallback faces, at any width
    /// (through their partial index, 0025): those whose measurements a change of the system's
    /// fonts changes.
    public func fallbackTexts(style: String) throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT text FROM text_measurements WHERE style_id = \(Self.styleID) AND font_signature != ''",
                                arguments: [style])
        }
    }

    /// Whether any text is measured in `style` at `width`: a width new to the library (another
    /// grid) has every text to measure.
    public func hasMeasurements(style: String, width: Double) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM text_measurements WHERE style_id = \(Self.styleID) AND width = ?)",
                              arguments: [style, width]) ?? false
        }
    }

    /// Measurements stored for `style` at `width`, by text.
    public func measurements(style: String, width: Double) throws -> [String: StoredMeasurement] {
        try read { db in
            var result: [String: StoredMeasurement] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT text, lines, height, font_signature FROM text_measurements WHERE style_id = \(Self.styleID) AND width = ?", arguments: [style, width])
            while let row = try rows.next() {
                result[row["text"]] = StoredMeasurement(lines: row["lines"], height: row["height"], fontSignature: row["font_signature"])
            }
            return result
        }
    }

    /// The library's distinct captions (or comments) that measuring at `width` in `style`
    /// must look at: those without a measurement (`fontSignature` nil), and those measured
    /// with fallback faces (their signature: measured again when the system's faces changed).
    /// A text measured with the style's own fonts alone is not listed.
    public func textsToMeasure(_ field: AnnotationField, style: String, width: Double) throws -> [(text: String, fontSignature: String?)] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT DISTINCT n.\(field.rawValue), m.font_signature
                FROM annotations n LEFT JOIN text_measurements m ON m.style_id = \(Self.styleID) AND m.width = ? AND m.text = n.\(field.rawValue)
                WHERE n.\(field.rawValue) != '' AND (m.text IS NULL OR m.font_signature != '')
                """, arguments: [style, width]).map { ($0[0], $0[1]) }
        }
    }

    /// A style's number (`text_styles`), from its fingerprint, the statement's next argument:
    /// measurements name their style by number, not by its ~700 characters.
    static let styleID = "(SELECT id FROM text_styles WHERE fingerprint = ?)"

    /// The texts' array outside and the table's key inside, by CROSS JOIN: left to itself
    /// SQLite's planner walks every row of the width and scans the array for each (minutes at
    /// 10,000 photos).
    static let measurementsOfTexts = """
        SELECT t.key, m.lines, m.height, m.font_signature
        FROM json_each(?) t CROSS JOIN text_measurements m ON m.style_id = \(styleID) AND m.width = ? AND m.text = t.value
        """

    /// Measurements stored for `style` at `width` of `texts` only (one album's, one browse
    /// page's), by text: found through the table's (style, width, text) index, so that laying
    /// out a page of a few photos does not read every text of the library. One statement
    /// joins the texts (a JSON array) to the table and answers each by its place in the
    /// array: a statement a text cost the layouts of a large library seconds.
    public func measurements(style: String, width: Double, texts: some Collection<String>) throws -> [String: StoredMeasurement] {
        let texts = Array(texts)
        guard !texts.isEmpty else { return [:] }
        let list = try JSON.string(texts)
        return try read { db in
            var result: [String: StoredMeasurement] = [:]
            result.reserveCapacity(texts.count)
            let rows = try Row.fetchCursor(db, sql: Self.measurementsOfTexts, arguments: [list, style, width])
            while let row = try rows.next() {
                let index: Int = row[0]
                guard texts.indices.contains(index) else { continue }
                result[texts[index]] = StoredMeasurement(lines: row[1], height: row[2], fontSignature: row[3])
            }
            return result
        }
    }

    /// Stores measurements (one transaction), and drops those of texts no annotation uses any more.
    public func saveMeasurements(style: String, width: Double, _ measurements: [String: StoredMeasurement]) throws {
        try write { db in
            try db.execute(sql: "INSERT INTO text_styles (fingerprint) VALUES (?) ON CONFLICT (fingerprint) DO NOTHING", arguments: [style])
            let styleID = try Int64.fetchOne(db, sql: "SELECT \(Self.styleID)", arguments: [style])
            // An upsert, not a replace: a changed height fires the trigger that makes layouts stale.
            let insert = try db.cachedStatement(sql: """
                INSERT INTO text_measurements (style_id, width, text, lines, height, font_signature) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (style_id, width, text) DO UPDATE SET lines = excluded.lines, height = excluded.height, font_signature = excluded.font_signature
                """)
            for (text, measurement) in measurements {
                try insert.execute(arguments: [styleID, width, text, measurement.lines, measurement.height, measurement.fontSignature])
            }
        }
    }

    /// Drops measurements of texts that no caption or comment uses any more: of the texts an
    /// annotation stopped using since the last prune (`measurement_orphans`, migration 0027),
    /// each found through the table's key at every style and width the table holds.
    public func pruneMeasurements() throws {
        try write { db in
            let left = try String.fetchAll(db, sql: "SELECT text FROM measurement_orphans")
            guard !left.isEmpty else { return }
            // A few texts (a caption edited): a scan of the annotations each; many: the
            // annotations' texts gathered once (two lists of 100,000 at 100,000 photos).
            let unused = left.count <= 8
                ? try left.filter { text in
                    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM annotations WHERE caption = ?1 OR comment = ?1)", arguments: [text]) != true
                }
                : try String.fetchAll(db, sql: """
                    SELECT text FROM measurement_orphans
                    WHERE text NOT IN (SELECT caption FROM annotations) AND text NOT IN (SELECT comment FROM annotations)
                    """)
            try db.execute(sql: "DELETE FROM measurement_orphans")
            guard !unused.isEmpty else { return }
            let list = try JSON.string(unused)
            // A whole library's texts replaced: one pass over the table costs less than a
            // lookup per text, style and width.
            guard unused.count < 10_000 else {
                try db.execute(sql: "DELETE FROM text_measurements WHERE text IN (SELECT value FROM json_each(?))", arguments: [list])
                return
            }
            let delete = try db.cachedStatement(sql: "DELETE FROM text_measurements WHERE style_id = ? AND width = ? AND text IN (SELECT value FROM json_each(?))")
            let nextWidth = try db.cachedStatement(sql: "SELECT min(width) FROM text_measurements WHERE style_id = ? AND width > ?")
            for style in try Int64.fetchAll(db, sql: "SELECT id FROM text_styles") {
                // The style's widths, one seek each through the key (a skip scan by hand:
                // DISTINCT would read every row); every width is above 0 (the table's CHECK).
                var width = 0.0
                while let next = try Double.fetchOne(nextWidth, arguments: [style, width]) {
                    try delete.execute(arguments: [style, next, list])
                    width = next
                }
            }
        }
    }
}
