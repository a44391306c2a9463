import Foundation
import GalleryTestSupport
import Testing

/// The sample gallery's every page, data file, image, search shard and font, byte for byte as
/// recorded (`Golden/sample-site.sha256`, RECORD_SNAPSHOTS=1 records it again): the shape of
/// the code may change under the site, the site may not, unless a commit says which files it
/// changes on purpose.
@Suite("sample-data's site: every file the bytes recorded")
struct SiteDigestTests {
    @Test("gallery build sample-data writes the recorded files")
    func sampleSite() throws {
        let golden = GalleryBinary.packageRoot.appending(path: "Tests/GalleryCLITests/Golden/sample-site.sha256")
        let differences = try SiteDigest.differences(of: try SampleSite.site, from: golden)
        #expect(differences.isEmpty, "the sample site changed:\n\(differences.joined(separator: "\n"))")
    }
}
