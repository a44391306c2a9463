import Foundation
import GalleryHTML
import GallerySitePlan
import GalleryTestSupport
import Testing

/// Opens exported pages in headless Chromium and compares what is drawn with what was computed.
@Suite("Static export, checked in a real browser")
struct ExportBrowserTests {
    /// What the probe measures, once fonts and layout are ready: every cell's drawn rectangle
    /// and photo, and, for each caption and comment, the height its lines take with the page's
    /// safety net (`h`: the box) and without it (`natural`: the lines the engine really sets),
    /// and how many lines the band shown sets it in (its visible `<br>`s, plus one).
    static let measureScript = """
        async function galleryMeasure() {
          await Promise.all([...document.fonts].map(f => f.load().catch(() => null)));
          await document.fonts.ready;
          const grid = document.querySelector('.grid');
          const band = parseInt(getComputedStyle(grid).getPropertyValue('--band'));
          const columns = parseInt(getComputedStyle(grid).getPropertyValue('--columns'));
          const g = grid.getBoundingClientRect();
          const texts = [...grid.querySelectorAll('.caption, .comment')];
          const loose = document.createElement('style');
          loose.textContent = '.cell .annotation p { height: auto !important; display: block !important; -webkit-line-clamp: none !important; overflow: visible !important; }';
          document.head.appendChild(loose);
          const natural = new Map(texts.map(p => [p, p.getBoundingClientRect().height]));
          loose.remove();
          // Whether the engine draws each image the page loads at once (WebP, JPEG): once the
          // image's load event is in, decode() says whether it can be drawn, and fails for a file
          // that cannot be decoded (its error event came first) or a request the engine replaced
          // meanwhile (then the new request's load is awaited). WebKit, busy elsewhere, has also
          // resolved decode() for a loaded image before it had a size (naturalWidth 0): asked
          // again at the next frame. The deadline is the harness's (a minute), for an answer
          // that names the image rather than none.
          // (createImageBitmap is no second opinion: WebKit makes one of a truncated WebP.)
          const decodeErrors = new Map();
          const loadEnds = (img) => new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          });
          const decodes = async (img) => {
            const deadline = performance.now() + 60000;
            // WebKit has kept an image of a srcset "decoded" without a size (naturalWidth 0) for
            // the whole minute, now and then, even alone: after 5 s so, the same file is
            // decoded by a fresh image without srcset or sizes, whose size is the file's own.
            // A file that cannot be decoded still fails: that decode() rejects.
            let sizeless = null, asked = false;
            while (performance.now() < deadline) {
              if (!img.complete) { await loadEnds(img); continue; }
              const ok = await img.decode().then(() => true, (e) => { decodeErrors.set(img, String(e)); return false; });
              if (ok && img.naturalWidth > 0) return true;
              if (!ok && img.complete && img.naturalWidth === 0) return false;
              if (ok) decodeErrors.set(img, 'decoded, naturalWidth 0, complete ' + img.complete + ', ' + img.currentSrc.split('/').pop() + (asked ? ', and alone' : ''));
              sizeless ??= performance.now();
              if (ok && !asked && performance.now() - sizeless > 5000) {
                asked = true;
                const alone = new Image();
                alone.src = img.currentSrc || img.src;
                const decodedAlone = await alone.decode().then(() => alone.naturalWidth > 0, (e) => { decodeErrors.set(img, 'alone: ' + String(e)); return false; });
                if (decodedAlone) return true;
                if (alone.complete && alone.naturalWidth === 0) return false;
                continue;
              }
              await new Promise((resolve) => requestAnimationFrame(resolve));
            }
            return false;
          };
          const decoded = new Map(await Promise.all([...grid.querySelectorAll('.cell')].map(async (cell) => {
            const img = cell.querySelector('img.photo');
            if (!img || img.loading === 'lazy') return [cell, null];
            return [cell, await decodes(img)];
          })));
          const cells = [...grid.querySelectorAll('.cell')].map(cell => {
            const r = cell.getBoundingClientRect();
            const photo = cell.querySelector('.photo').getBoundingClientRect();
            const text = [...cell.querySelectorAll('.caption, .comment')].map(p => {
              const t = p.getBoundingClientRect();
              const lines = 1 + [...p.querySelectorAll('br')].filter(br => getComputedStyle(br).display !== 'none').length;
              return { kind: p.className, h: t.height, bottom: t.bottom - r.top,
                       natural: natural.get(p), lines, lineHeight: parseFloat(getComputedStyle(p).lineHeight),
                       text: p.textContent };
            });
            const imageDrawn = decoded.get(cell) ?? null;
            const decodeError = imageDrawn === false ? decodeErrors.get(cell.querySelector('img.photo')) || null : null;
            // What the cell draws below its own box (text that ran out of it, if not clipped).
            return { id: cell.dataset.photoId, x: r.left - g.left, y: r.top - g.top, w: r.width, h: r.height, photoHeight: photo.height,
                     overflowY: cell.scrollHeight - cell.clientHeight, text, imageDrawn, decodeError };
          });
          return { band, columns, pwned: window.__pwned || null, gridWidth: g.width, gridHeight: g.height, viewportWidth: window.innerWidth,
                   scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth, cells, agent: navigator.userAgent };
        }
        """

    /// Added to a copy of a page: measures once the page has loaded.
    static let probe = """
        \(measureScript)
        window.addEventListener('load', () => galleryMeasure().then(result => { galleryTestReport(result); }));
        """

    struct Result: Decodable {
        struct Text: Decodable { var kind: String; var h: Double; var bottom: Double; var natural: Double; var lines: Int; var lineHeight: Double; var text: String }
        struct Cell: Decodable {
            var id: String; var x: Double; var y: Double; var w: Double; var h: Double; var photoHeight: Double; var overflowY: Double; var text: [Text]
            /// Nil for a cell whose image loads lazily (or that has none).
            var imageDrawn: Bool?
            /// Why decode() refused, when it did.
            var decodeError: String?
        }
        var band: Int
        var columns: Int
        var pwned: Int?
        var gridWidth: Double
        var gridHeight: Double
        var viewportWidth: Double
        var scrollWidth: Double
        var clientWidth: Double
        var cells: [Cell]
    }

    /// - Parameter server: when given, the probe page is loaded from this server (which serves
    ///   the page's folder) instead of from disk.
    static func measure(page: URL, width: Int, height: Int = 1000, server: URL? = nil) throws -> Result {
        let json = try HeadlessChromium.evaluate(page: page, script: probe, width: width, height: height, server: server)
        return try JSONDecoder().decode(Result.self, from: Data(json.utf8))
    }

    /// Checks one page at one width against the engine's numbers (`oracle`: `gallery layout
    /// --viewport`); returns the column count shown.
    @discardableResult
    static func check(page: URL, width: Int, oracle: GridOracle, label: String, server: URL? = nil) throws -> Int {
        let result = try measure(page: page, width: width, server: server)
        return check(result, expected: try oracle.expected(width: width, height: 1000), label: label)
    }

    /// Checks what a probe measured against what the engine computed for that window: every
    /// cell drawn at its frame (±0.5 px), its photo at its height, no overlaps, every text set
    /// in exactly its band's lines and boxed at its measured height, the grid as wide as
    /// computed and no wider than the window.
    @discardableResult
    static func check(_ result: Result, expected: GridOracle.Expected, label: String) -> Int {
        #expect(result.pwned == nil, "\(label): a script from an annotation ran")
        #expect(!result.cells.isEmpty, "\(label)")
        #expect(result.band == expected.band, "\(label): band \(result.band) drawn, \(expected.band) computed")
        #expect(result.columns == expected.columns, "\(label)")
        #expect(abs(result.gridWidth - expected.width) <= 0.5, "\(label): grid \(result.gridWidth) px wide, computed \(expected.width)")
        #expect(abs(result.gridHeight - expected.contentHeight) <= 0.5, "\(label): grid \(result.gridHeight) px tall, computed \(expected.contentHeight)")
        #expect(result.scrollWidth <= result.clientWidth, "\(label): the page scrolls sideways (\(result.scrollWidth) > \(result.clientWidth))")
        let computed = Dictionary(uniqueKeysWithValues: expected.items.map { (String($0.id), $0) })
        for cell in result.cells {
            guard let item = computed[cell.id] else {
                Issue.record("\(label): cell \(cell.id) is drawn but the engine has no such item")
                continue
            }
            let drawn = [cell.x, cell.y, cell.w, cell.h, cell.photoHeight]
            let frame = [item.x, item.y, item.width, item.height, item.photoHeight]
            for (a, b) in zip(drawn, frame) {
                #expect(abs(a - b) <= 0.5, "\(label): cell \(cell.id) drawn \(drawn), computed \(frame)")
            }
            #expect(cell.overflowY <= 0.5, "\(label): cell \(cell.id) draws \(cell.overflowY) px below itself")
            for text in cell.text {
                let measured = text.kind == "caption" ? item.captionHeight : item.commentHeight
                #expect(abs(text.natural - Double(text.lines) * text.lineHeight) <= 0.5, "\(label): cell \(cell.id) \(text.kind) takes \(text.natural / text.lineHeight) lines, measured \(text.lines): \(text.text.prefix(50))")
                #expect(abs(text.h - measured) <= 0.5, "\(label): cell \(cell.id) \(text.kind) drawn \(text.h) px, measured \(measured) px: \(text.text.prefix(50))")
                #expect(text.bottom <= cell.h + 0.5, "\(label): cell \(cell.id) \(text.kind) ends below its cell")
            }
        }
        checkDrawing(result, label: label)
        return result.columns
    }

    /// What holds on any grid page, a plain page's or the album's: every text within its cell
    /// (and, but on a plain page, whose texts the browser wraps, in exactly its band's lines),
    /// no two cells overlapping, the grid filling the window and no sideways scrolling.
    static func checkDrawing(_ result: Result, label: String, inFlow: Bool = false) {
        #expect(!result.cells.isEmpty, "\(label)")
        #expect(result.gridWidth >= 0.94 * result.viewportWidth, "\(label): grid \(result.gridWidth) px in a \(result.viewportWidth) px window")
        #expect(result.scrollWidth <= result.clientWidth, "\(label): the page scrolls sideways")
        for cell in result.cells {
            #expect(cell.overflowY <= 0.5, "\(label): cell \(cell.id) draws \(cell.overflowY) px below itself")
            for text in cell.text {
                #expect(inFlow || abs(text.natural - Double(text.lines) * text.lineHeight) <= 0.5, "\(label): cell \(cell.id) \(text.kind) takes \(text.natural / text.lineHeight) lines, set in \(text.lines): \(text.text.prefix(50))")
                #expect(text.bottom <= cell.h + 0.5, "\(label): cell \(cell.id) \(text.kind) ends below its cell")
            }
        }
        for (i, a) in result.cells.enumerated() {
            for b in result.cells[(i + 1)...] {
                let overlap = a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5
                #expect(!overlap, "\(label): cells \(a.id) and \(b.id) overlap")
            }
        }
    }

    /// Screenshots go here for people to look at (make test prints the folder).
    static var artifacts: URL {
        let folder = GalleryBinary.packageRoot.appending(path: ".build/test-artifacts")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the sample gallery: from phones to wide desktops every cell is drawn where the engine computed it, the grid filling the window")
    func sampleGallery() throws {
        let folder = try SampleSite.folder, site = try SampleSite.site
        var seen = Set<Int>()
        // Phones, a tablet and desktops (every few px and each band's edges: `everyWidth`).
        for (width, expected) in [(320, 2), (390, 2), (768, 2), (1024, 3), (1920, 7)] {
            for album in ["coast", "highlands"] {
                let page = site.appending(path: "album-\(album).html")
                let result = try Self.measure(page: page, width: width)
                let k = Self.check(result, expected: try GridOracle(folder: folder, album: album).expected(width: width, height: 1000),
                                   label: "\(album) @\(width)")
                #expect(k == expected, "\(album) at \(width) px shows \(k) columns")
                // The grid fills the window: at least 94 % of its width.
                #expect(result.gridWidth >= 0.94 * Double(width), "\(album) at \(width) px: grid \(result.gridWidth) px")
                seen.insert(k)
            }
        }
        #expect(seen == [2, 3, 7])
        // For people to look at: a phone (390 × 844 at 3×, touch) and a desktop.
        try HeadlessChromium.screenshot(page: site.appending(path: "album-coast.html"), width: 390, height: 844, scale: 3, mobile: true,
                                        to: Self.artifacts.appending(path: "export-coast-phone.png"))
        try HeadlessChromium.screenshot(page: site.appending(path: "album-coast.html"), width: 1280, height: 1000,
                                        to: Self.artifacts.appending(path: "export-coast-1280.png"))
        try HeadlessChromium.screenshot(page: site.appending(path: "index.html"), width: 1100, height: 800,
                                        to: Self.artifacts.appending(path: "export-index-1100.png"))
    }

    @Test("every few px from 320 to 1920, and on both sides of every band's edge, Chromium draws the engine's frames")
    func everyWidth() throws {
        let edges = SiteGeometry().fluid.bands.map { Int($0.minimumViewportWidth) }.filter { $0 > 320 && $0 <= 1920 }.flatMap { [$0 - 1, $0] }
        let widths = Array(Set(Array(stride(from: 320, through: 1920, by: 23)) + edges + [1920])).sorted()
        let browser = try ChromiumSession()
        let page = try SampleSite.site.appending(path: "album-coast.html")
        try browser.open(page, width: widths[0] == 320 ? 321 : 320, height: 900)
        let oracle = GridOracle(folder: try SampleSite.folder, album: "coast")
        var bands = Set<Int>()
        for width in widths {
            // Resized in place, as a window dragged wider: the page must follow without a reload.
            try browser.resize(width: width, height: 900)
            let json = try #require(try browser.evaluate("(async () => { \(Self.measureScript); return JSON.stringify(await galleryMeasure()); })()") as? String)
            let result = try JSONDecoder().decode(Result.self, from: Data(json.utf8))
            #expect(result.viewportWidth == Double(width))
            Self.check(result, expected: try oracle.expected(width: width, height: 900), label: "coast @\(width)")
            bands.insert(result.band)
        }
        #expect(bands.count >= 10, "\(bands.sorted())")
    }

    @Test("the same checks pass against the pages gallery serve gives, over HTTP")
    func servedGallery() async throws {
        let work = try TemporaryDirectory("served")
        let imported = try GalleryBinary.run(["import", GalleryBinary.packageRoot.appending(path: "sample-data").path, "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let served = try await GalleryBinary.serve(["--port", "0"], in: work.url)
        defer {
            served.process.terminate()
            served.process.waitUntilExit(timeout: 30)
        }
        let url = try #require(served.url, "gallery serve printed no URL: \(served.stderr.text)")
        // The first page request makes the site (the export's code, into gallery.db.site/).
        _ = try HeadlessChromium.fetch(url)
        let site = work.url.appending(path: "gallery.db.site")
        for (width, expected) in [(390, 2), (900, 3), (1400, 5)] {
            let k = try Self.check(page: site.appending(path: "album-highlands.html"), width: width,
                                   oracle: GridOracle(folder: work.url, album: "highlands"), label: "served @\(width)", server: url)
            #expect(k == expected)
        }
        // The album's other views are served too, their script running: the carousel's
        // focus spacing opens as it scrolls.
        let carousel = try HeadlessChromium.evaluate(page: site.appending(path: "album-highlands-carousel.html"), script: """
            window.addEventListener('load', () => {
              const carousel = document.querySelector('.carousel');
              carousel.style.scrollSnapType = 'none';
              carousel.scrollLeft = 237;  // focused index 0.75 at 1000 px: between two cards
              // The scroll event the browser fires with its next frame, fired now: the page's handler is the same.
              carousel.dispatchEvent(new Event('scroll'));
              const shifts = [...carousel.querySelectorAll('.carousel-item')].map(item => new DOMMatrix(getComputedStyle(item).transform).e);
              galleryTestReport(shifts);
            });
            """, width: 1000, height: 800, server: url)
        let shifts = try JSONDecoder().decode([Double].self, from: Data(carousel.utf8))
        #expect(shifts.count > 1 && shifts.contains { $0 != 0 }, "served carousel: \(shifts)")
        for view in ["justified", "wheel", "circle"] {
            #expect(try HeadlessChromium.fetch(url.appending(path: "album-highlands-\(view).html")).contains("data-view=\"\(view)\""))
        }
    }

    @Test("hostile annotations are drawn as text: no script runs, no markup breaks")
    func hostileText() throws {
        let work = try TemporaryDirectory("hostile")
        let hostile = [
            "<script>window.__pwned = 1</script>",
            "\"><img src=x onerror=\"window.__pwned=2\">",
            "' onmouseover='window.__pwned=3",
            "\u{202E}gpj.exe\u{202C} bidi override, and &amp; &lt;b&gt; entities",
            "Supercalifragilisticexpialidocious" + String(repeating: "x", count: 120),
            "</p></a></div><h1>broken?</h1>",
        ]
        var annotations: [[String: String]] = []
        for (i, text) in hostile.enumerated() {
            try work.write("photos/p\(i).jpg", TestImages.jpeg(width: 80 + i * 10, height: 60))
            annotations.append(["photo": "p\(i).jpg", "caption": text, "comment": text + " " + text])
        }
        try work.write("photos/annotations.json", Array(try JSONSerialization.data(withJSONObject: annotations)))
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(build.status == 0, "\(build.stderr)")
        for width in [390, 900] {
            let page = work.url.appending(path: "site/index.html")
            let result = try Self.measure(page: page, width: width)
            Self.check(result, expected: try GridOracle(folder: work.url).expected(width: width, height: 1000), label: "hostile @\(width)")
            let captions = result.cells.compactMap { $0.text.first { $0.kind == "caption" }?.text }
            #expect(Set(captions) == Set(hostile))
        }
    }
}

@Suite("The lightbox, driven by clicks and keys in a real browser")
struct LightboxTests {
    /// Clicks and keys act at once (the photos are on the page): each state's caption is read
    /// right after its event. The image is the cell's own at first (`first`), then the large
    /// one once it is in (`src`, waited for).
    static let driver = """
        window.addEventListener('load', async () => {
          const cells = [...document.querySelectorAll('.grid .cell-link')];
          const box = document.querySelector('.lightbox');
          const img = box.querySelector('img');
          const steps = [];
          const state = async (href) => {
            const first = img.getAttribute('src');
            const caption = box.querySelector('.lightbox-caption').textContent;
            const shape = box.style.getPropertyValue('--ar');
            if (href) await galleryWaitFor(() => img.getAttribute('src') === href, 'the large image ' + href);
            return { open: !box.hidden, first, src: img.getAttribute('src'), caption, shape };
          };
          const hrefs = cells.map(c => c.getAttribute('href'));
          const thumbs = cells.map(c => c.querySelector('img').currentSrc);
          cells[0].dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          steps.push(await state(hrefs[0]));
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
          steps.push(await state(hrefs[1]));
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
          steps.push(await state(hrefs[2]));
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
          steps.push(await state(null));
          const captions = cells.map(c => (c.querySelector('.caption') || { textContent: '' }).textContent);
          galleryTestReport({ steps, hrefs, thumbs, captions });
        });
        """

    @Test("click opens the large image with its caption; → and ← move (wrapping); Esc closes")
    func lightbox() throws {
        let work = try TemporaryDirectory("lightbox")
        for i in 0 ..< 3 { try work.write("photos/p\(i).jpg", TestImages.jpeg(width: 90, height: 60, seed: UInt8(i))) }
        try work.write("photos/annotations.json", text: #"[{"photo": "p0.jpg", "caption": "First"}, {"photo": "p1.jpg", "caption": "Second"}, {"photo": "p2.jpg", "caption": "Third"}]"#)
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(build.status == 0, "\(build.stderr)")
        let page = work.url.appending(path: "site/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        // Without script, each cell is a plain link to the large image.
        #expect(html.contains("<a class=\"cell-link\" href=\"large/"))
        let json = try HeadlessChromium.evaluate(page: page, script: Self.driver, width: 900, height: 700)
        struct Step: Decodable { var open: Bool; var first: String?; var src: String?; var caption: String; var shape: String }
        struct Result: Decodable { var steps: [Step]; var hrefs: [String]; var thumbs: [String]; var captions: [String] }
        let result = try JSONDecoder().decode(Result.self, from: Data(json.utf8))
        #expect(result.captions == ["First", "Second", "Third"])
        #expect(result.steps.map(\.open) == [true, true, true, false])
        for (n, (step, caption)) in zip(result.steps, ["First", "Second", "Third"]).enumerated() {
            #expect(step.src == result.hrefs[n] && step.caption == caption, "\(step)")
            // At once, the cell's own image (already in), at the photo's shape (90 × 60).
            #expect(step.first.map { result.thumbs[n].hasSuffix($0) } == true, "\(step) shown first, the cell has \(result.thumbs[n])")
            #expect(abs((Double(step.shape) ?? 0) - 1.5) < 0.01, "\(step)")
        }
        #expect(result.steps[3].src == nil)
    }
}
