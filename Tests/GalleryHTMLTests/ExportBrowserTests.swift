import Foundation
import GalleryTestSupport
import Testing

/// Opens exported pages in headless Chromium and compares what is drawn with what was computed.
@Suite("Static export, checked in a real browser")
struct ExportBrowserTests {
    /// What the probe measures, once fonts and layout are ready: every cell's drawn rectangle
    /// and, for each caption and comment, the height its lines take with the page's safety net
    /// (`h`: the box) and without it (`natural`: the lines the engine really sets).
    static let measureScript = """
        async function galleryMeasure() {
          await Promise.all([...document.fonts].map(f => f.load().catch(() => null)));
          await document.fonts.ready;
          const grid = document.querySelector('.grid');
          const k = parseInt(getComputedStyle(grid).getPropertyValue('--columns'));
          const g = grid.getBoundingClientRect();
          const texts = [...grid.querySelectorAll('.caption, .comment')];
          const loose = document.createElement('style');
          loose.textContent = '[data-lines] { height: auto !important; display: block !important; -webkit-line-clamp: none !important; overflow: visible !important; }';
          document.head.appendChild(loose);
          const natural = new Map(texts.map(p => [p, p.getBoundingClientRect().height]));
          loose.remove();
          const cells = [...grid.querySelectorAll('.cell')].map(cell => {
            const r = cell.getBoundingClientRect();
            const text = [...cell.querySelectorAll('.caption, .comment')].map(p => {
              const t = p.getBoundingClientRect();
              return { kind: p.className, h: t.height, expected: parseFloat(p.dataset.h), bottom: t.bottom - r.top,
                       natural: natural.get(p), lines: parseInt(p.dataset.lines || '0'), lineHeight: parseFloat(getComputedStyle(p).lineHeight),
                       text: p.textContent };
            });
            // What the cell draws below its own box (text that ran out of it, if not clipped).
            return { id: cell.dataset.photoId, x: r.left - g.left, y: r.top - g.top, w: r.width, h: r.height,
                     overflowY: cell.scrollHeight - cell.clientHeight,
                     frame: (cell.getAttribute('data-frame-' + k) || '').split(',').map(Number), text };
          });
          return { k, pwned: window.__pwned || null, gridWidth: g.width, cells, agent: navigator.userAgent };
        }
        """

    /// Added to a copy of a page: measures once the page has loaded.
    static let probe = """
        \(measureScript)
        window.addEventListener('load', () => galleryMeasure().then(result => { document.getElementById('gallery-test-result').textContent = JSON.stringify(result); }));
        """

    struct Result: Decodable {
        struct Text: Decodable { var kind: String; var h: Double; var expected: Double; var bottom: Double; var natural: Double; var lines: Int; var lineHeight: Double; var text: String }
        struct Cell: Decodable { var id: String; var x: Double; var y: Double; var w: Double; var h: Double; var overflowY: Double; var frame: [Double]; var text: [Text] }
        var k: Int
        var pwned: Int?
        var gridWidth: Double
        var cells: [Cell]
    }

    /// - Parameter server: when given, the probe page is loaded from this server (which serves
    ///   the page's folder) instead of from disk.
    static func measure(page: URL, width: Int, server: URL? = nil) throws -> Result {
        let json = try HeadlessChromium.evaluate(page: page, script: probe, width: width, height: 1000, server: server)
        return try JSONDecoder().decode(Result.self, from: Data(json.utf8))
    }

    /// Checks one page at one width; returns the column count shown.
    @discardableResult
    static func check(page: URL, width: Int, label: String, server: URL? = nil) throws -> Int {
        try check(try measure(page: page, width: width, server: server), label: label)
    }

    /// Checks what a probe measured: cells drawn at their computed frames, no overlaps, every
    /// text set in exactly its measured lines and boxed at its measured height.
    @discardableResult
    static func check(_ result: Result, label: String) -> Int {
        #expect(result.pwned == nil, "\(label): a script from an annotation ran")
        #expect(!result.cells.isEmpty, "\(label)")
        for cell in result.cells {
            #expect(cell.frame.count == 4, "\(label): cell \(cell.id) has no data-frame-\(result.k)")
            guard cell.frame.count == 4 else { continue }
            let drawn = [cell.x, cell.y, cell.w, cell.h]
            for (a, b) in zip(drawn, cell.frame) {
                #expect(abs(a - b) <= 0.5, "\(label): cell \(cell.id) drawn \(drawn), computed \(cell.frame)")
            }
            #expect(cell.overflowY <= 0.5, "\(label): cell \(cell.id) draws \(cell.overflowY) px below itself")
            for text in cell.text {
                #expect(abs(text.natural - Double(text.lines) * text.lineHeight) <= 0.5, "\(label): cell \(cell.id) \(text.kind) takes \(text.natural / text.lineHeight) lines, measured \(text.lines): \(text.text.prefix(50))")
                #expect(abs(text.h - text.expected) <= 0.5, "\(label): cell \(cell.id) \(text.kind) drawn \(text.h) px, measured \(text.expected) px: \(text.text.prefix(50))")
                #expect(text.bottom <= cell.h + 0.5, "\(label): cell \(cell.id) \(text.kind) ends below its cell")
            }
        }
        for (i, a) in result.cells.enumerated() {
            for b in result.cells[(i + 1)...] {
                let overlap = a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5
                #expect(!overlap, "\(label): cells \(a.id) and \(b.id) overlap")
            }
        }
        return result.k
    }

    /// Screenshots go here for people to look at (make test prints the folder).
    static var artifacts: URL {
        let folder = GalleryBinary.packageRoot.appending(path: ".build/test-artifacts")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("the sample gallery: at five window widths every cell is drawn where it was computed")
    func sampleGallery() throws {
        let work = try TemporaryDirectory("export")
        let build = try GalleryBinary.run(["build", GalleryBinary.packageRoot.appending(path: "sample-data").path, "--out", "site", "--quiet"], in: work.url)
        #expect(build.status == 0, "\(build.stderr)")
        let site = work.url.appending(path: "site")
        var seen = Set<Int>()
        for (width, expected) in [(420, 1), (600, 2), (900, 3), (1100, 4), (1400, 5)] {
            for page in ["album-coast.html", "album-highlands.html"] {
                let k = try Self.check(page: site.appending(path: page), width: width, label: "\(page) @\(width)")
                #expect(k == expected, "\(page) at \(width) px shows \(k) columns")
                seen.insert(k)
            }
            try HeadlessChromium.screenshot(page: site.appending(path: "album-coast.html"), width: width, height: 1000,
                                            to: Self.artifacts.appending(path: "export-coast-\(width).png"))
        }
        #expect(seen.count >= 3)
        try HeadlessChromium.screenshot(page: site.appending(path: "index.html"), width: 1100, height: 800,
                                        to: Self.artifacts.appending(path: "export-index-1100.png"))
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
        for (width, expected) in [(420, 1), (900, 3), (1400, 5)] {
            let k = try Self.check(page: site.appending(path: "album-highlands.html"), width: width, label: "served @\(width)", server: url)
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
              document.getElementById('gallery-test-result').textContent = JSON.stringify(shifts);
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
        for width in [420, 900] {
            let page = work.url.appending(path: "site/index.html")
            try Self.check(page: page, width: width, label: "hostile @\(width)")
            let result = try Self.measure(page: page, width: width)
            let captions = result.cells.compactMap { $0.text.first { $0.kind == "caption" }?.text }
            #expect(Set(captions) == Set(hostile))
        }
    }
}

@Suite("The lightbox, driven by clicks and keys in a real browser")
struct LightboxTests {
    /// Clicks and keys act at once (the photos are on the page), so each state is read right
    /// after its event.
    static let driver = """
        window.addEventListener('load', () => {
          const cells = [...document.querySelectorAll('.grid .cell-link')];
          const box = document.querySelector('.lightbox');
          const img = box.querySelector('img');
          const steps = [];
          const state = () => ({ open: !box.hidden, src: img.getAttribute('src'), caption: box.querySelector('.lightbox-caption').textContent });
          cells[0].dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          steps.push(state());
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
          steps.push(state());
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
          steps.push(state());
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
          steps.push(state());
          const hrefs = cells.map(c => c.getAttribute('href'));
          const captions = cells.map(c => (c.querySelector('.caption') || { textContent: '' }).textContent);
          document.getElementById('gallery-test-result').textContent = JSON.stringify({ steps, hrefs, captions });
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
        struct Step: Decodable { var open: Bool; var src: String?; var caption: String }
        struct Result: Decodable { var steps: [Step]; var hrefs: [String]; var captions: [String] }
        let result = try JSONDecoder().decode(Result.self, from: Data(json.utf8))
        #expect(result.captions == ["First", "Second", "Third"])
        #expect(result.steps.map(\.open) == [true, true, true, false])
        #expect(result.steps[0].src == result.hrefs[0] && result.steps[0].caption == "First")
        #expect(result.steps[1].src == result.hrefs[1] && result.steps[1].caption == "Second")
        #expect(result.steps[2].src == result.hrefs[2] && result.steps[2].caption == "Third")
    }
}
