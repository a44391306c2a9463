import Foundation
import GalleryTestSupport
import Testing

/// The page's script and styles are the real files in Sources/GalleryHTML/Assets, embedded into
/// the binary at build time: an export writes exactly them (the styles with the generated
/// geometry and text rules around them).
@Suite("Page assets: the repository's files, embedded")
struct SiteAssetsTests {
    @Test("the exported gallery.js is the English words, then Assets/gallery-*.js in order; gallery.css holds Assets/gallery.css whole")
    func embedded() throws {
        let work = try TemporaryDirectory("assets")
        try work.write("photos/a.jpg", TestImages.jpeg())
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(build.status == 0, "\(build.stderr)")
        let assets = GalleryBinary.packageRoot.appending(path: "Sources/GalleryHTML/Assets")
        let parts = try FileManager.default.contentsOfDirectory(atPath: assets.path).filter { $0.hasPrefix("gallery-") && $0.hasSuffix(".js") }.sorted()
        #expect(parts == ["gallery-1-words.js", "gallery-2-data.js", "gallery-3-album.js", "gallery-4-grid.js", "gallery-4-scrubber.js", "gallery-5-lightbox.js", "gallery-5-views.js", "gallery-6-fullscreen.js", "gallery-6-share.js", "gallery-6-slideshow.js", "gallery-6-viewer.js", "gallery-7-animations.js", "gallery-7-lightbox.js", "gallery-8-search.js", "gallery-9-found.js", "gallery-9-map.js", "gallery-9-photo.js", "gallery-9-private.js"])
        let joined = try parts.map { try String(contentsOf: assets.appending(path: $0), encoding: .utf8) }.joined(separator: "\n")
        let script = try String(contentsOf: work.url.appending(path: "site/gallery.js"), encoding: .utf8)
        let words = try #require(script.firstMatch(of: #/^const galleryEnglishWords = (?<json>\{.*\});\n\n/#))
        #expect(String(script[words.range.upperBound...]) == joined)
        let english = try JSONSerialization.jsonObject(with: Data(words.output.json.utf8)) as? [String: String]
        // "Photo unavailable" is the cell's (CellMarkup), not the script's: it writes no cell.
        #expect(english?["unavailable"] == nil && english?["mapCluster"] == "{count} photos here" && english?["close"] == "Close" && english?.count == 22, "\(english ?? [:])")
        let styles = try String(contentsOf: assets.appending(path: "gallery.css"), encoding: .utf8)
        let written = try String(contentsOf: work.url.appending(path: "site/gallery.css"), encoding: .utf8)
        #expect(written.contains(styles))
        // Every custom property the static styles use is defined by the generated part.
        for name in ["--page-margin", "--cell-padding", "--gutter", "--annotation-padding", "--text-font", "--heading-font"] {
            #expect(styles.contains("var(\(name))"))
            #expect(written.contains("\(name): "), "\(name) is not defined")
        }
    }
}
