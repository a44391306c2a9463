import Foundation
import GalleryTestSupport
import Testing

/// The 1,200-photo test library's site (pages, data chunks, search shards, browse pages; its
/// images are not encoded) byte for byte as recorded in `Golden/large-album-site.sha256`
/// (RECORD_SNAPSHOTS=1 records it again), as `SiteDigestTests` holds the sample site.
@Suite("The 1,200-photo library's site: every file the bytes recorded")
struct LargeAlbumDigestTests {
    @Test("the large album's export writes the recorded files", .enabled(if: LargeAlbum.given == nil))
    func largeSite() throws {
        let site = try LargeAlbum.work.get().site
        let golden = GalleryBinary.packageRoot.appending(path: "Tests/GalleryCLITests/Golden/large-album-site.sha256")
        let differences = try SiteDigest.differences(of: site, from: golden)
        #expect(differences.isEmpty, "the large album's site changed (\(differences.count) files):\n\(differences.prefix(40).joined(separator: "\n"))")
    }
}
