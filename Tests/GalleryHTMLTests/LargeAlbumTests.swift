import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GalleryHTML
import GalleryLayout
import GalleryStore
import GalleryTestSupport
import Testing

/// An album of thousands of photos: the page carries its first screenful and draws the rest
/// from its data files, only near the viewport, each cell where the engine put it.
@Suite("Large albums: only what is on screen, where the engine put it", .serialized)
struct LargeAlbumTests {
    static let photoCount = 2_000

    /// One library and one export for the suite (images are not encoded: positions do not
    /// depend on them, and 7,500 encodes would take minutes).
    static let work: Result<(folder: TemporaryDirectory, database: String, site: URL), any Error> = Result {
        let folder = try TemporaryDirectory("large-album")
        let photos = folder.url.appending(path: "photos")
        let made = try GalleryBinary.run(["--album", String(photoCount), photos.path], in: folder.url, executable: GalleryBinary.sampleData)
        guard made.status == 0 else { throw HeadlessChromium.Failure(description: "make-sample-data failed: \(made.stderr)") }
        let database = folder.url.appending(path: "library.db").path
        let imported = try GalleryBinary.run(["import", photos.path, "--db", database, "--quiet"], in: folder.url)
        guard imported.status == 0 else { throw HeadlessChromium.Failure(description: "gallery import failed: \(imported.stderr)") }
        let site = folder.url.appending(path: "site")
        _ = try SiteExporter(database: try GalleryDatabase(path: database), outFolder: site.path, encodeImages: false).run()
        return (folder, database, site)
    }

    /// Scrolls to each position (a fraction of the grid's height; "resize" narrows the frame),
    /// waits until every data file asked for is drawn, and reports what is drawn.
    static func walkScript(container: String, item: String) -> String {
        """
        const containerSelector = '\(container)', itemSelector = '\(item)';
        // The scroll event the browser fires with its next frame, fired now (the page's handler
        // is the same), then the data files it asked for, drawn.
        const settle = async () => {
          window.dispatchEvent(new Event('scroll'));
          await galleryDrawn(document.querySelector(containerSelector));
        };
        const report = () => {
          const grid = document.querySelector(containerSelector);
          const g = grid.getBoundingClientRect();
          const k = parseInt(getComputedStyle(grid).getPropertyValue('--columns'));
          const cells = [...grid.querySelectorAll(itemSelector)].map(cell => {
            const r = cell.getBoundingClientRect();
            return { id: Number(cell.dataset.photoId), index: Number(cell.dataset.index), x: r.left - g.left, y: r.top - g.top, w: r.width, h: r.height,
                     setsize: Number(cell.getAttribute('aria-setsize')), posinset: Number(cell.getAttribute('aria-posinset')) };
          });
          const order = cells.map(c => c.index);
          return { k, vw: innerWidth, viewTop: -g.top, viewHeight: innerHeight, gridHeight: g.height, elements: document.getElementsByTagName('*').length,
                   inOrder: order.every((v, i) => i === 0 || order[i - 1] < v), cells, messages: document.querySelectorAll('.grid-message').length };
        };
        window.addEventListener('load', async () => {
          await galleryFontsReady();
          await settle();
          const steps = [];
          const grid = document.querySelector(containerSelector);
          steps.push({ at: 'top', ...report() });
          for (const fraction of [1 / 3, 1 / 2, 1]) {
            const top = grid.getBoundingClientRect().top + scrollY;
            scrollTo(0, top + fraction * grid.offsetHeight - innerHeight / 2);
            await settle();
            steps.push({ at: String(fraction), ...report() });
          }
          // Back to the middle, then a narrower window: the photo at the top stays in view.
          if (!frameElement) { galleryTestReport(steps); return; }
          scrollTo(0, grid.getBoundingClientRect().top + scrollY + grid.offsetHeight / 2);
          await settle();
          const before = report();
          const first = before.cells.filter(c => c.y + c.h > before.viewTop && c.y < before.viewTop + before.viewHeight).sort((a, b) => a.index - b.index)[0];
          const resized = galleryNextEvent(window, 'resize');
          frameElement.style.width = (innerWidth < 800 ? innerWidth + 400 : innerWidth - 300) + 'px';
          await resized;
          await settle();
          const after = report();
          const anchor = after.cells.find(c => c.id === first.id);
          steps.push({ at: 'resize', ...after, anchorID: first.id,
                       anchorInView: !!anchor && anchor.y + anchor.h > after.viewTop && anchor.y < after.viewTop + after.viewHeight });
          galleryTestReport(steps);
        });
        """
    }

    struct Step: Decodable {
        struct Cell: Decodable { var id: Int64; var index: Int; var x: Double; var y: Double; var w: Double; var h: Double; var setsize: Int?; var posinset: Int? }
        var at: String
        var k: Int
        /// The window's width (the masonry grid's bands are chosen by it).
        var vw: Double
        var viewTop: Double
        var viewHeight: Double
        var gridHeight: Double
        var elements: Int
        var inOrder: Bool
        var cells: [Cell]
        var messages: Int
        var anchorID: Int64?
        var anchorInView: Bool?
    }

    struct LayoutItem: Decodable { var id: Int64; var x: Double; var y: Double; var width: Double; var height: Double }
    struct Layout: Decodable { var contentHeight: Double; var items: [LayoutItem] }

    /// `gallery layout --rect` for the viewport: what the engine says is there (masonry: the
    /// album page's grid in a window `width` wide; rows: the justified layout at k columns).
    static func engine(_ k: Int, width: Double, top: Double, height: Double, rows: Bool = false) throws -> Layout {
        let work = try Self.work.get()
        let shape = rows ? ["--kind", "justified", "--width", String(k * 252 - 16), "--rect", "0,\(top),\(k * 252),\(height)"]
            : ["--viewport", "\(Int(width))x900", "--rect", "0,\(top),\(Int(width)),\(height)"]
        let output = try GalleryBinary.run(["layout", "--db", work.database, "--album", "big"] + shape + ["--json"], in: work.folder.url)
        guard output.status == 0 else { throw HeadlessChromium.Failure(description: "gallery layout failed: \(output.stderr)") }
        return try JSONDecoder().decode(Layout.self, from: Data(output.stdout.utf8))
    }

    /// `await galleryQuiet()`: after a scroll, resolves once the page's grid has drawn what the
    /// new position needs (the scroll event the browser fires with its next frame is fired
    /// now; the page's handler is the same).
    static let quietScript = """
        const galleryQuiet = async () => {
          window.dispatchEvent(new Event('scroll'));
          await galleryDrawn(document.querySelector('[data-layout]'));
        };
        """

    static func probe(script: String, page: String = "index.html") throws -> String {
        let site = try Self.work.get().site
        let html = try String(contentsOf: site.appending(path: page), encoding: .utf8)
        let name = "large-probe-\(UUID().uuidString.prefix(8)).html"
        try html.replacingOccurrences(of: "</body>", with: """
            <script>\(BrowserEngine.resultScript)</script><script>\(BrowserEngine.fontsReadyScript)</script><script>\(Self.quietScript)</script><script>\(script)</script></body>
            """).write(to: site.appending(path: name), atomically: true, encoding: .utf8)
        return name
    }

    @Test("the album page weighs the same whatever the album's size, and carries its first screenful")
    func pageWeight() throws {
        let site = try Self.work.get().site
        let page = try Data(contentsOf: site.appending(path: "index.html"))
        #expect(page.count < 100_000, "the album page is \(page.count) bytes")
        let html = String(decoding: page, as: UTF8.self)
        let cells = html.components(separatedBy: "class=\"cell\"").count - 1
        #expect(cells > 10 && cells < 200, "\(cells) cells written as HTML")
        #expect(html.contains("data-layout=\"data/index.index.js\""))
        let chunks = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "data").path).filter { $0.contains(".chunk-") }
        #expect(chunks.count == (Self.photoCount + 127) / 128)
    }

    @Test("Chromium draws exactly the engine's cells near the viewport, at their frames, at every scroll position",
          arguments: [(390, "masonry"), (1100, "masonry"), (1700, "masonry"), (900, "rows")])
    func scrolling(width: Int, view: String) throws {
        let site = try Self.work.get().site
        let rows = view == "rows"
        let probe = try Self.probe(script: rows ? Self.walkScript(container: ".rows", item: ".row-item") : Self.walkScript(container: ".grid", item: ".cell"),
                                   page: rows ? "justified.html" : "index.html")
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let steps = try JSONDecoder().decode([Step].self, from: BrowserEngine.chromium.open(probe, in: site, width: width, height: 900))
        #expect(steps.count == 5)
        try Self.check(steps, label: "\(view) at \(width) px", rows: rows)
        let resized = try #require(steps.last)
        #expect(resized.anchorInView == true, "\(width) px: photo \(resized.anchorID ?? -1) left the view after a resize")
    }

    @Test("the grid draws from its data on its own: without the lightbox, every scroll position is drawn as the engine says")
    func gridWithoutLightbox() throws {
        let site = try Self.work.get().site
        let probe = try Self.probe(script: Self.walkScript(container: ".grid", item: ".cell"))
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let page = site.appending(path: probe)
        var html = try String(contentsOf: page, encoding: .utf8)
        html.replace(#/<div class="lightbox"[^>]*>(?s:.*?)<div class="lightbox-text">(?s:.*?)</div>\n</div>/#, with: "")
        #expect(!html.contains("lightbox"), "the lightbox is still in the page")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let steps = try JSONDecoder().decode([Step].self, from: BrowserEngine.chromium.open(probe, in: site, width: 1100, height: 900))
        #expect(steps.count == 5)
        try Self.check(steps, label: "without the lightbox", rows: false)
    }

    /// Every step's cells against `gallery layout --rect` for its viewport: all in view drawn,
    /// none far away, each at the engine's frame, none overlapping, in album order, few.
    static func check(_ steps: [Step], label name: String, rows: Bool) throws {
        for step in steps {
            let label = "\(name), \(step.at), \(step.k) columns"
            let overscan = max(600, step.viewHeight)
            let layout = try Self.engine(step.k, width: step.vw, top: step.viewTop, height: step.viewHeight, rows: rows)
            let near = try Self.engine(step.k, width: step.vw, top: step.viewTop - overscan, height: step.viewHeight + 2 * overscan, rows: rows)
            #expect(abs(step.gridHeight - layout.contentHeight) < 0.5, "\(label): grid \(step.gridHeight) px, layout \(layout.contentHeight)")
            let drawn = Dictionary(step.cells.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            #expect(drawn.count == step.cells.count, "\(label): a photo drawn twice")
            let missing = layout.items.filter { drawn[$0.id] == nil }.map(\.id)
            #expect(missing.isEmpty, "\(label): in view but not drawn: \(missing.prefix(10))")
            let allowed = Set(near.items.map(\.id))
            let extra = step.cells.filter { !allowed.contains($0.id) }.map(\.id)
            #expect(extra.count <= 1, "\(label): drawn far from the viewport: \(extra.prefix(10))")  // the focused cell may stay
            let frames = Dictionary(near.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for cell in step.cells {
                guard let item = frames[cell.id] else { continue }
                let off = max(abs(cell.x - item.x), abs(cell.y - item.y), abs(cell.w - item.width), abs(cell.h - item.height))
                #expect(off <= 0.5, "\(label): photo \(cell.id) drawn at \(cell.x),\(cell.y) \(cell.w)×\(cell.h), engine \(item.x),\(item.y) \(item.width)×\(item.height)")
                if !rows {
                    #expect(cell.setsize == Self.photoCount && cell.posinset == cell.index + 1, "\(label): photo \(cell.id) aria \(cell.posinset ?? 0)/\(cell.setsize ?? 0)")
                }
            }
            for (i, a) in step.cells.enumerated() {
                for b in step.cells[(i + 1)...] where a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5 {
                    Issue.record("\(label): photos \(a.id) and \(b.id) overlap")
                }
            }
            #expect(step.inOrder, "\(label): cells are not in album order in the page")
            #expect(step.elements <= 2_000, "\(label): \(step.elements) elements in the page")
            #expect(step.messages == 0, "\(label): an error message is shown")
        }
    }

    struct Photo: Decodable { var id: Int64; var caption: String }

    /// The album in the engine's order, with each photo's caption as imported.
    static func album() throws -> [Photo] {
        let work = try Self.work.get()
        let layout = try GalleryBinary.run(["layout", "--db", work.database, "--album", "big", "--width", "252", "--columns", "1", "--json"], in: work.folder.url)
        let photos = try GalleryBinary.run(["photos", "--db", work.database, "--json"], in: work.folder.url)
        let captions = Dictionary(try JSONDecoder().decode([Photo].self, from: Data(photos.stdout.utf8)).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return try JSONDecoder().decode(Layout.self, from: Data(layout.stdout.utf8)).items.compactMap { captions[$0.id] }
    }

    static let lightboxScript = """
        const key = (name) => document.dispatchEvent(new KeyboardEvent('keydown', { key: name }));
        window.addEventListener('load', async () => {
          const grid = document.querySelector('.grid');
          await galleryDrawn(grid);
          const box = document.querySelector('.lightbox');
          // A photo not on the page is shown once its data file is in: its caption is written then.
          const state = async () => {
            await galleryWaitFor(() => box.querySelector('.lightbox-caption').textContent, 'the lightbox to show a caption');
            return { open: !box.hidden, hash: location.hash, caption: box.querySelector('.lightbox-caption').textContent,
                     src: box.querySelector('img').getAttribute('src') };
          };
          const steps = [];
          document.querySelector('.grid .cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          steps.push(await state());
          key('ArrowLeft');
          steps.push(await state());
          key('ArrowLeft');
          steps.push(await state());
          // Esc goes back past the lightbox's history entry; then the grid brings the photo
          // shown into view and focuses it.
          const popped = galleryNextEvent(window, 'popstate');
          key('Escape');
          await popped;
          await galleryWaitFor(() => document.activeElement.closest('.cell'), 'the grid to focus the photo shown');
          await galleryDrawn(grid);
          const focused = document.activeElement.closest('.cell');
          const r = focused ? focused.getBoundingClientRect() : null;
          galleryTestReport({ steps, focused: focused ? Number(focused.dataset.photoId) : null,
                              inView: !!r && r.bottom > 0 && r.top < innerHeight, cells: document.querySelectorAll('.grid .cell').length });
        });
        """

    @Test("the lightbox walks the whole album past the cells on the page; closing brings the grid to the photo shown",
          arguments: BrowserEngine.allCases)
    func lightboxWholeAlbum(engine: BrowserEngine) throws {
        let site = try Self.work.get().site
        let album = try Self.album()
        let probe = try Self.probe(script: Self.lightboxScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Step: Decodable { var open: Bool; var hash: String; var caption: String; var src: String? }
        struct Result: Decodable { var steps: [Step]; var focused: Int64?; var inView: Bool; var cells: Int }
        let result = try JSONDecoder().decode(Result.self, from: engine.open(probe, in: site, width: 1100, height: 800))
        let expected = [album[0], album[album.count - 1], album[album.count - 2]]
        #expect(result.steps.map(\.hash) == expected.map { "#photo-\($0.id)" }, "\(engine): \(result.steps)")
        #expect(result.steps.map(\.caption) == expected.map(\.caption), "\(engine): \(result.steps)")
        #expect(result.steps.allSatisfy { $0.open && ($0.src ?? "").hasPrefix("large/") }, "\(engine): \(result.steps)")
        #expect(result.focused == album[album.count - 2].id && result.inView, "\(engine): after closing, focus on \(result.focused ?? -1)")
        #expect(result.cells < 200, "\(engine): \(result.cells) cells in the page")
    }

    static let positionScript = """
        window.addEventListener('load', async () => {
          await galleryQuiet();
          const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
          const r = target ? target.getBoundingClientRect() : null;
          galleryTestReport({ scrollY, innerHeight, top: r ? r.top : null, bottom: r ? r.bottom : null,
                              messages: [...document.querySelectorAll('.grid-message')].map(m => m.textContent),
                              cells: document.querySelectorAll('.grid .cell').length });
        });
        """

    struct Position: Decodable { var scrollY: Double; var innerHeight: Double; var top: Double?; var bottom: Double?; var messages: [String]; var cells: Int }

    @Test("PAGE#photo-ID opens the album at that photo however far down; an unknown ID opens it at the top",
          arguments: BrowserEngine.allCases)
    func deepLinks(engine: BrowserEngine) throws {
        let site = try Self.work.get().site
        let album = try Self.album()
        let probe = try Self.probe(script: Self.positionScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let middle = album[album.count / 2].id
        let known = try JSONDecoder().decode(Position.self, from: engine.open(probe + "#photo-\(middle)", in: site, width: 1100, height: 800))
        let top = try #require(known.top, "\(engine): photo \(middle) is not drawn: \(known)")
        #expect(top >= 0 && top < known.innerHeight && (known.bottom ?? 0) > 0, "\(engine): photo \(middle) is not in view: \(known)")
        #expect(known.scrollY > 10_000 && known.messages.isEmpty, "\(engine): \(known)")
        let unknown = try JSONDecoder().decode(Position.self, from: engine.open(probe + "#photo-99999999", in: site, width: 1100, height: 800))
        #expect(unknown.scrollY == 0 && unknown.cells > 0, "\(engine): an unknown photo: \(unknown)")
    }

    @Test("a missing or damaged data file shows a message where its photos would be; the rest of the album still draws")
    func damagedData() throws {
        let site = try Self.work.get().site
        // A copy of the index whose second chunk is missing and third is damaged.
        let index = try String(contentsOf: site.appending(path: "data/index.index.js"), encoding: .utf8)
        try index.replacingOccurrences(of: "data/index.chunk-1.js", with: "data/gone.js")
            .replacingOccurrences(of: "data/index.chunk-2.js", with: "data/damaged.js")
            .write(to: site.appending(path: "data/probe.index.js"), atomically: true, encoding: .utf8)
        try "galleryData({\"kind\": \"chunk\", \"cells\": [".write(to: site.appending(path: "data/damaged.js"), atomically: true, encoding: .utf8)
        let probe = try Self.probe(script: """
            // The damaged file's syntax error is expected: it is not the page failing.
            galleryExpectedErrors.push('data/damaged.js');
            window.addEventListener('load', async () => {
              const pause = galleryQuiet;
              const grid = document.querySelector('.grid');
              const steps = [];
              // Where chunks 1 and 2 (photos 128-255 and 256-383 of \(Self.photoCount)) are drawn, then the middle.
              for (const fraction of [192 / \(Self.photoCount), 320 / \(Self.photoCount), 0.5]) {
                scrollTo(0, grid.getBoundingClientRect().top + scrollY + fraction * grid.offsetHeight);
                await pause();
                steps.push({ messages: [...document.querySelectorAll('.grid-message')].map(m => m.textContent),
                             cells: document.querySelectorAll('.grid .cell').length });
              }
              galleryTestReport(steps);
            });
            """)
        let page = site.appending(path: probe)
        try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "data/index.index.js", with: "data/probe.index.js")
            .write(to: page, atomically: true, encoding: .utf8)
        defer {
            for name in [probe, "data/probe.index.js", "data/damaged.js"] { try? FileManager.default.removeItem(at: site.appending(path: name)) }
        }
        struct Step: Decodable { var messages: [String]; var cells: Int }
        let steps = try JSONDecoder().decode([Step].self, from: BrowserEngine.chromium.open(probe, in: site, width: 1100, height: 800))
        #expect(steps.count == 3)
        guard steps.count == 3 else { return }
        // Each broken file named where its photos would be, as what it is.
        #expect(steps[0].messages.contains { $0.contains("data/gone.js is missing") }, "no message for the missing chunk: \(steps[0])")
        #expect(steps[1].messages.contains { $0.contains("data/damaged.js is damaged") }, "no message for the damaged chunk: \(steps[1])")
        #expect(!steps[1].messages.contains { $0.contains("data/damaged.js is missing") }, "a damaged chunk called missing: \(steps[1])")
        #expect(steps[2].cells > 5, "the rest of the album is not drawn: \(steps[2])")
    }

    @Test("without script, the plain pages, linked in order, show every photo of the album as a masonry grid of their own")
    func plainPages() throws {
        let site = try Self.work.get().site
        let album = try Self.album()
        var seen: [Int64] = []
        var page: String? = "index.html"
        let link = #/<nav class="pages"[^>]*>.*?<a href="(?<next>[^"]+)"[^>]*>(?:Next →|All \d+ photos, page by page)</a>/#
        let cell = #/class="cell" id="photo-\d+" data-photo-id="(?<id>\d+)"/#
        var pages = 0
        while let name = page {
            let html = try String(contentsOf: site.appending(path: name), encoding: .utf8)
            if name != "index.html" {
                seen += html.matches(of: cell).compactMap { Int64($0.output.id) }
                #expect(!html.contains("data-layout="), "\(name) loads data")
                pages += 1
            }
            page = html.firstMatch(of: link).map { String($0.output.next) }
            if pages > 100 { break }
        }
        #expect(seen == album.map(\.id), "the plain pages show \(seen.count) of \(album.count) photos, or not in order")
        #expect(pages == (Self.photoCount + 199) / 200)
        // One of them in a browser: every cell at its frame, none overlapping.
        // Its own layout (its photos alone), so the album's is no oracle for it: drawn in the
        // band's lines, nothing overlapping, filling the window.
        for width in [390, 1100] {
            ExportBrowserTests.checkDrawing(try ExportBrowserTests.measure(page: site.appending(path: "index.page-2.html"), width: width), label: "plain page 2 @\(width)")
        }
    }

    struct CardSample: Decodable {
        struct Card: Decodable { var index: Int; var angle: Double; var visible: Bool; var left: Double; var top: Double; var shift: Double }
        var scroll: Double
        var vw: Double
        var vh: Double
        var focused: Double?
        var elements: Int
        var cards: [Card]
    }

    static func cardScript(_ selector: String) -> String {
        """
        window.addEventListener('load', async () => {
          const view = document.querySelector('\(selector)');
          // The scroll event the browser fires with its next frame, fired now (the page's
          // handler is the same), then the cards' data files, drawn.
          const settle = async () => {
            view.dispatchEvent(new Event('scroll'));
            await galleryDrawn(view);
          };
          view.style.scrollSnapType = 'none';
          await settle();
          const max = view.scrollWidth - view.clientWidth;
          const samples = [];
          for (const f of [0, 0.5, 0.9]) {
            view.scrollLeft = f * max;
            await settle();
            const track = view.firstElementChild.getBoundingClientRect();
            const cards = [...view.querySelectorAll('[data-photo-id]')].map(card => {
              const style = getComputedStyle(card);
              const m = new DOMMatrix(style.transform);
              const b = card.getBoundingClientRect();
              return { index: Number(card.dataset.index), angle: Math.atan2(m.b, m.a), visible: style.visibility !== 'hidden',
                       left: b.left - track.left, top: b.top - track.top, shift: m.e };
            });
            samples.push({ scroll: view.scrollLeft, vw: view.clientWidth, vh: view.clientHeight, cards,
                           focused: view.dataset.focusedIndex === undefined ? null : Number(view.dataset.focusedIndex),
                           elements: document.getElementsByTagName('*').length });
          }
          galleryTestReport(samples);
        });
        """
    }

    @Test("wheel and carousel keep a window of cards around the current one, each where the engine puts it")
    func cardWindows() throws {
        let site = try Self.work.get().site
        let count = Self.photoCount
        let geometry = SiteGeometry()
        for view in ["wheel", "carousel"] {
            let html = try String(contentsOf: site.appending(path: "\(view).html"), encoding: .utf8)
            #expect(html.utf8.count < 100_000, "\(view).html is \(html.utf8.count) bytes")
            let probe = try Self.probe(script: Self.cardScript(".\(view)"), page: "\(view).html")
            defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
            let samples = try JSONDecoder().decode([CardSample].self, from: BrowserEngine.chromium.open(probe, in: site, width: 1280, height: 900))
            #expect(samples.count == 3)
            for sample in samples {
                let label = "\(view) scrolled to \(sample.scroll)"
                let present = Dictionary(sample.cards.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
                #expect(sample.cards.count <= 60 && sample.elements <= 2_000, "\(label): \(sample.cards.count) cards, \(sample.elements) elements")
                if view == "wheel" {
                    let engine = try WheelLayout(count: count, itemSize: geometry.wheelItem, radius: geometry.wheelRadius,
                                                 viewport: LayoutSize(width: sample.vw, height: sample.vh), offset: sample.scroll)
                    // A wheel of thousands turns many times: the page holds the current turn,
                    // the seed's window (visibleRange), and culls within it as the engine does.
                    let visible = engine.attributes(in: LayoutRect(x: sample.scroll, y: 0, width: sample.vw, height: sample.vh)).map(\.index)
                    #expect(engine.visibleRange.allSatisfy { present[$0] != nil }, "\(label): the engine's window is \(engine.visibleRange), the page has \(present.keys.sorted())")
                    let drawn = sample.cards.filter(\.visible)
                    for (i, a) in drawn.enumerated() {
                        for b in drawn[(i + 1)...] where abs(remainder(a.angle - b.angle, 2 * Double.pi)) < engine.anglePerItem / 2 {
                            Issue.record("\(label): cards \(a.index) and \(b.index) are drawn in one place")
                        }
                    }
                    for card in sample.cards {
                        let expected = try #require(engine.attributes(at: card.index))
                        #expect(abs(remainder(card.angle - expected.angle, 2 * Double.pi)) <= 0.01, "\(label): card \(card.index) at \(card.angle) rad, engine \(expected.angle)")
                        #expect(card.visible == visible.contains(card.index), "\(label): card \(card.index) drawn \(card.visible)")
                    }
                } else {
                    let inset = (sample.vw - geometry.carouselItem.width) / 2
                    let engine = try CarouselLayout(count: count, itemSize: geometry.carouselItem, spacing: geometry.carouselSpacing,
                                                    focusedSpacing: geometry.carouselFocusedSpacing,
                                                    viewport: LayoutSize(width: sample.vw, height: sample.vh), offset: sample.scroll - inset)
                    #expect(abs((sample.focused ?? -1) - engine.focusedIndex) <= 1e-6, "\(label): focused \(sample.focused ?? -1), engine \(engine.focusedIndex)")
                    let visible = engine.attributes(in: LayoutRect(x: sample.scroll - inset, y: 0, width: sample.vw, height: sample.vh)).map(\.index)
                    #expect(!visible.isEmpty && visible.allSatisfy { present[$0] != nil }, "\(label): the engine shows \(visible), the page has \(present.keys.sorted())")
                    for card in sample.cards {
                        let expected = try #require(engine.attributes(at: card.index))
                        #expect(abs(card.shift - expected.translation.x) <= 1 && abs(card.left - (inset + expected.frame.x + expected.translation.x)) <= 1,
                                "\(label): card \(card.index) drawn at \(card.left) shifted \(card.shift)")
                    }
                }
            }
        }
    }

    /// Every file of a site and its bytes.
    static func snapshot(_ site: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(site.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test("photos added to a large album rewrite only the data at its end, the last plain page and the pages that count them")
    func appending() throws {
        let folder = try TemporaryDirectory("append")
        let photos = folder.url.appending(path: "photos"), more = folder.url.appending(path: "more")
        for (count, target) in [(600, photos), (610, more)] {
            let made = try GalleryBinary.run(["--album", String(count), target.path], in: folder.url, executable: GalleryBinary.sampleData)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let database = folder.url.appending(path: "library.db").path
        let site = folder.url.appending(path: "site")
        func importAndExport() throws {
            let imported = try GalleryBinary.run(["import", photos.path, "--db", database, "--quiet"], in: folder.url)
            #expect(imported.status == 0, "\(imported.stderr)")
            _ = try SiteExporter(database: try GalleryDatabase(path: database), outFolder: site.path, encodeImages: false).run()
        }
        try importAndExport()
        let before = try Self.snapshot(site)
        // The same generator with ten more photos: the first 600 are the same files.
        for i in 600 ..< 610 {
            let name = String(format: "big/photo-%06d.jpg", i)
            try FileManager.default.copyItem(at: more.appending(path: name), to: photos.appending(path: name))
        }
        try FileManager.default.removeItem(at: photos.appending(path: "annotations.json"))
        try FileManager.default.copyItem(at: more.appending(path: "annotations.json"), to: photos.appending(path: "annotations.json"))
        try importAndExport()
        let after = try Self.snapshot(site)
        let changed = after.keys.filter { before[$0] != after[$0] }.sorted()
        for unchanged in ["data/index.chunk-0.js", "data/index.chunk-3.js", "index.page-1.html", "index.page-2.html", "data/index.rows-0.js", "gallery.js"] {
            #expect(!changed.contains(unchanged), "\(unchanged) was rewritten")
        }
        #expect(changed.contains("data/index.chunk-4.js") && changed.contains("index.page-4.html"), "\(changed)")
        #expect(changed.count <= 16, "\(changed.count) files rewritten: \(changed)")
    }

    @Test("the focused cell stays in the page while the visitor scrolls far away, and Tab goes on from it in album order",
          arguments: BrowserEngine.allCases)
    func focusSurvivesRecycling(engine: BrowserEngine) throws {
        let site = try Self.work.get().site
        let probe = try Self.probe(script: """
            window.addEventListener('load', async () => {
              const pause = galleryQuiet;
              await pause();
              const link = document.querySelectorAll('.grid .cell-link')[2];
              link.focus();
              const grid = document.querySelector('.grid');
              for (const fraction of [0.3, 0.6]) {
                scrollTo(0, grid.getBoundingClientRect().top + scrollY + fraction * grid.offsetHeight);
                await pause();
              }
              const cells = [...grid.querySelectorAll('.cell')];
              const indices = cells.map(c => Number(c.dataset.index));
              galleryTestReport({ focusedIndex: document.activeElement.closest('.cell') ? Number(document.activeElement.closest('.cell').dataset.index) : null,
                                  connected: link.isConnected, cells: cells.length,
                                  inOrder: indices.every((v, i) => i === 0 || indices[i - 1] < v), next: indices[1] });
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Result: Decodable { var focusedIndex: Int?; var connected: Bool; var cells: Int; var inOrder: Bool; var next: Int? }
        let result = try JSONDecoder().decode(Result.self, from: engine.open(probe, in: site, width: 1100, height: 800))
        #expect(result.connected && result.focusedIndex != nil, "\(engine): the focused cell was let go: \(result)")
        // The focused cell stays first in the page's order, so Tab from it reaches the cells in view.
        #expect(result.inOrder && (result.next ?? 0) > 50 && result.cells < 200, "\(engine): \(result)")
    }

    /// Describes the first cells of a view in a form both ways of making them must agree on:
    /// every element's tag, attributes (the style's declarations one by one) and text.
    static func sameCellsScript(container: String, item: String) -> String {
        """
        const describe = (element) => {
          const attributes = [...element.attributes].filter(a => a.name !== 'loading' && a.name !== 'style').map(a => a.name + '=' + a.value);
          for (let i = 0; i < element.style.length; i++) {
            const name = element.style[i];
            attributes.push('style:' + name + '=' + element.style.getPropertyValue(name).trim());
          }
          return { tag: element.tagName, attributes: attributes.sort(), text: element.children.length ? null : element.textContent,
                   children: [...element.childNodes].filter(n => n.nodeType === 1 || n.textContent).map(n => n.nodeType === 1 ? describe(n) : { text: n.textContent }) };
        };
        window.addEventListener('load', async () => {
          const pause = galleryQuiet;
          await pause();
          const grid = document.querySelector('\(container)');
          const first = () => [...grid.querySelectorAll('\(item)')].filter(c => Number(c.dataset.index) < 6).sort((a, b) => a.dataset.index - b.dataset.index);
          const written = first().map(describe);
          scrollTo(0, grid.getBoundingClientRect().top + scrollY + grid.offsetHeight / 2);
          await pause();
          const gone = first().length;
          scrollTo(0, 0);
          await pause();
          galleryTestReport({ written: JSON.stringify(written), made: JSON.stringify(first().map(describe)), gone });
        });
        """
    }

    @Test("the script makes the same cells as the page writes (masonry and rows)", arguments: [("index.html", ".grid", ".cell"), ("justified.html", ".rows", ".row-item")])
    func sameCells(page: String, container: String, item: String) throws {
        let site = try Self.work.get().site
        let probe = try Self.probe(script: Self.sameCellsScript(container: container, item: item), page: page)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Result: Decodable { var written: String; var made: String; var gone: Int }
        let result = try JSONDecoder().decode(Result.self, from: BrowserEngine.chromium.open(probe, in: site, width: 1100, height: 800))
        #expect(result.gone == 0, "\(page): the first cells were not let go in the middle of the album")
        #expect(result.written.count > 500)
        let same = zip(result.written, result.made).prefix { $0 == $1 }.count
        #expect(result.written == result.made, "\(page): from character \(same), written …\(result.written.dropFirst(max(0, same - 200)).prefix(600))\nmade …\(result.made.dropFirst(max(0, same - 200)).prefix(600))")
    }

    @Test("through gallery serve: the page and its data files from the server, every cell where the engine put it")
    func throughServe() async throws {
        let work = try Self.work.get()
        let server = try await GalleryBinary.serve(["--db", work.database, "--port", "0"], in: work.folder.url)
        defer { server.process.terminate(); server.process.waitUntilExit(timeout: 30) }
        let url = try #require(server.url, "no 'serving' line: \(server.stderr.text)")
        // The server makes each file when first asked for: the album page alone first.
        let (_, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let served = URL(fileURLWithPath: work.database + ".site")
        #expect(try FileManager.default.contentsOfDirectory(atPath: served.path) == ["index.html"])
        let page = served.appending(path: "index.html")
        // One renderer: every file of the export, asked of the server, is the same bytes (asked
        // before any image: the server keeps the colours of the images it makes, and the pages
        // made after them show those).
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: work.site.appending(path: SiteExporter.manifestName))) as? [String: Any]
        let files = (manifest?["files"] as? [String] ?? []).filter { !$0.hasPrefix("thumbs/") && !$0.hasPrefix("large/") }
        // Pages, plain pages, data (index, ids, chunks, the rows' frames), styles, fonts.
        #expect(files.count > 40, "\(files.count) files")
        for name in files {
            let (bytes, answer) = try await URLSession.shared.data(from: url.appending(path: name))
            #expect((answer as? HTTPURLResponse)?.statusCode == 200, "\(name)")
            #expect(bytes == (try Data(contentsOf: work.site.appending(path: name))), "\(name) differs between export and serve")
        }

        let shim = "window.galleryTestReport = (value) => { document.getElementById('gallery-test-result').textContent = JSON.stringify(value); };"
        let json = try HeadlessChromium.evaluate(page: page, script: shim + BrowserEngine.fontsReadyScript + "{" + Self.walkScript(container: ".grid", item: ".cell") + "}",
                                                 width: 1100, height: 900, server: url)
        let steps = try JSONDecoder().decode([Step].self, from: Data(json.utf8))
        #expect(steps.count == 4)
        try Self.check(steps, label: "served, 1100 px", rows: false)
    }
}
