import Foundation
import GalleryTestSupport
import Testing

/// The phone's first screen is the photos': at 390×844 an album's first photo starts within
/// its top 180 px, in every engine, with the header's controls still there and each a 44 px
/// target; the index's first covers are in when the page has loaded; its browse lists start
/// where the cards do.
@Suite("The first screen")
struct FirstScreenTests {
    struct Album: Decodable {
        var firstPhotoTop: Double
        var gridTop: Double
        var viewsOneRow: Bool
        var searchTarget: [Double]
        var homeTarget: [Double]
        var searchOpensWide: Double
    }

    static let albumScript = """
        window.addEventListener('load', async () => {
          await document.fonts.ready;
          const photo = document.querySelector('.grid .cell img').getBoundingClientRect();
          const links = [...document.querySelectorAll('.views a')].map((a) => a.getBoundingClientRect().top);
          const size = (element) => { const r = element.getBoundingClientRect(); return [r.width, r.height]; };
          const input = document.querySelector('.search-box input');
          const target = size(input);
          input.focus();
          const opened = input.getBoundingClientRect().width;
          input.blur();
          galleryTestReport({ firstPhotoTop: photo.top, gridTop: document.querySelector('.grid').getBoundingClientRect().top,
                              viewsOneRow: links.every((top) => Math.abs(top - links[0]) < 1), searchTarget: target,
                              homeTarget: size(document.querySelector('.site-header .home')), searchOpensWide: opened });
        });
        """

    @Test("an album at 390×844: its first photo within the top 180 px, the views on one row, search an icon that opens", arguments: BrowserEngine.allCases)
    func album(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: Self.albumScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let page = try JSONDecoder().decode(Album.self, from: engine.open(probe, in: site, width: 390, height: 844))
        #expect(page.firstPhotoTop <= 180, "\(engine): the first photo starts \(page.firstPhotoTop) px down")
        #expect(page.gridTop < page.firstPhotoTop + 0.5 && page.viewsOneRow, "\(engine): \(page)")
        #expect(page.searchTarget.allSatisfy { $0 >= 44 } && page.homeTarget[1] >= 44, "\(engine): targets \(page)")
        #expect(page.searchOpensWide > 300, "\(engine): the search did not open (\(page.searchOpensWide) px)")
    }

    struct Index: Decodable {
        struct Cover: Decodable, CustomStringConvertible {
            var source: String
            var complete: Bool
            var naturalWidth: Int
            /// The image's `error` event fired: the server did not give it, not the page's doing.
            var failed: Bool
            var loaded: Bool { complete && naturalWidth > 0 }
            var description: String { "\(source.split(separator: "/").last ?? "") complete \(complete), \(naturalWidth) px wide\(failed ? ", failed" : "")" }
        }
        var covers: [Cover]
        var cardsLeft: Double
        var browseLeft: Double
    }

    /// The covers' `error` events are listened for from the head: by the time a script at the
    /// end of the body runs, an image may have failed already.
    static let coverErrors = """
        <script>window.galleryFailedImages = new Set();
        document.addEventListener('error', (event) => { if (event.target.currentSrc) galleryFailedImages.add(event.target.currentSrc); }, true);</script>
        """

    static let indexScript = """
        window.addEventListener('load', () => {
          const covers = [...document.querySelectorAll('.album-card img')].filter((img) => img.getBoundingClientRect().top < innerHeight);
          galleryTestReport({ covers: covers.map((img) => ({ source: img.currentSrc, complete: img.complete, naturalWidth: img.naturalWidth,
                                                            failed: galleryFailedImages.has(img.currentSrc) })),
                              cardsLeft: document.querySelector('.album-card').getBoundingClientRect().left,
                              browseLeft: document.querySelector('.browse h2, .browse li').getBoundingClientRect().left });
        });
        """

    @Test("the index: the first screen's covers are in at load, and the browse lists start where the cards do", arguments: BrowserEngine.allCases, [390, 1280])
    func index(engine: BrowserEngine, width: Int) throws {
        let site = try SampleSite.site
        let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "fetchpriority=\"high\"").count == 2, "one cover first")
        let probe = try EngineExportTests.probe("index.html", in: site, script: Self.indexScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let head = site.appending(path: probe)
        try String(contentsOf: head, encoding: .utf8).replacingOccurrences(of: "<meta charset=\"utf-8\">", with: "<meta charset=\"utf-8\">" + Self.coverErrors)
            .write(to: head, atomically: true, encoding: .utf8)
        var page = try JSONDecoder().decode(Index.self, from: engine.open(probe, in: site, width: width, height: width == 390 ? 844 : 900))
        // A cover the tests' server failed to give says nothing of the page: shown once more.
        // So is a WebKit whose covers are not in (once in a CI run, 0 of 3 at load: the kept
        // WebKit's stall that `BrowserEngine.open` shows again a page for), in a browser of its
        // own as there. Twice fails.
        if page.covers.contains(where: \.failed) || (engine == .webkit && !page.covers.allSatisfy(\.loaded)) {
            Issue.record("\(engine) at \(width): covers not in at load, shown again: \(page.covers)", severity: .warning)
            page = try JSONDecoder().decode(Index.self, from: engine.open(probe, in: site, width: width, height: width == 390 ? 844 : 900, fresh: true))
        }
        #expect(page.covers.count >= 2 && page.covers.allSatisfy(\.loaded), "\(engine) at \(width): \(page.covers)")
        #expect(abs(page.cardsLeft - page.browseLeft) < 1, "\(engine) at \(width): cards at \(page.cardsLeft), browse at \(page.browseLeft)")
    }
}
