import Foundation
import GalleryTestSupport
import Testing

/// An album's pages are laid out from the album itself, never from the first album whose
/// name matches its folder's path (a library folder "photos" holding photos and a subfolder
/// "photos": the root album is named "photos" too).
@Suite("gallery build: each album laid out from its own folder")
struct AlbumScopeCLITests {
    @Test("a subfolder named as the library's folder: its pages show its photo, the root album's its two")
    func folderNamedAsTheRoot() throws {
        let work = try TemporaryDirectory("album-scope")
        try work.write("photos/a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        try work.write("photos/b.jpg", TestImages.jpeg(width: 60, height: 90, seed: 2))
        try work.write("photos/photos/c.jpg", TestImages.jpeg(width: 80, height: 80, seed: 3))
        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        func count(_ stem: String) throws -> Int { try AlbumIndexFile(site: work.url.appending(path: "site"), stem: stem).count }
        // Both albums are "photos": the slugs tell them apart in path order (the root first).
        #expect(try count("album-photos") == 2)
        #expect(try count("album-photos-2") == 1, "the subfolder's page shows the root album's photos")
        let justified = try String(contentsOf: work.url.appending(path: "site/data/album-photos-2.justified.index.js"), encoding: .utf8)
        #expect(justified.contains("\"count\":1,"), "the subfolder's rows lay out the root album's photos")
    }
}
