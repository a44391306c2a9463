import Foundation
import GRDB
@testable import GalleryStore
import GalleryTestSupport
import PhotoFacts
import Testing

/// The site's search index takes each photo's words from the library, worked out again only
/// for the photos changed since (migration 0028, issue 51).
@Suite("Store: each photo's search words, kept until the photo changes")
struct SearchWordsTests {
    let months = SearchScope.monthNames(language: "en")

    func file(_ path: String, album: String, takenAt: String? = nil, latitude: Double? = nil) -> PhotoFile {
        var file = PhotoFile(
            albumPath: album, albumName: album, path: path, sortKey: path, fileSize: 10,
            mtimeNanoseconds: 1, contentHash: "xxh64:0000000000000001", format: .image(.jpeg), width: 4, height: 3,
            orientation: Orientation(exifValue: 1), displayWidth: 4, displayHeight: 3)
        file.metadata.takenAt = takenAt
        file.metadata.latitude = latitude
        file.metadata.longitude = latitude.map { $0 / 2 }
        return file
    }

    func annotation(_ caption: String, keywords: [String] = []) -> Annotation {
        var annotation = Annotation(caption: caption, comment: "Über den Wolken", source: "sidecar")
        annotation.keywords = keywords
        return annotation
    }

    /// A photo's words, album and place in one line, to compare.
    func line(_ words: PhotoSearchWords?) -> String? {
        words.map { "\($0.words) in \($0.album) at \(String(describing: $0.latitude)),\(String(describing: $0.longitude))" }
    }

    /// The words as `LibraryPhoto.searchTokens` gives them, by id: what every call must answer.
    func expected(_ database: GalleryDatabase, places: Bool) throws -> [Int64: String] {
        Dictionary(uniqueKeysWithValues: try database.photos().map { photo in
            (photo.id, "\(photo.searchTokens(places: places, monthNames: months)) in \(photo.album) at \(String(describing: photo.metadata.latitude)),\(String(describing: photo.metadata.longitude))")
        })
    }

    @Test("words kept under their signature until the photo, its annotation or its album's name changes; another signature has its own; the last three sets kept; a removed photo's go with it")
    func keptUntilChanged() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/g.db"
        let database = try GalleryDatabase(path: path)
        var changes = LibraryChanges()
        changes.upserts = [
            (file("trip/a.jpg", album: "trip", takenAt: "2024-07-14T10:00:00", latitude: 43.1), annotation("Harbour at dusk", keywords: ["boats|sail"])),
            (file("trip/b.jpg", album: "trip"), annotation("東京の夜")),
            (file("home/c.jpg", album: "home"), nil),
        ]
        try database.apply(changes)
        let photos = try database.photos()
        let ids = photos.map(\.id)
        let id = Dictionary(uniqueKeysWithValues: photos.map { ($0.path, $0.id) })
        let (a, b, c) = (try #require(id["trip/a.jpg"]), try #require(id["trip/b.jpg"]), try #require(id["home/c.jpg"]))
        func words(_ signature: String = "site 1", places: Bool = true) throws -> [Int64: PhotoSearchWords] {
            try database.searchWords(ids: ids, places: places, monthNames: months, signature: signature)
        }
        func lines(_ signature: String = "site 1", places: Bool = true) throws -> [Int64: String] {
            try words(signature, places: places).compactMapValues(line)
        }
        #expect(try lines() == (try expected(database, places: true)))
        #expect(try words()[a]?.words.contains("july") == true)

        // Kept: a word planted behind the store's back is what the next call answers.
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in try db.execute(sql: "UPDATE search_words SET words = 'planted'") }
        #expect(try words().values.allSatisfy { $0.words == ["planted"] })

        // A photo's annotation changed: its words are taken again, the others' kept.
        var edit = LibraryChanges()
        edit.annotationUpdates = [("trip/b.jpg", annotation("Kyoto by night"))]
        try database.apply(edit)
        let afterEdit = try words()
        let fresh = try expected(database, places: true)
        #expect(line(afterEdit[b]) == fresh[b] && afterEdit[b]?.words.contains("kyoto") == true)
        #expect(afterEdit[a]?.words == ["planted"] && afterEdit[c]?.words == ["planted"])

        // An album renamed (no photo of it changes): its photos' words are taken again.
        var rename = LibraryChanges()
        rename.albumRenames = [("home", "Home sweet home")]
        try database.apply(rename)
        let afterRename = try words()
        #expect(line(afterRename[c]) == (try expected(database, places: true))[c] && afterRename[c]?.words.contains("sweet") == true)
        #expect(afterRename[a]?.words == ["planted"])

        // Another signature (places left out) is a set of its own, worked out from the photos.
        #expect(try lines("site 2", places: false) == (try expected(database, places: false)))
        #expect(try words()[a]?.words == ["planted"], "the first set is as it was")
        _ = try words("site 3")
        _ = try words("site 4")
        let signatures = try queue.read { db in try String.fetchAll(db, sql: "SELECT signature FROM search_word_sets ORDER BY id") }
        #expect(signatures == ["site 2", "site 3", "site 4"])
        #expect(try lines() == (try expected(database, places: true)), "a set dropped is made again")

        var removal = LibraryChanges()
        removal.removals = ["trip/a.jpg"]
        try database.apply(removal)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM search_words WHERE photo_id = ?", arguments: [a]) } == 0)
        #expect(try words()[a] == nil && (try words()).count == 2)
    }

    @Test("kept words split by bytes as by characters: non-ASCII words, marks first, empty lines (seeded)")
    func linesAsCharacters() {
        var random = SplitMix64(seed: 51)
        let pieces = ["a", "word", "é", "e\u{301}", "\u{301}x", "東京", "🇫🇷", "ß", "", "\n", "\n\n", "7"]
        for _ in 0 ..< 3_000 {
            let text = (0 ..< Int.random(in: 0 ... 12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: Bool.random(using: &random) ? "\n" : "")
            #expect(GalleryDatabase.lines(text) == text.split(separator: "\n").map(String.init), "\(Array(text.unicodeScalars))")
        }
    }
}
