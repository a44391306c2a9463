import Foundation
import GalleryTestSupport
import Testing

/// The site's search page in every engine: what a query finds is what `gallery layout --query`
/// finds, drawn where the engine puts it; hostile queries find text and run nothing; the
/// address keeps the query and Back shows the one before; the lightbox walks the photos found.
@Suite("Search in the site: the photos found, placed as the engine places them", .serialized)
struct SearchPageTests {
    /// Waits (a predicate on each frame, with a deadline) until the grid shows `text`'s photos.
    static let waitScript = """
        const gallerySearched = (text) => new Promise((resolve, reject) => {
          const deadline = performance.now() + 30000;
          const check = () => {
            const grid = document.querySelector('.grid[data-search]');
            if (grid && grid.dataset.query === text && grid.getAttribute('aria-busy') !== 'true') return resolve(grid);
            if (performance.now() > deadline) return reject(new Error('no results for ' + JSON.stringify(text) + ' within 30 s'));
            requestAnimationFrame(check);
          };
          check();
        });
        const galleryType = (text) => {
          const input = document.querySelector('.search-box input');
          input.value = text;
          input.dispatchEvent(new Event('input', { bubbles: true }));
          return gallerySearched(text);
        };
        """

    /// A copy of search.html running `script` (after `waitScript`) once the page has loaded;
    /// its file name.
    static func probe(in site: URL, script: String) throws -> String {
        try EngineExportTests.probe("search.html", in: site, script: waitScript + script)
    }

    /// The engine's layout of what `query` finds in a window `width` wide.
    static func expected(_ query: String, width: Int) throws -> GridOracle.Expected {
        try GridOracle(folder: try SampleSite.folder, album: nil, arguments: ["--query", query]).expected(width: width, height: 900)
    }

    /// What the search page draws for `query` in a window `width` wide (`ExportBrowserTests.Result`,
    /// with how many it found, its status line and what its box shows), once it has placed them
    /// all: the page places more as the visitor scrolls, so the probe scrolls to the end first
    /// and the grid is then as tall as the engine's.
    static func measured(_ query: String, width: Int, in site: URL, engine: BrowserEngine) throws -> Data {
        let encoded = String(decoding: try JSONEncoder().encode(query), as: UTF8.self)
        let probe = try Self.probe(in: site, script: ExportBrowserTests.measureScript + """
            window.addEventListener('load', () => gallerySearched(\(encoded)).then(async (grid) => {
              const result = await galleryMeasure();
              const deadline = performance.now() + 30000;
              while (Number(grid.dataset.placed) < Number(grid.dataset.found) && performance.now() < deadline) {
                window.scrollTo(0, document.documentElement.scrollHeight);
                await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
                await gallerySearched(grid.dataset.query);
              }
              result.gridHeight = grid.getBoundingClientRect().height;
              result.found = Number(grid.dataset.found);
              result.status = document.querySelector('.search-status').textContent;
              result.input = document.querySelector('.search-box input').value;
              galleryTestReport(result);
            }).catch((error) => galleryTestReport({ error: String(error) })));
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let address = probe + "?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query)
        return try engine.open(address, in: site, width: width, height: 900)
    }

    @Test("the photos a query finds are drawn where `gallery layout --query --viewport` puts them, on a phone, a tablet and a desktop",
          arguments: BrowserEngine.allCases)
    func drawn(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        for (query, width) in [("harbour", 390), ("2024", 1280), ("boat", 768), ("July 2024", 390)] {
            let data = try Self.measured(query, width: width, in: site, engine: engine)
            let result = try JSONDecoder().decode(ExportBrowserTests.Result.self, from: data)
            struct Extra: Decodable { var found: Int; var status: String; var input: String }
            let extra = try JSONDecoder().decode(Extra.self, from: data)
            let expected = try Self.expected(query, width: width)
            let label = "\(engine) '\(query)' @\(width)"
            #expect(!expected.items.isEmpty, "\(label): the sample library has photos for it")
            #expect(extra.found == expected.items.count, "\(label): \(extra.found) found, the engine finds \(expected.items.count)")
            #expect(extra.input == query, "\(label): the box shows '\(extra.input)'")
            #expect(extra.status.contains(String(expected.items.count)), "\(label): '\(extra.status)'")
            ExportBrowserTests.check(result, expected: expected, label: label)
            // Every photo of the first screen is drawn (the page draws what meets the viewport).
            let drawn = Set(result.cells.map(\.id))
            for item in expected.items where item.y < 400 {
                #expect(drawn.contains(String(item.id)), "\(label): photo \(item.id) at y \(item.y) is not drawn")
            }
        }
    }

    @Test("hostile queries find text and run nothing; typing keeps the query in the address, Back shows the one before; the lightbox walks the photos found",
          arguments: BrowserEngine.allCases)
    func typedQueries(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let hostile = ["<img src=x onerror=\"window.__pwned=1\">", "\"", "\u{200F}harbour\u{200E}", String(repeating: "harbour ", count: 1_250),
                       "🌊", "Harbour \u{1F30A}", "港", "HARBOUR", "havre", "l'île", "%3Cscript%3E", "nothing-at-all-here"]
        let encoded = String(decoding: try JSONEncoder().encode(hostile), as: UTF8.self)
        let probe = try Self.probe(in: site, script: """
            window.addEventListener('load', async () => {
              try {
                await gallerySearched('');
                const typed = [];
                for (const text of \(encoded)) {
                  const grid = await galleryType(text);
                  typed.push({ found: Number(grid.dataset.found), status: document.querySelector('.search-status').textContent,
                               injected: document.querySelectorAll('main img[src="x"], main script, .search-status *').length });
                }
                // A lone surrogate (no URL can carry one) is typed too.
                const lone = await galleryType('harb\\uD800our');
                const loneFound = Number(lone.dataset.found);
                // Back: a finished query, then another, then Back.
                await galleryType('harbour');
                document.querySelector('.search-box input').dispatchEvent(new Event('change'));
                const first = new URLSearchParams(location.search).get('q');
                await galleryType('boats');
                const second = new URLSearchParams(location.search).get('q');
                const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
                history.back();
                await popped;
                const back = await gallerySearched('harbour');
                const afterBack = { q: new URLSearchParams(location.search).get('q'), input: document.querySelector('.search-box input').value,
                                    found: Number(back.dataset.found) };
                // The lightbox: the first photo found, then the next with the arrow key.
                const cells = [...back.querySelectorAll('.cell')].sort((a, b) => a.dataset.index - b.dataset.index);
                const box = document.querySelector('.lightbox');
                const captionShown = (text) => new Promise((resolve, reject) => {
                  const deadline = performance.now() + 20000;
                  const check = () => {
                    if (!box.hidden && box.querySelector('.lightbox-caption').textContent === text) return resolve(true);
                    if (performance.now() > deadline) return reject(new Error('the lightbox did not show ' + JSON.stringify(text) + ' but ' + JSON.stringify(box.querySelector('.lightbox-caption').textContent)));
                    requestAnimationFrame(check);
                  };
                  check();
                });
                const captionOf = (cell) => (cell.querySelector('.caption') || { textContent: '' }).textContent;
                cells[0].querySelector('a.cell-link').click();
                await captionShown(captionOf(cells[0]));
                document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
                await captionShown(captionOf(cells[1]));
                galleryTestReport({ typed, loneFound, first, second, afterBack, walked: [cells[0].dataset.photoId, cells[1].dataset.photoId],
                                    pwned: window.__pwned || null });
              } catch (error) {
                galleryTestReport({ error: String(error) });
              }
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Typed: Decodable { var found: Int; var status: String; var injected: Int }
        struct AfterBack: Decodable { var q: String?; var input: String; var found: Int }
        struct Report: Decodable {
            var typed: [Typed]; var loneFound: Int; var first: String?; var second: String?; var afterBack: AfterBack; var walked: [String]; var pwned: Int?
        }
        let report = try JSONDecoder().decode(Report.self, from: try engine.open(probe, in: site, width: 390, height: 844))
        #expect(report.pwned == nil, "\(engine): a query ran as script")
        #expect(report.typed.count == hostile.count)
        for (text, typed) in zip(hostile, report.typed) {
            let label = "\(engine) '\(text.prefix(40))'"
            let engineFound = try Self.found(text)
            #expect(typed.found == engineFound, "\(label): \(typed.found) found, the engine finds \(engineFound)")
            #expect(typed.injected == 0, "\(label): markup from the query is in the page")
            if engineFound == 0, !text.trimmingCharacters(in: .whitespaces).isEmpty {
                #expect(typed.status.contains(text.trimmingCharacters(in: .whitespaces)), "\(label): the status does not quote the query as text: \(typed.status.prefix(80))")
            }
        }
        // "harb" + a lone surrogate + "our": two words, "harb" and "our".
        #expect(report.loneFound == (try Self.found("harb our")), "\(engine): lone surrogate")
        #expect(report.first == "harbour" && report.second == "boats", "\(engine): the address held \(report.first ?? "nil"), then \(report.second ?? "nil")")
        #expect(report.afterBack.q == "harbour" && report.afterBack.input == "harbour", "\(engine): after Back \(report.afterBack)")
        #expect(report.afterBack.found == (try Self.found("harbour")), "\(engine): after Back")
        let ids = try Self.expected("harbour", width: 390).items.map { String($0.id) }
        #expect(report.walked == Array(ids.prefix(2)), "\(engine): the lightbox walked \(report.walked), the results begin \(ids.prefix(2))")
    }

    /// The sample library built, then changed as a library is between exports: three photos of
    /// other days added all over its order (an old memory card), built again, then one photo's
    /// date moved past every other, built again: the search's documents keep their numbers,
    /// with the added photos' and a hole in the index (`SearchNumbering`). Made once for every
    /// engine; what each build rewrote of the word shards is checked as it is made.
    static let renumbered: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("search-numbers")
        let photos = work.url.appending(path: "photos"), site = work.url.appending(path: "site")
        try FileManager.default.copyItem(at: GalleryBinary.packageRoot.appending(path: "sample-data"), to: photos)
        func build() throws {
            let run = try GalleryBinary.run(["build", photos.path, "--out", site.path, "--quiet"], in: work.url)
            guard run.status == 0 else { throw TestFailure(description: "gallery build: \(run.stderr)") }
        }
        try build()
        let first = try SiteDigest.byPath(of: site), firstIndex = try SearchIndexFile(site: site)
        guard firstIndex.added.isEmpty, firstIndex.holes.isEmpty, firstIndex.base == firstIndex.count else {
            throw TestFailure(description: "a first export numbers by place: \(firstIndex.base) of \(firstIndex.count), \(firstIndex.added), \(firstIndex.holes)")
        }
        for (name, date) in [("00-before-dawn", "2024:07:01 05:00:00"), ("16-midsummer", "2024:08:20 12:00:00"), ("17-early-autumn", "2024:09:10 18:30:00")] {
            let copy = photos.appending(path: "coast/\(name).jpg").path
            try FileManager.default.copyItem(atPath: photos.appending(path: "coast/02-tide-pools.jpg").path, toPath: copy)
            try TestMetadata.write(["-AllDates=\(date)"], to: copy)
        }
        try build()
        let second = try SiteDigest.byPath(of: site), secondIndex = try SearchIndexFile(site: site)
        // The base's shards hold the words of photos none of which changed: not one is
        // rewritten; the added photos' words are in shards of their own.
        let rewritten = second.keys.filter { $0.hasPrefix("data/search.terms-") && first[$0] != second[$0] }
        guard rewritten.isEmpty, secondIndex.added.count == 3, secondIndex.holes.isEmpty,
              secondIndex.termsFiles.contains(where: { $0.hasPrefix("data/search.recent-") }) else {
            throw TestFailure(description: "after three photos added: shards rewritten \(rewritten.sorted()), added \(secondIndex.added), holes \(secondIndex.holes)")
        }
        try TestMetadata.write(["-AllDates=2024:10:03 09:00:00"], to: photos.appending(path: "coast/03-last-light.jpg").path)
        try build()
        let third = try SearchIndexFile(site: site)
        guard third.holes.count == 1, third.added.count == 4, third.base == firstIndex.count else {
            throw TestFailure(description: "after a photo moved: base \(third.base), holes \(third.holes), added \(third.added)")
        }
        return work
    }

    @Test("after photos added all over the library's order and one moved by its date, a query finds and draws what `gallery layout --query` does (numbers turned into places)",
          arguments: BrowserEngine.allCases)
    func renumberedDocuments(engine: BrowserEngine) throws {
        let work = try Self.renumbered.get()
        let site = work.url.appending(path: "site")
        for (query, width) in [("2024", 1280), ("July", 390)] {
            let data = try Self.measured(query, width: width, in: site, engine: engine)
            let result = try JSONDecoder().decode(ExportBrowserTests.Result.self, from: data)
            struct Extra: Decodable { var found: Int }
            let extra = try JSONDecoder().decode(Extra.self, from: data)
            let expected = try GridOracle(folder: work.url, album: nil, arguments: ["--query", query]).expected(width: width, height: 900)
            let label = "\(engine) '\(query)' @\(width) after changes"
            // "2024" finds every photo (the base's, the added ones and the one moved), "July" the
            // base's of July and the one added before them.
            #expect(extra.found == expected.items.count && expected.items.count >= 2, "\(label): \(extra.found) found, the engine finds \(expected.items.count)")
            ExportBrowserTests.check(result, expected: expected, label: label)
        }
    }

    /// How many photos `gallery layout --query` finds for `text`.
    static func found(_ text: String) throws -> Int {
        let run = try GalleryBinary.run(["layout", "--query", text, "--width", "800", "--json"], in: try SampleSite.folder)
        guard run.status == 0 else {
            // A query of no words finds nothing: the command says so as a usage error.
            return 0
        }
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (object?["items"] as? [Any])?.count ?? 0
    }

    /// (Chromium's fetch() refuses file:// URLs: a page that fetched its data would find nothing.)
    @Test("opened from disk (file://, where data files load as scripts, not by fetch) search finds and draws what the engine does")
    func fromDisk() throws {
        let site = try SampleSite.site
        let chromium = try ChromiumSession()
        try chromium.open(try #require(URL(string: site.appending(path: "search.html").absoluteString + "?q=harbour")), width: 390, height: 844)
        let value = try chromium.evaluate("""
            new Promise((resolve) => {
              const deadline = performance.now() + 30000;
              const check = () => {
                const grid = document.querySelector('.grid[data-search]');
                if (grid && grid.dataset.query === 'harbour' && grid.getAttribute('aria-busy') !== 'true') {
                  resolve({ protocol: location.protocol, found: Number(grid.dataset.found),
                            drawn: [...grid.querySelectorAll('.cell')].map((cell) => Number(cell.dataset.photoId)) });
                } else if (performance.now() > deadline) resolve({ error: 'nothing found within 30 s' });
                else requestAnimationFrame(check);
              };
              check();
            })
            """) as? [String: Any]
        let expected = try Self.expected("harbour", width: 390)
        #expect(value?["protocol"] as? String == "file:", "\(String(describing: value))")
        #expect(value?["found"] as? Int == expected.items.count, "\(String(describing: value)); the engine finds \(expected.items.count)")
        let drawn = Set((value?["drawn"] as? [Int] ?? []).map(Int64.init))
        #expect(!drawn.isEmpty && expected.items.filter { $0.y < 400 }.allSatisfy { drawn.contains($0.id) }, "drawn \(drawn)")
    }

    @Test("every page has the search box, a form that opens search.html with ?q=; the search page is left out of search engines")
    func searchBoxes() throws {
        let site = try SampleSite.site
        for page in ["index.html", "album-coast.html", "album-coast-wheel.html", try AlbumIndexFile(site: site, stem: "album-coast").plainPage(0), "favorites.html", "search.html"] {
            let html = try String(contentsOf: site.appending(path: page), encoding: .utf8)
            #expect(html.contains("<form class=\"search-box\" action=\"search.html\" method=\"get\" role=\"search\"><input type=\"search\" name=\"q\""), "\(page)")
        }
        let search = try String(contentsOf: site.appending(path: "search.html"), encoding: .utf8)
        #expect(search.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(search.contains("data-search=\"data/search.index.js\""))
    }
}
