import Foundation
import GalleryTestSupport
import Testing

/// A site built with a gallery.toml that changes the fonts, the grid, the theme, the accent and
/// the downloads, opened in the three engines: cells drawn where the engine computed them for
/// that grid and those fonts, every text in its measured lines, the dark theme and the accent
/// drawn, the lightbox offering the original file.
@Suite("A configured site (fonts, grid, theme, accent, downloads) in every engine", .serialized)
struct ConfiguredSiteBrowserTests {
    static let configuration = """
        [look]
        theme = "dark"
        accent = "#2e86c1"
        caption_font = "DejaVu Serif"
        caption_size = 17
        comment_font = "DejaVu Sans"
        comment_size = 12
        column_width = 300
        gutter = 12
        cell_padding = 10
        max_columns = 4
        [content]
        downloads = "original"
        """

    /// The sample photos with the configuration above, built once for the suite.
    static let work: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("configured")
        try FileManager.default.copyItem(at: GalleryBinary.packageRoot.appending(path: "sample-data"), to: work.url.appending(path: "photos"))
        try work.write("photos/gallery.toml", text: configuration)
        try work.write("photos/coast/index.md", text: """
            ---
            title: The coast, July
            ---
            Two weeks on the North Sea coast, mostly at dusk, with one camera and one lens. The ferry \
            left at six every evening; we stayed until the lamps came on along the quay.

            - Tide tables from the [harbour office](https://example.org/tides)
            """)
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        guard build.status == 0 else { throw HeadlessChromium.Failure(description: "gallery build failed: \(build.stderr)") }
        return work
    }

    static let probe = """
        window.addEventListener('load', async () => {
          await Promise.all([...document.fonts].map(f => f.load().catch(() => null)));
          await document.fonts.ready;
          const grid = document.querySelector('.grid');
          const g = grid.getBoundingClientRect();
          // Each text's own height with the page's clamps lifted: the lines the browser really sets.
          const texts = [...grid.querySelectorAll('.caption, .comment')];
          const loose = document.createElement('style');
          loose.textContent = '.cell .annotation p { height: auto !important; display: block !important; -webkit-line-clamp: none !important; overflow: visible !important; }';
          document.head.appendChild(loose);
          const description = document.querySelector('.album-description');
          const box = description.getBoundingClientRect().height;
          const descriptionTop = description.getBoundingClientRect().top;
          // Its own height with the reserved one lifted: what the browser's lines really take.
          description.style.setProperty('height', 'auto', 'important');
          const natural = description.getBoundingClientRect().height;
          description.style.removeProperty('height');
          const lines = texts.map(p => ({ kind: p.className, natural: p.getBoundingClientRect().height,
                                          lines: 1 + [...p.querySelectorAll('br')].filter(br => getComputedStyle(br).display !== 'none').length,
                                          lineHeight: parseFloat(getComputedStyle(p).lineHeight), family: getComputedStyle(p).fontFamily.split(',')[0],
                                          text: p.textContent.slice(0, 40) }));
          loose.remove();
          const cells = [...grid.querySelectorAll('.cell')].map(cell => {
            const r = cell.getBoundingClientRect();
            return { id: Number(cell.dataset.photoId), x: r.left - g.left, y: r.top - g.top, w: r.width, h: r.height };
          });
          const style = getComputedStyle(document.body);
          const link = document.querySelector('.views a:not([aria-current])');
          link.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
          const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
          grid.querySelector('.cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          // A photo on the page is shown at once, its download link with it.
          await galleryWaitFor(() => !document.querySelector('.lightbox').hidden, 'the lightbox to open');
          const download = document.querySelector('.lightbox-download');
          const href = download && !download.hidden ? download.getAttribute('href') : null;
          const bytes = href ? (await (await fetch(href)).arrayBuffer()).byteLength : 0;
          galleryTestReport({ cells, lines, description: { box, natural, gridGap: g.top - (descriptionTop + box) }, background: style.backgroundColor, color: style.color, accent, href, bytes,
                              firstId: Number(grid.querySelector('.cell').dataset.photoId) });
        });
        """

    struct Drawn: Decodable {
        struct Cell: Decodable { var id: Int64; var x: Double; var y: Double; var w: Double; var h: Double }
        struct Text: Decodable { var kind: String; var natural: Double; var lines: Int; var lineHeight: Double; var family: String; var text: String }
        struct Description: Decodable { var box: Double; var natural: Double; var gridGap: Double }
        var cells: [Cell]
        var lines: [Text]
        var description: Description
        var background: String
        var color: String
        var accent: String
        var href: String?
        var bytes: Int
        var firstId: Int64
    }

    @Test("cells where the engine computed them at 300 px columns with 12 px gutters; dark theme, accent, original download", arguments: BrowserEngine.allCases)
    func configuredSite(engine: BrowserEngine) throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        let page = try EngineExportTests.probe("album-coast.html", in: site, script: Self.probe)
        defer { try? FileManager.default.removeItem(at: site.appending(path: page)) }
        // 1,000 px: three columns of at least 300 px with 12 px gutters, stretched to the margins.
        let drawn = try JSONDecoder().decode(Drawn.self, from: engine.open(page, in: site, width: 1000, height: 900))
        // The engine's own numbers for that window, from the CLI (gallery.toml's [look]).
        let layout = try GridOracle(folder: work.url, album: "coast").expected(width: 1000, height: 900)
        #expect(layout.columns == 3 && layout.columnWidth >= 300)
        // The gutter is between the columns: column 1 starts a column width and a gutter after column 0.
        let starts = Dictionary(layout.items.map { ($0.column, $0.x) }, uniquingKeysWith: { a, _ in a })
        #expect(abs((starts[1] ?? 0) - (starts[0] ?? 0) - (layout.columnWidth + 12)) < 1e-6, "\(starts)")
        let frames = Dictionary(uniqueKeysWithValues: layout.items.map { ($0.id, $0) })
        #expect(drawn.cells.count >= 6, "\(engine): \(drawn.cells.count) cells drawn")
        for cell in drawn.cells {
            guard let frame = frames[cell.id] else { Issue.record("\(engine): photo \(cell.id) is not in the computed layout"); continue }
            for (a, b) in zip([cell.x, cell.y, cell.w, cell.h], [frame.x, frame.y, frame.width, frame.height]) {
                #expect(abs(a - b) <= 0.5, "\(engine): photo \(cell.id) drawn \([cell.x, cell.y, cell.w, cell.h]), computed \([frame.x, frame.y, frame.width, frame.height])")
            }
        }
        // The album's description fills exactly its measured box, and the grid starts below it.
        #expect(abs(drawn.description.natural - drawn.description.box) <= 0.5, "\(engine): description \(drawn.description)")
        #expect(drawn.description.box > 40 && abs(drawn.description.gridGap - 24) <= 0.5, "\(engine): \(drawn.description)")
        // Every caption and comment set in the lines measured with the configured fonts.
        #expect(drawn.lines.count >= 6)
        for text in drawn.lines {
            #expect(abs(text.natural - Double(text.lines) * text.lineHeight) <= 0.5,
                    "\(engine): \(text.kind) '\(text.text)' takes \(text.natural / text.lineHeight) lines, measured \(text.lines)")
            #expect(text.family.contains(text.kind == "caption" ? "DejaVu Serif" : "DejaVu Sans"), "\(engine): \(text.kind) in \(text.family)")
            #expect(text.lineHeight == (text.kind == "caption" ? 23 : 17), "\(engine): \(text.kind) line height \(text.lineHeight)")
        }
        // The dark theme whatever the system prefers, and the configured accent.
        #expect(drawn.background == "rgb(20, 19, 18)", "\(engine): background \(drawn.background)")
        #expect(drawn.color == "rgb(235, 232, 226)", "\(engine): text \(drawn.color)")
        #expect(drawn.accent == "#2e86c1", "\(engine): accent \(drawn.accent)")
        // The lightbox offers the photo's original, byte for byte the file imported.
        let href = try #require(drawn.href, "\(engine): the lightbox offers no download")
        #expect(href.hasPrefix("originals/") && href.hasSuffix(".jpg"), "\(href)")
        let original = try Data(contentsOf: site.appending(path: href))
        #expect(drawn.bytes == original.count && drawn.bytes > 0, "\(engine): fetched \(drawn.bytes) bytes of \(original.count)")
    }
}
