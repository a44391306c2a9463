import Foundation
import GalleryTestSupport
import Testing

/// The exported sample gallery in Firefox and WebKit, and in Chromium on visitors' machines
/// unlike ours: other fonts, other rendering settings, a high-density screen. Everywhere every
/// cell is drawn at its computed frame and every text in its measured lines.
@Suite("The exported gallery in every engine and on other machines", .serialized)
struct EngineExportTests {

    /// Writes a copy of `page` that measures itself and posts the result to the harness;
    /// `css` is added to the page's styles (to force a mismatch).
    /// `script` replaces the measuring one.
    /// `scripts`: files of the site the probe loads before its own script (a checker's).
    static func probe(_ page: String, in site: URL, css: String = "", scripts: [String] = [], script custom: String? = nil) throws -> String {
        let html = try String(contentsOf: site.appending(path: page), encoding: .utf8)
        let name = "engine-probe-\(UUID().uuidString.prefix(8))-" + page
        let measuring = """
            \(ExportBrowserTests.measureScript)
            window.addEventListener('load', () => galleryMeasure().then(galleryTestReport));
            """
        let script = """
            <style>\(css)</style>
            <script>\(BrowserEngine.resultScript)</script>
            \(scripts.map { "<script src=\"\($0)\"></script>" }.joined())<script>\(custom ?? measuring)</script>
            """
        try html.replacingOccurrences(of: "</body>", with: script + "</body>").write(to: site.appending(path: name), atomically: true, encoding: .utf8)
        return name
    }

    /// `site`: the sample site unless given.
    static func measure(_ engine: BrowserEngine, page: String, width: Int, css: String = "",
                        environment: [String: String] = [:], scale: Double = 1, site: URL? = nil) throws -> ExportBrowserTests.Result {
        let site = try site ?? SampleSite.site
        let probe = try probe(page, in: site, css: css)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let data = try engine.open(probe, in: site, width: width, height: 900, environment: environment, scale: scale)
        return try JSONDecoder().decode(ExportBrowserTests.Result.self, from: data)
    }

    /// The engine's numbers for an album of the suite's site in a window `width` wide.
    static func expected(_ album: String, width: Int) throws -> GridOracle.Expected {
        try GridOracle(folder: try SampleSite.folder, album: album).expected(width: width, height: 900)
    }

    @Test("Firefox and WebKit draw the sample albums where the engine computed them, on a phone, a tablet and a desktop",
          arguments: [BrowserEngine.firefox, .webkit])
    func otherEngines(engine: BrowserEngine) throws {
        for (album, width, columns) in [("coast", 390, 2), ("highlands", 768, 2), ("coast", 1600, 6)] {
            let result = try Self.measure(engine, page: "album-\(album).html", width: width)
            let k = ExportBrowserTests.check(result, expected: try Self.expected(album, width: width), label: "\(engine) \(album) @\(width)")
            #expect(k == columns, "\(engine) \(album) at \(width) px shows \(k) columns")
            // The first screen's grid images (WebP) are decoded, not only placed.
            let images = result.cells.compactMap(\.imageDrawn)
            #expect(images.count >= columns && images.allSatisfy { $0 }, "\(engine) \(album) @\(width): \(result.cells.map(\.imageDrawn)) \(result.cells.compactMap(\.decodeError))")
        }
    }

    @Test("Firefox and WebKit draw the rows where `gallery layout --kind justified --viewport` puts them, on a phone and, resized, on a desktop",
          arguments: [BrowserEngine.firefox, .webkit])
    func rowsInOtherEngines(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        // One load: measured at the phone's width, then the frame widened to a desktop's.
        let probe = try Self.probe("album-coast-justified.html", in: site, script: """
            window.addEventListener('load', async () => {
              const rows = document.querySelector('.justified');
              const measure = () => {
                const r = rows.getBoundingClientRect();
                return { width: innerWidth, rows: r.width, items: [...rows.querySelectorAll('.justified-item')].map(item => {
                  const b = item.getBoundingClientRect();
                  return { id: Number(item.dataset.photoId), x: b.left - r.left, y: b.top - r.top, w: b.width, h: b.height };
                }) };
              };
              await galleryDrawn(rows);
              const phone = measure();
              const resized = galleryNextEvent(window, 'resize');
              frameElement.style.width = '1280px';
              await resized;
              await galleryWaitFor(() => innerWidth === 1280, 'the frame at 1280 px');
              await galleryDrawn(rows);
              galleryTestReport([phone, measure()]);
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Item: Decodable { var id: Int64; var x: Double; var y: Double; var w: Double; var h: Double }
        struct Measured: Decodable { var width: Int; var rows: Double; var items: [Item] }
        let measured = try JSONDecoder().decode([Measured].self, from: engine.open(probe, in: site, width: 390, height: 900))
        #expect(measured.map(\.width) == [390, 1280])
        for drawn in measured {
            let expected = try GridOracle(folder: try SampleSite.folder, album: "coast").justified(width: drawn.width, height: 900)
            let frames = Dictionary(uniqueKeysWithValues: expected.items.map { ($0.id, $0) })
            #expect(abs(drawn.rows - expected.contentWidth) <= 0.5, "\(engine) @\(drawn.width): rows \(drawn.rows) px, engine \(expected.contentWidth)")
            #expect(!drawn.items.isEmpty)
            for item in drawn.items {
                let frame = try #require(frames[item.id], "\(engine) @\(drawn.width): photo \(item.id) is not in the engine's rows")
                let mine = [item.x, item.y, item.w, item.h], computed = [frame.x, frame.y, frame.width, frame.height]
                #expect(zip(mine, computed).allSatisfy { abs($0 - $1) <= 0.5 }, "\(engine) @\(drawn.width): photo \(item.id) drawn \(mine), engine \(computed)")
            }
        }
    }

    /// fontconfig configurations of other machines: the browser then has other fonts and
    /// renders them with other settings.
    static func fontWorld(_ name: String) throws -> (folder: TemporaryDirectory, environment: [String: String]) {
        let folder = try TemporaryDirectory("fontconfig-\(name)")
        let cache = folder.url.appending(path: "cache").path
        let hinting: (Bool, String)? = switch name {
        case "hintfull": (true, "hintfull")
        case "hintnone": (false, "hintnone")
        default: nil
        }
        var body: String
        if let hinting {
            // Debian's configuration, then one setting forced for every font.
            body = """
                <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
                <match target="font"><edit name="hinting" mode="assign"><bool>\(hinting.0)</bool></edit>
                <edit name="hintstyle" mode="assign"><const>\(hinting.1)</const></edit></match>
                """
        } else {
            // One unrelated font and none of Debian's conf.d: fontconfig's built-in defaults.
            let fonts = folder.url.appending(path: "fonts")
            try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", toPath: fonts.appending(path: "DejaVuSerif.ttf").path)
            body = "<dir>\(fonts.path)</dir>"
        }
        let conf = folder.url.appending(path: "fonts.conf")
        try """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>\(body)<cachedir>\(cache)</cachedir></fontconfig>
            """.write(to: conf, atomically: true, encoding: .utf8)
        return (folder, ["FONTCONFIG_FILE": conf.path])
    }

    @Test("a visitor's machine: one unrelated system font, fontconfig's own defaults, hintfull, hintnone, a 2× screen",
          arguments: ["one-font", "hintfull", "hintnone", "scale-2"])
    func visitorMachines(world: String) throws {
        let fonts = world == "scale-2" ? nil : try Self.fontWorld(world)
        let environment = fonts?.environment ?? [:]
        // A 2× screen turns on Chromium's subpixel glyph positioning.
        let scale = world == "scale-2" ? 2.0 : 1
        for album in ["coast", "highlands"] {
            let result = try Self.measure(.chromium, page: "album-\(album).html", width: 900, environment: environment, scale: scale)
            ExportBrowserTests.check(result, expected: try Self.expected(album, width: 900), label: "chromium (\(world)) \(album)")
        }
        // Firefox takes hinted advances from fontconfig (whole pixels under hintfull).
        if world == "hintfull" {
            let result = try Self.measure(.firefox, page: "album-coast.html", width: 900, environment: environment)
            ExportBrowserTests.check(result, expected: try Self.expected("coast", width: 900), label: "firefox (hintfull) coast")
        }
    }

    @Test("safety net: text forced to draw larger than measured stays inside its cell",
          arguments: [BrowserEngine.chromium, .webkit])
    func forcedMismatch(engine: BrowserEngine) throws {
        let css = ".caption, .comment { font-size: 21px !important; line-height: 27px !important; letter-spacing: 1px !important; }"
        let result = try Self.measure(engine, page: "album-coast.html", width: 900, css: css)
        let computed = Dictionary(uniqueKeysWithValues: try Self.expected("coast", width: 900).items.map { (String($0.id), $0) })
        #expect(!result.cells.isEmpty)
        var grown = 0
        for cell in result.cells {
            let item = try #require(computed[cell.id])
            // Nothing is drawn below the cell: the grown text is clipped in its box.
            #expect(cell.overflowY <= 0.5, "\(engine): cell \(cell.id) draws \(cell.overflowY) px below itself")
            for text in cell.text {
                let measured = text.kind == "caption" ? item.captionHeight : item.commentHeight
                if text.natural > measured + 0.5 { grown += 1 }
                // The box keeps its measured height, and so stays within the cell.
                #expect(abs(text.h - measured) <= 0.5, "\(engine): cell \(cell.id) \(text.kind) box \(text.h) px, measured \(measured)")
                #expect(text.bottom <= cell.h + 0.5, "\(engine): cell \(cell.id) \(text.kind) ends \(text.bottom - cell.h) px below its cell")
            }
        }
        // The forced styles really did make the texts taller than measured.
        #expect(grown > 10, "\(engine): only \(grown) texts grew; the mismatch was not forced")
        for (i, a) in result.cells.enumerated() {
            for b in result.cells[(i + 1)...] {
                let overlap = a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5
                #expect(!overlap, "\(engine): cells \(a.id) and \(b.id) overlap")
            }
        }
    }
}

/// PAGE#photo-ID opens the album at that photo; the lightbox keeps the open photo in the
/// address, and Back closes it.
@Suite("Deep links and the lightbox's history", .serialized)
struct DeepLinkTests {
    /// The coast album's photo the engine puts lowest in a 420 px window.
    static func lowestPhoto() throws -> String {
        let items = try EngineExportTests.expected("coast", width: 420).items
        return String(try #require(items.max { $0.y < $1.y }).id)
    }

    /// Reports where the page stands once its grid has followed the link: a photo written in
    /// the page is scrolled to by the browser (awaited until it is in view, or the wait runs
    /// out and the test fails), any other ID is looked up in the album's data.
    static let report = """
        window.addEventListener('load', async () => {
          await galleryDrawn(document.querySelector('.grid'));
          const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
          if (target) await galleryWaitFor(() => { const r = target.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }, location.hash + ' in view');
          const rect = target ? target.getBoundingClientRect() : null;
          galleryTestReport({ scrollY: window.scrollY, innerHeight: window.innerHeight,
                              top: rect ? rect.top : null, bottom: rect ? rect.bottom : null });
        });
        """

    struct Position: Decodable { var scrollY: Double; var innerHeight: Double; var top: Double?; var bottom: Double? }

    @Test("PAGE#photo-ID opens scrolled to that photo; an unknown ID opens at the top", arguments: BrowserEngine.allCases)
    func deepLink(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let id = try Self.lowestPhoto()
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: Self.report)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let known = try JSONDecoder().decode(Position.self, from: engine.open(probe + "#photo-\(id)", in: site, width: 420, height: 800))
        #expect(known.scrollY > 1000, "\(engine): the page did not scroll to photo \(id): \(known)")
        let top = try #require(known.top), bottom = try #require(known.bottom)
        #expect(top >= 0 && top < known.innerHeight && bottom > 0, "\(engine): photo \(id) is not in view: \(known)")
        let unknown = try JSONDecoder().decode(Position.self, from: engine.open(probe + "#photo-999999", in: site, width: 420, height: 800))
        #expect(unknown.scrollY == 0, "\(engine): an unknown photo scrolled the page: \(unknown)")
    }

    @Test("pages preload the fonts their first screen is set in, and each engine draws with that one download",
          arguments: BrowserEngine.allCases)
    func fontPreloads(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let css = try String(contentsOf: site.appending(path: "gallery.css"), encoding: .utf8)
        let faces = Dictionary(css.matches(of: #/@font-face \{\s*font-family: "(?<family>[^"]+)";\s*src: url\("(?<url>[^"]+)"\);/#)
            .map { (String($0.output.family), String($0.output.url)) }) { a, _ in a }
        // The caption's and the comment's first family, as the style sheet lists them.
        let firstFamilies = ["caption", "comment"].compactMap { name in
            css.firstMatch(of: try! Regex("\n\\.\(name) \\{\\s*font-family: \"([^\"]+)\"")).flatMap { $0.output[1].substring.map(String.init) }
        }
        let expected = Set(firstFamilies.compactMap { faces[$0] })
        #expect(firstFamilies.count == 2 && !expected.isEmpty, "\(firstFamilies) \(faces)")
        let preloadRule = #/<link rel="preload" href="(?<href>fonts/[^"]+)" as="font" type="font/(otf|ttf|woff)" crossorigin>/#
        for page in try FileManager.default.contentsOfDirectory(atPath: site.path) where page.hasSuffix(".html") && !page.hasPrefix("engine-probe") {
            let html = try String(contentsOf: site.appending(path: page), encoding: .utf8)
            let head = html.components(separatedBy: "</head>")[0]
            #expect(Set(head.matches(of: preloadRule).map { String($0.output.href) }) == expected, "\(page)")
        }
        // In the browser: each font fetched once, by its preload (a preload the engine could
        // not match to the @font-face, such as one without `crossorigin`, is a second fetch).
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: """
            window.addEventListener('load', async () => {
              await document.fonts.ready;
              const fonts = performance.getEntriesByType('resource').filter((e) => e.name.includes('/fonts/'))
                .map((e) => ({ file: 'fonts/' + e.name.split('/fonts/')[1], initiator: e.initiatorType }));
              const loaded = [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, ''));
              galleryTestReport({ fonts, loaded });
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Fetch: Decodable { var file: String; var initiator: String }
        struct Result: Decodable { var fonts: [Fetch]; var loaded: [String] }
        let result = try JSONDecoder().decode(Result.self, from: engine.open(probe, in: site, width: 390, height: 844))
        for file in expected {
            let fetches = result.fonts.filter { $0.file == file }
            // Chromium and WebKit name the preload "link", Firefox "other"; "css" would be the
            // style sheet's own request.
            #expect(fetches.count == 1 && fetches.first?.initiator != "css", "\(engine): \(file) fetched as \(fetches)")
        }
        let inUse = Set(result.loaded)
        #expect(Set(firstFamilies).isSubset(of: inUse), "\(engine): fonts in use \(inUse.sorted())")
    }

    @Test("the lightbox puts #photo-ID in the address; Back and Esc close it", arguments: BrowserEngine.allCases)
    func lightboxHistory(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: """
            window.addEventListener('load', async () => {
              // Back (and Esc, which goes back past the lightbox's entry) take effect with popstate.
              const back = async (act) => { const popped = galleryNextEvent(window, 'popstate'); act(); await popped; };
              const cells = [...document.querySelectorAll('.grid .cell-link')];
              const box = document.querySelector('.lightbox');
              const steps = [];
              const state = () => ({ open: !box.hidden, hash: location.hash });
              const click = (cell) => cell.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
              click(cells[0]); steps.push(state());
              document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' })); steps.push(state());
              await back(() => history.back()); steps.push(state());
              click(cells[1]); steps.push(state());
              await back(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))); steps.push(state());
              // Opened, closed, opened again and closed before that Back has landed (quick taps):
              // one Back in all; a second would leave the page.
              let backs = 0;
              const goBack = history.back.bind(history);
              history.back = () => { backs += 1; goBack(); };
              const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
              await back(() => { click(cells[0]); escape(); click(cells[1]); escape(); });
              steps.push(state());
              galleryTestReport({ steps, backs, ids: cells.slice(0, 2).map(cell => cell.parentElement.dataset.photoId) });
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Step: Decodable, Equatable { var open: Bool; var hash: String }
        struct Result: Decodable { var steps: [Step]; var backs: Int; var ids: [String] }
        let result = try JSONDecoder().decode(Result.self, from: engine.open(probe, in: site, width: 900, height: 800))
        let (first, second) = (result.ids[0], result.ids[1])
        #expect(result.steps == [
            Step(open: true, hash: "#photo-\(first)"), Step(open: true, hash: "#photo-\(second)"),
            Step(open: false, hash: ""),
            Step(open: true, hash: "#photo-\(second)"), Step(open: false, hash: ""), Step(open: false, hash: ""),
        ], "\(engine): \(result.steps)")
        #expect(result.backs == 1, "\(engine): quick taps went back \(result.backs) times")
    }
}
