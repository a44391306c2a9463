import Foundation
import GalleryStore
import GalleryTestSupport
import PhotoFacts
import Synchronization
import Testing

/// `GalleryDatabase.snapshot` on a real SQLite file, with a second connection to it standing in
/// for an import in another process.
@Suite("Store: one state of the library per snapshot")
struct SnapshotTests {
    let folder: TemporaryDirectory
    let database: GalleryDatabase
    /// Another process's connection to the same file.
    let importer: GalleryDatabase

    init() throws {
        folder = try TemporaryDirectory("gallery-snapshot")
        let path = folder.url.appending(path: "library.db").path
        database = try GalleryDatabase(path: path)
        importer = try GalleryDatabase(path: path)
        try caption("first")
    }

    func caption(_ text: String) throws {
        var changes = LibraryChanges()
        changes.upserts = [(PhotoFile(
            albumPath: "", albumName: "root", path: "a.jpg", sortKey: "a.jpg", fileSize: 10, mtimeNanoseconds: 1,
            contentHash: "xxh64:0000000000000001", format: .image(.jpeg), width: 4, height: 3, orientation: Orientation(exifValue: 1),
            displayWidth: 4, displayHeight: 3), Annotation(caption: text, comment: "", source: "sidecar"))]
        try importer.apply(changes)
    }

    func measure(_ text: String, height: Double) throws {
        try database.saveMeasurements(style: "caption", width: 100, [text: StoredMeasurement(lines: 1, height: height)])
    }

    @Test("a commit made meanwhile is not seen inside, and is seen after")
    func othersCommitsWaitOutside() async throws {
        let seen = try await database.snapshot { () -> [String] in
            let before = try database.photos().map(\.caption)
            try caption("second")
            return before + (try database.photos().map(\.caption))
        }
        #expect(seen == ["first", "first"])
        #expect(try database.photos().map(\.caption) == ["second"])
    }

    @Test("what the body writes is committed and seen by its next reads; the body runs once")
    func ownWritesAreSeen() async throws {
        let runs = Atomic(0)
        let heights = try await database.snapshot { () -> [Double] in
            runs.add(1, ordering: .relaxed)
            let before = try database.measurements(style: "caption", width: 100)["first"]?.height
            try measure("first", height: 18)
            let after = try database.measurements(style: "caption", width: 100)["first"]?.height
            return [before ?? -1, after ?? -1]
        }
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(heights == [-1, 18])
        #expect(try importer.measurements(style: "caption", width: 100)["first"]?.height == 18)
    }

    @Test("when the library changed before the body's write, the body runs again in the new state")
    func changedLibraryRunsAgain() async throws {
        let runs = Atomic(0)
        let captions = try await database.snapshot { () -> [String] in
            let run = runs.add(1, ordering: .relaxed).newValue
            let seen = try database.photos().map(\.caption)
            if run == 1 { try caption("second") }
            try measure(seen[0], height: 18)
            // What it read before the write and what it reads after are of one state.
            return seen + (try database.photos().map(\.caption))
        }
        #expect(runs.load(ordering: .relaxed) == 2)
        #expect(captions == ["second", "second"])
    }

    @Test("the last attempt keeps going: after its write it reads the newer state")
    func lastAttemptMovesOn() async throws {
        let runs = Atomic(0)
        let captions = try await database.snapshot(attempts: 1) { () -> [String] in
            runs.add(1, ordering: .relaxed)
            let seen = try database.photos().map(\.caption)
            try caption("second")
            try measure(seen[0], height: 18)
            return seen + (try database.photos().map(\.caption))
        }
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(captions == ["first", "second"])
    }

    @Test("another database's reads are not taken into this one's snapshot")
    func otherDatabaseReadsItsOwn() async throws {
        let other = try GalleryDatabase(path: folder.url.appending(path: "other.db").path)
        let counts = try await database.snapshot { () -> [Int] in
            [try database.photos().count, try other.photos().count]
        }
        #expect(counts == [1, 0])
    }
}
