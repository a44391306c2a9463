import Foundation
import GalleryStore
import GalleryTestSupport
import PhotoFacts
import Testing

@Suite("Store: writing and reading photos")
struct PhotoStoreTests {
    func file(_ path: String, album: String = "", width: Int = 4, height: Int = 3, orientation: Int = 1) -> PhotoFile {
        let swapped = orientation >= 5
        return PhotoFile(
            albumPath: album, albumName: album.isEmpty ? "root" : album, path: path, sortKey: path, fileSize: 10,
            mtimeNanoseconds: 1, contentHash: "xxh64:0000000000000001", format: .image(.jpeg), width: width, height: height,
            orientation: Orientation(exifValue: orientation), displayWidth: swapped ? height : width, displayHeight: swapped ? width : height)
    }

    @Test("upserts keep ids, annotations follow, removals drop empty albums")
    func roundTrip() throws {
        let database = try GalleryDatabase()
        var changes = LibraryChanges()
        changes.upserts = [
            (file("a.jpg"), Annotation(caption: "A", comment: "first", source: "sidecar")),
            (file("trip/b.jpg", album: "trip", orientation: 6), nil),
        ]
        try database.apply(changes)
        var photos = try database.photos()
        #expect(photos.map(\.path) == ["a.jpg", "trip/b.jpg"])
        #expect(photos[0].caption == "A" && photos[0].comment == "first")
        #expect(photos[1].album == "trip" && photos[1].displayWidth == 3 && photos[1].caption == "")
        let idOfB = photos[1].id

        var update = LibraryChanges()
        update.upserts = [(file("trip/b.jpg", album: "trip", width: 8, height: 6, orientation: 6), Annotation(caption: "B", comment: "", source: "annotations.json"))]
        update.annotationUpdates = [("a.jpg", nil)]
        try database.apply(update)
        photos = try database.photos()
        #expect(photos[1].id == idOfB)
        #expect(photos[1].width == 8 && photos[1].caption == "B")
        #expect(photos[0].caption == "")

        var removal = LibraryChanges()
        removal.removals = ["trip/b.jpg"]
        try database.apply(removal)
        #expect(try database.albumNames() == ["root"])
        #expect(try database.photos(album: "root").count == 1)
        #expect(throws: StoreError.self) { try database.photos(album: "trip") }
    }

    @Test("a batch that fails halfway stores nothing of it")
    func batchIsAtomic() throws {
        let database = try GalleryDatabase()
        var changes = LibraryChanges()
        var broken = file("z.jpg")
        broken.width = 0  // violates CHECK (width > 0)
        changes.upserts = [(file("a.jpg"), nil), (file("b.jpg"), nil), (broken, nil)]
        #expect(throws: (any Error).self) { try database.apply(changes) }
        #expect(try database.photos().isEmpty)
        #expect(try database.albumNames().isEmpty)
    }

    @Test("an unknown album lists the known ones")
    func unknownAlbum() throws {
        let database = try GalleryDatabase()
        var changes = LibraryChanges()
        changes.upserts = [(file("x/a.jpg", album: "x"), nil), (file("y/b.jpg", album: "y"), nil)]
        try database.apply(changes)
        do {
            _ = try database.photos(album: "nope")
            Issue.record("expected an error")
        } catch let error as StoreError {
            #expect(error.description == "no album named 'nope'; known albums: 'x', 'y'")
        }
    }
}
