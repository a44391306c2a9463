import Foundation
import GalleryTestSupport
import Testing

/// Back to a large album scrolled deep: the browser restores the scroll itself, and the page
/// draws what is there where the engine put it. The grid's heights are a style sheet the page
/// links (`data/STEM.heights.css`) so that the page is as tall as the album when the browser
/// restores the scroll: a height set by a script from a fetched file could come after the
/// browser had given up, leaving a visitor at the top of the album.
@Suite("Large albums: Back to a page scrolled deep", .serialized)
struct LargeAlbumBackTests {
    /// Scrolls 60 % down the grid, reports, goes to another page whose load goes Back, then
    /// waits (with a deadline) for the browser to restore the scroll, and reports again. The
    /// page is kept out of the back-forward cache (an `unload` listener; a page restored from
    /// it reports an error), so it is loaded again, as after a browser let it go.
    static func backScript(away: String) -> String {
        LargeAlbum.reportScript(container: ".grid", item: ".cell") + """
        const key = 'gallery-back-test';
        window.addEventListener('unload', () => {});
        window.addEventListener('pageshow', (event) => {
          if (event.persisted) galleryTestReport({ error: 'restored from the back-forward cache: not the load this test is for' });
        });
        window.addEventListener('load', async () => {
          await galleryFontsReady();
          const grid = document.querySelector(containerSelector);
          const saved = sessionStorage.getItem(key);
          if (!saved) {
            await settle();
            scrollTo(0, Math.round(grid.getBoundingClientRect().top + scrollY + 0.6 * grid.offsetHeight));
            await settle();
            sessionStorage.setItem(key, JSON.stringify({ left: scrollY, before: report() }));
            location.href = '\(away)';
            return;
          }
          sessionStorage.removeItem(key);
          const { left, before } = JSON.parse(saved);
          await galleryWaitFor(() => Math.abs(scrollY - left) < 1, 'the scroll restored to ' + left + ' px (it is at ' + scrollY + ')', 60);
          await settle();
          galleryTestReport([{ at: 'before', ...before }, { at: 'back', ...report() }]);
        });
        """
    }

    @Test("Back restores the scroll deep in the album in every engine, and the cells there are drawn where the engine put them",
          arguments: BrowserEngine.allCases)
    func back(engine: BrowserEngine) throws {
        let site = try LargeAlbum.work.get().site
        // Named as a probe: the digest test reading the same site meanwhile leaves probes out.
        let away = "large-away-probe-\(UUID().uuidString.prefix(8)).html"
        try """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>away</title></head>
            <body><p>Away</p><script>window.addEventListener('load', () => history.back());</script></body></html>
            """.write(to: site.appending(path: away), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: site.appending(path: away)) }
        let probe = try LargeAlbum.probe(script: Self.backScript(away: away))
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let steps = try JSONDecoder().decode([LargeAlbum.Step].self, from: engine.open(probe, in: site, width: 1100, height: 900))
        try #require(steps.count == 2)
        #expect(steps[0].viewTop > 0.5 * steps[0].gridHeight, "\(engine): scrolled only to \(steps[0].viewTop) of \(steps[0].gridHeight) px")
        #expect(abs(steps[1].viewTop - steps[0].viewTop) < 1, "\(engine): back at \(steps[1].viewTop), left at \(steps[0].viewTop)")
        try LargeAlbum.check(steps, label: "\(engine), Back", justified: false)
    }
}
