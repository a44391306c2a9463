import Foundation
import GalleryTestSupport
import Testing

/// A large album scrolled in Chromium: the page carries its first screenful and draws the rest
/// from its data files, only near the viewport, each cell where the engine put it.
@Suite("Large albums: scrolled, only what is on screen, where the engine put it", .serialized)
struct LargeAlbumScrollingTests {
    @Test("Chromium draws exactly the engine's cells near the viewport, at their frames, at every scroll position",
          arguments: [(390, "masonry"), (1100, "masonry"), (1700, "masonry"), (900, "justified")])
    func scrolling(width: Int, view: String) throws {
        let site = try LargeAlbum.work.get().site
        let justified = view == "justified"
        let probe = try LargeAlbum.probe(script: justified ? LargeAlbum.walkScript(container: ".justified", item: ".justified-item") : LargeAlbum.walkScript(container: ".grid", item: ".cell"),
                                   page: justified ? "justified.html" : "index.html")
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let steps = try JSONDecoder().decode([LargeAlbum.Step].self, from: BrowserEngine.chromium.open(probe, in: site, width: width, height: 900))
        #expect(steps.count == 5)
        try LargeAlbum.check(steps, label: "\(view) at \(width) px", justified: justified)
        let resized = try #require(steps.last)
        #expect(resized.anchorInView == true, "\(width) px: photo \(resized.anchorID ?? -1) left the view after a resize")
    }

    @Test("the grid draws from its data on its own: without the lightbox, every scroll position is drawn as the engine says")
    func gridWithoutLightbox() throws {
        let site = try LargeAlbum.work.get().site
        let probe = try LargeAlbum.probe(script: LargeAlbum.walkScript(container: ".grid", item: ".cell"))
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let page = site.appending(path: probe)
        var html = try String(contentsOf: page, encoding: .utf8)
        html.replace(#/<div class="lightbox"[^>]*></div>/#, with: "")
        #expect(!html.contains("lightbox"), "the lightbox is still in the page")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let steps = try JSONDecoder().decode([LargeAlbum.Step].self, from: BrowserEngine.chromium.open(probe, in: site, width: 1100, height: 900))
        #expect(steps.count == 5)
        try LargeAlbum.check(steps, label: "without the lightbox", justified: false)
    }
}
