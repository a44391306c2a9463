import Foundation
import GalleryImport
import GalleryStore
import GalleryService
import GalleryTestSupport
import Testing
import TextMetrics

@Suite("Import: caption and comment heights stored per text, style and width")
struct MeasurementTests {
    @Test("import stores heights at the default width that equal a direct measurement")
    func storedOnImport() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("b.jpg", TestImages.jpeg())
        try photos.write("a.txt", text: "Harbour at dusk\nThe ferry had just left. For ten minutes the whole bay turned the colour of the inside of a shell.")
        try photos.write("b.txt", text: "港の灯り\n夕方になると港の灯りが一つずつ点いていく。")
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        let measurer = TextMeasurer()
        let width = AnnotationMeasurer.defaultTextWidths[0]
        let comments = try database.measurements(style: GalleryTextStyles.comment.fingerprint, width: width)
        let captions = try database.measurements(style: GalleryTextStyles.caption.fingerprint, width: width)
        #expect(comments.count == 2 && captions.count == 2)
        for (text, stored) in comments {
            let direct = try measurer.measure(text, style: GalleryTextStyles.comment, width: width)
            #expect(stored == StoredMeasurement(lines: direct.lines, height: direct.height))
        }
        #expect(captions["Harbour at dusk"] == StoredMeasurement(lines: 1, height: GalleryTextStyles.caption.lineHeight))
    }

    @Test("only missing texts are measured; another width or style is measured anew; unused texts are dropped")
    func incremental() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("a.txt", text: "Caption\nFirst comment")
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        let measurer = AnnotationMeasurer(database: database, measurer: TextMeasurer())
        #expect(try measurer.ensureMeasured(widths: AnnotationMeasurer.defaultTextWidths) == 0)
        #expect(try measurer.ensureMeasured(widths: [120]) == 2)
        // A change of style (a font size here) is a new key: nothing stale is reused.
        var bigger = GalleryTextStyles.comment
        bigger.fontSize = 20
        let other = AnnotationMeasurer(database: database, measurer: TextMeasurer(), comment: bigger)
        #expect(try other.ensureMeasured(widths: [120]) == 1)
        try photos.write("a.txt", text: "Caption\nSecond comment")
        _ = try runImport(photos, into: database)
        let stored = try database.measurements(style: GalleryTextStyles.comment.fingerprint, width: 236)
        #expect(Set(stored.keys) == ["Second comment"])
    }

    @Test("an import drops, at every width and style, the measurements of the texts it left unused, and keeps a text another photo still has")
    func prunesLeftTexts() throws {
        let photos = try TemporaryDirectory()
        for name in ["a", "b"] {
            try photos.write("\(name).jpg", TestImages.jpeg())
            try photos.write("\(name).txt", text: "Shared caption\nOnly \(name)")
        }
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        var bigger = GalleryTextStyles.comment
        bigger.fontSize = 20
        _ = try AnnotationMeasurer(database: database, measurer: TextMeasurer(), comment: bigger).ensureMeasured(widths: [120])
        func measured(_ text: String) throws -> [String] {
            var found: [String] = []
            for (name, style) in [("caption", GalleryTextStyles.caption), ("comment", GalleryTextStyles.comment), ("bigger", bigger)] {
                for width in [120, 236.0] where try database.measurements(style: style.fingerprint, width: width, texts: [text])[text] != nil {
                    found.append("\(name) \(Int(width))")
                }
            }
            return found
        }
        #expect(try measured("Only a") == ["comment 236", "bigger 120"])

        try photos.write("a.txt", text: "A caption of its own\nOnly a, again")
        _ = try runImport(photos, into: database)
        #expect(try measured("Only a").isEmpty)
        #expect(try measured("Shared caption") == ["caption 120", "caption 236"], "b still has it")
        #expect(try measured("Only b") == ["comment 236", "bigger 120"])

        try photos.remove("b.jpg")
        try photos.remove("b.txt")
        _ = try runImport(photos, into: database)
        #expect(try measured("Shared caption").isEmpty && (try measured("Only b")).isEmpty)
        #expect(try measured("Only a, again").contains("comment 236"))
    }

    @Test("photos sharing a caption all edited in one import, and imports that measure nothing: every old text noted once, none refused, all pruned")
    func sharedTextsLeftAtOnce() throws {
        let photos = try TemporaryDirectory()
        for name in ["a", "b", "c"] {
            try photos.write("\(name).jpg", TestImages.jpeg())
            try photos.write("\(name).txt", text: "Harbour\nHarbour")
        }
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        #expect(try database.measurements(style: GalleryTextStyles.caption.fingerprint, width: 236, texts: ["Harbour"])["Harbour"] != nil)
        // Imports that measure no width leave their old texts noted (as an importer upserts
        // each photo's annotation): one import after another, the same text noted again.
        for round in 0 ..< 2 {
            for name in ["a", "b", "c"] { try photos.write("\(name).txt", text: "Quay \(round)\nQuay \(round)") }
            let log = EventLog()
            let summary = try Importer(database: database, folder: photos.path, options: ImportOptions(jobs: 2, textWidths: []))
                .run { log.record($0) }
            #expect(summary.updated == 3 && log.warnings.isEmpty, "\(log.warnings)")
        }
        for name in ["a", "b", "c"] { try photos.write("\(name).txt", text: "Harbour\nQuay 1") }
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.updated == 3 && log.warnings.isEmpty, "\(log.warnings)")
        #expect(try database.measurements(style: GalleryTextStyles.caption.fingerprint, width: 236, texts: ["Quay 0", "Quay 1", "Harbour"]).keys.sorted() == ["Harbour"])
        #expect(try database.measurements(style: GalleryTextStyles.comment.fingerprint, width: 236, texts: ["Quay 0", "Quay 1", "Harbour"]).keys.sorted() == ["Quay 1"])
    }
}

@Suite("Characters no listed font has: the system's fallback face, and measurements that follow the installed fonts")
struct FallbackMeasurementTests {
    static let deseret = "𐐜𐐲 𐐹𐑉𐐮𐐾𐐯𐐿𐐻 in Deseret"

    @Test("a text the styles' fonts draw whole has no font signature; one that needs a fallback face names it")
    func signatures() throws {
        let measurer = TextMeasurer()
        #expect(try measurer.fontSignature("Harbour at dusk, 夕方 🌅", style: GalleryTextStyles.comment) == "")
        let signature = try measurer.fontSignature(Self.deseret, style: GalleryTextStyles.comment)
        #expect(signature.contains("Deseret"), "\(signature)")
        // Measured with that face: a Deseret letter has its own advance, not the .notdef box's.
        let faces = try measurer.charactersByFace([Self.deseret], style: GalleryTextStyles.comment)
        let deseretFace = try #require(faces.keys.first { $0.path.contains("Deseret") })
        #expect(faces[deseretFace]?.contains("𐐜") == true)
        #expect(!GalleryTextStyles.comment.fonts.contains(deseretFace))
    }

    @Test("only measurements whose fallback faces changed are measured again, and their layouts go stale")
    func changedFontsRemeasure() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("b.jpg", TestImages.jpeg())
        try photos.write("a.txt", text: "Plain caption\n\(Self.deseret)")
        try photos.write("b.txt", text: "Other caption\nA comment our own fonts draw whole.")
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        let style = GalleryTextStyles.comment
        let stored = try database.measurements(style: style.fingerprint, width: 236)
        #expect(stored[Self.deseret]?.fontSignature.contains("Deseret") == true)
        #expect(stored["A comment our own fonts draw whole."]?.fontSignature == "")
        let measurer = AnnotationMeasurer(database: database, measurer: TextMeasurer())
        #expect(try measurer.ensureMeasured(widths: [236]) == 0)

        // As if the text had been measured on a machine whose fallback was another face (and
        // a wrong height): the next pass measures exactly that text again.
        let before = try database.libraryRevision()
        try database.saveMeasurements(style: style.fingerprint, width: 236, [
            Self.deseret: StoredMeasurement(lines: 9, height: 162, fontSignature: "/usr/share/fonts/elsewhere.ttf#0"),
        ])
        #expect(try database.libraryRevision() > before, "a changed height must make layouts stale")
        #expect(try measurer.ensureMeasured(widths: [236]) == 1)
        let again = try database.measurements(style: style.fingerprint, width: 236)
        #expect(again[Self.deseret] == stored[Self.deseret])

        // An import's pass (the texts changed after a revision) checks the fallback texts too,
        // though their photos did not change.
        try database.saveMeasurements(style: style.fingerprint, width: 236, [
            Self.deseret: StoredMeasurement(lines: 9, height: 162, fontSignature: "/usr/share/fonts/elsewhere.ttf#0"),
        ])
        #expect(try measurer.ensureMeasured(widths: [236], changedAfter: try database.libraryRevision()) == 1)
        #expect(try database.measurements(style: style.fingerprint, width: 236)[Self.deseret] == stored[Self.deseret])
    }

    @Test("an import measures ahead the texts it changed and, at a width new to the library, every text; nothing else")
    func changedTextsOnly() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a.jpg", TestImages.jpeg())
        try photos.write("b.jpg", TestImages.jpeg())
        try photos.write("a.txt", text: "Caption A\nComment A")
        try photos.write("b.txt", text: "Caption B\nComment B")
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        let measurer = AnnotationMeasurer(database: database, measurer: TextMeasurer())
        let revision = try database.libraryRevision()
        #expect(try measurer.ensureMeasured(widths: [236], changedAfter: revision) == 0)
        #expect(try measurer.ensureMeasured(widths: [150], changedAfter: revision) == 4, "a width new to the library")
        #expect(try measurer.ensureMeasured(widths: [150, 236], changedAfter: revision) == 0)

        try photos.write("a.txt", text: "Caption A, edited\nComment A")
        _ = try runImport(photos, into: database)
        // The import measured the new caption at its width; a pass from before it, at a width the
        // library knows, finds that text alone to measure there, and only there.
        #expect(try database.measurements(style: GalleryTextStyles.caption.fingerprint, width: 236)["Caption A, edited"] != nil)
        #expect(try measurer.ensureMeasured(widths: [150, 236], changedAfter: revision) == 1)
        #expect(try measurer.ensureMeasured(widths: [150], changedAfter: revision) == 0)
    }
}
