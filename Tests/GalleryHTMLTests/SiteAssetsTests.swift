import Foundation
import GalleryTestSupport
import Testing

/// The page's script and styles are the real files in Sources/GalleryHTML/Assets, embedded into
/// the binary at build time: an export writes exactly them (the styles with the generated
/// geometry and text rules around them).
@Suite("Page assets: the repository's files, embedded")
struct SiteAssetsTests {
    @Test("the exported gallery.js is Assets/gallery.js, and gallery.css holds Assets/gallery.css whole")
    func embedded() throws {
        let work = try TemporaryDirectory("assets")
        try work.write("photos/a.jpg", TestImages.jpeg())
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(build.status == 0, "\(build.stderr)")
        let assets = GalleryBinary.packageRoot.appending(path: "Sources/GalleryHTML/Assets")
        let script = try Data(contentsOf: assets.appending(path: "gallery.js"))
        #expect(try Data(contentsOf: work.url.appending(path: "site/gallery.js")) == script)
        let styles = try String(contentsOf: assets.appending(path: "gallery.css"), encoding: .utf8)
        let written = try String(contentsOf: work.url.appending(path: "site/gallery.css"), encoding: .utf8)
        #expect(written.contains(styles))
        // Every custom property the static styles use is defined by the generated part.
        for name in ["--inner-width", "--page-margin", "--grid-width-1", "--rows-width-1", "--text-font", "--heading-font"] {
            #expect(styles.contains("var(\(name))"))
            #expect(written.contains("\(name): "), "\(name) is not defined")
        }
    }
}
