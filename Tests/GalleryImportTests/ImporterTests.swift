import Foundation
@testable import GalleryImport
import GalleryStore
import GalleryWork
import GalleryTestSupport
import PhotoFacts
import Synchronization
import Testing

/// Collects what an import reports.
final class EventLog: Sendable {
    private let events = Mutex<[ProgressEvent]>([])
    func record(_ event: ProgressEvent) { events.withLock { $0.append(event) } }
    var skipped: [(path: String, reason: String)] {
        events.withLock { $0.compactMap { if case .skipped(let p, let r) = $0 { (p, r) } else { nil } } }
    }
    var warnings: [String] {
        events.withLock { $0.compactMap { if case .warning(let w) = $0 { w } else { nil } } }
    }
}

func runImport(_ folder: TemporaryDirectory, into database: GalleryDatabase, jobs: Int = 2, annotations: String? = nil) throws -> (ImportSummary, EventLog) {
    let log = EventLog()
    let summary = try Importer(database: database, folder: folder.path, options: ImportOptions(jobs: jobs, annotationsFile: annotations, batchSize: 3))
        .run { log.record($0) }
    return (summary, log)
}

@Suite("Import: folders, albums, incremental runs, bad files")
struct ImporterTests {
    @Test("albums from subfolders, sizes and orientation stored")
    func basicImport() throws {
        let photos = try TemporaryDirectory("My Photos")
        try photos.write("root.jpg", TestImages.jpeg(width: 64, height: 48))
        try photos.write("trip/a.jpg", TestImages.jpeg(width: 64, height: 48, orientation: 6))
        try photos.write("trip/b.png", TestImages.png(width: 40, height: 30))
        try photos.write("trip/deeper/c.jpg", TestImages.jpeg(width: 10, height: 20, orientation: 8, byteOrder: .bigEndian))
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary == ImportSummary(added: 4))
        #expect(log.skipped.isEmpty && log.warnings.isEmpty)
        let stored = try database.photos()
        #expect(stored.map(\.path) == ["root.jpg", "trip/a.jpg", "trip/b.png", "trip/deeper/c.jpg"])
        #expect(stored.map(\.album) == [photos.url.lastPathComponent, "trip", "trip", "trip/deeper"])
        #expect(stored[1].orientation.rawValue == 6 && stored[1].displayWidth == 48 && stored[1].displayHeight == 64)
        #expect(stored[2].format == .image(.png))
        #expect(stored[3].orientation.rawValue == 8 && stored[3].aspectRatio == 2.0)
    }

    @Test("a rerun changes nothing; add, modify, touch and delete are each counted")
    func incremental() throws {
        let photos = try TemporaryDirectory()
        for i in 0 ..< 5 { try photos.write("p\(i).jpg", TestImages.jpeg(seed: UInt8(i))) }
        let database = try GalleryDatabase()
        #expect(try runImport(photos, into: database).0 == ImportSummary(added: 5))
        let first = try database.photos()
        #expect(try runImport(photos, into: database).0 == ImportSummary(unchanged: 5))
        #expect(try database.photos() == first)

        try photos.write("p5.jpg", TestImages.jpeg(seed: 5))                      // added
        try photos.write("p1.jpg", TestImages.jpeg(width: 80, height: 40, seed: 9)) // modified
        try photos.remove("p2.jpg")                                               // removed
        // Touched: same bytes, new mtime; the hash confirms it is unchanged.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 100)], ofItemAtPath: photos.path + "/p3.jpg")
        let (summary, _) = try runImport(photos, into: database)
        #expect(summary == ImportSummary(added: 1, updated: 1, unchanged: 3, removed: 1))
        let after = try database.photos()
        #expect(after.map(\.path) == ["p0.jpg", "p1.jpg", "p3.jpg", "p4.jpg", "p5.jpg"])
        #expect(after[1].id == first[1].id && after[1].width == 80)
        // The touched file's new mtime was stored: the next run does not even hash it.
        #expect(try runImport(photos, into: database).0 == ImportSummary(unchanged: 5))
    }

    @Test("two runs, with one or many jobs, leave the same database")
    func deterministic() throws {
        let photos = try TemporaryDirectory()
        for i in 0 ..< 20 { try photos.write("a\(i % 3)/img\(i).jpg", TestImages.jpeg(seed: UInt8(i))) }
        let one = try GalleryDatabase(), many = try GalleryDatabase()
        _ = try runImport(photos, into: one, jobs: 1)
        _ = try runImport(photos, into: many, jobs: 8)
        #expect(try one.photos() == many.photos())
        #expect(try one.photos().map(\.path).first == "a0/img0.jpg")
    }

    @Test("natural order: img2 before img10")
    func naturalOrder() throws {
        let photos = try TemporaryDirectory()
        for name in ["img10.jpg", "img2.jpg", "IMG1.jpg"] { try photos.write(name, TestImages.jpeg()) }
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        #expect(try database.photos().map(\.path) == ["IMG1.jpg", "img2.jpg", "img10.jpg"])
    }

    @Test("bad files are skipped one line each, and every good file is imported")
    func badFiles() throws {
        let photos = try TemporaryDirectory()
        let good = TestImages.jpeg(width: 120, height: 90)
        try photos.write("good.jpg", good)
        try photos.write("good-cmyk.jpg", TestImages.jpeg(format: .cmyk))
        try photos.write("good-gray.jpg", TestImages.jpeg(format: .gray))
        try photos.write("zero.jpg", [])
        try photos.write("text.jpg", text: "hello\n")
        // Cut short inside its data: libjpeg and browsers draw what is there (grey below), so
        // it is imported with a warning. Stray bytes between segments likewise.
        try photos.write("truncated.jpg", Array(good.prefix(good.count - 40)))
        try photos.write("no-eoi.jpg", Array(good.dropLast(2)))
        try photos.write("stray.jpg", Array(good[0 ..< 20]) + [0x00, 0x12, 0x34] + Array(good[20...]))
        try photos.write("header-only.jpg", Array(good.prefix(20)))
        try photos.write("huge.jpg", TestImages.withDeclaredSize(good, width: 65500, height: 65500))
        try photos.write("anim.gif", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 30))
        try photos.write("cut.png", Array(TestImages.png().dropLast(12)))
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(summary.added == 7 && summary.skipped == 5)
        let reasons = Dictionary(uniqueKeysWithValues: log.skipped.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.reason) })
        #expect(reasons["zero.jpg"]?.contains("empty") == true)
        #expect(reasons["text.jpg"]?.contains("not a JPEG, PNG, HEIC, AVIF, WebP, JPEG XL, TIFF, GIF, BMP or camera raw image, nor an MP4, MOV") == true)
        let warnings = log.warnings.joined(separator: "\n")
        for name in ["truncated.jpg", "no-eoi.jpg"] {
            #expect(warnings.contains("/\(name): the JPEG has no end-of-image marker; libjpeg: Premature end of JPEG file; imported as browsers show it"), "\(warnings)")
        }
        #expect(warnings.contains("/stray.jpg: 3 extraneous bytes before the marker at byte 23"), "\(warnings)")
        #expect(reasons["header-only.jpg"]?.contains("truncated") == true)
        #expect(reasons["huge.jpg"]?.contains("65500×65500") == true)
        #expect(reasons["anim.gif"]?.contains("GIF") == true)
        // Without its IEND the picture is whole: taken, as browsers show it, with a warning.
        #expect(reasons["cut.png"] == nil)
        #expect(warnings.contains("/cut.png: the PNG has no IEND chunk; imported as browsers show it"), "\(warnings)")
        #expect(log.skipped.allSatisfy { $0.path.hasPrefix(photos.path + "/") })
        #expect(Set(try database.photos().map(\.path)) == ["good.jpg", "good-cmyk.jpg", "good-gray.jpg", "truncated.jpg", "no-eoi.jpg", "stray.jpg", "cut.png"])
    }

    @Test("a photo that turns bad is removed, and comes back when fixed")
    func photoTurnsBad() throws {
        let photos = try TemporaryDirectory()
        let good = TestImages.jpeg()
        try photos.write("a.jpg", good)
        let database = try GalleryDatabase()
        _ = try runImport(photos, into: database)
        // Cut inside its header: nothing can show it.
        try photos.write("a.jpg", Array(good.prefix(30)))
        let (summary, _) = try runImport(photos, into: database)
        #expect(summary.skipped == 1 && summary.removed == 1)
        #expect(try database.photos().isEmpty)
        try photos.write("a.jpg", good)
        #expect(try runImport(photos, into: database).0.added == 1)
    }

    @Test("hidden files and folders are skipped; symlink loops end; a linked folder is walked once")
    func walk() throws {
        let photos = try TemporaryDirectory()
        try photos.write("a/one.jpg", TestImages.jpeg())
        try photos.write(".hidden.jpg", TestImages.jpeg())
        try photos.write(".cache/x.jpg", TestImages.jpeg())
        try photos.write("b/.DS_Store", text: "junk")
        try FileManager.default.createSymbolicLink(atPath: photos.path + "/a/loop", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: photos.path + "/b/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: photos.path + "/broken.jpg", withDestinationPath: "/nonexistent/file.jpg")
        let database = try GalleryDatabase()
        let (summary, log) = try runImport(photos, into: database)
        #expect(try database.photos().map(\.path) == ["a/one.jpg"])
        #expect(summary.added == 1 && summary.skipped == 1)
        #expect(log.skipped.first?.reason.contains("broken symbolic link") == true)
    }

    @Test("a missing folder, or a file given as folder, is an error that stops the import")
    func missingFolder() throws {
        let database = try GalleryDatabase()
        #expect(throws: ImportError.self) { try Importer(database: database, folder: "/nonexistent/photos").run() }
        let folder = try TemporaryDirectory()
        let file = try folder.write("x.jpg", TestImages.jpeg())
        #expect(throws: ImportError.self) { try Importer(database: database, folder: file).run() }
    }

    @Test("sort keys pad digit runs")
    func sortKeys() {
        #expect(Importer.sortKey("a/IMG_2.jpg") < Importer.sortKey("a/img_10.jpg"))
        #expect(Importer.sortKey("2019/x") < Importer.sortKey("2020/a"))
    }

    @Test("XXH64 matches the reference vectors")
    func hash() {
        #expect(ContentHasher.hash([]) == 0xEF46_DB37_51D8_E999)
        #expect(ContentHasher.hash(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        let long = Array("Nobody inspects the spammish repetition".utf8)
        #expect(ContentHasher.hash(long) == 0xFBCE_A83C_8A37_8BF1)
        // Fed in odd pieces, the result is the same.
        var hasher = ContentHasher()
        for chunk in stride(from: 0, to: long.count, by: 5) {
            long[chunk ..< min(chunk + 5, long.count)].withUnsafeBytes { hasher.update($0) }
        }
        #expect(hasher.finalize() == 0xFBCE_A83C_8A37_8BF1)
    }
}
