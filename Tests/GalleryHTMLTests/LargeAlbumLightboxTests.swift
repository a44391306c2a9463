import Foundation
import GalleryTestSupport
import Testing

/// A large album in all three engines: the lightbox, deep links and focus reach photos far
/// past the cells the page holds.
@Suite("Large albums: the lightbox, deep links and focus across the whole album", .serialized)
struct LargeAlbumLightboxTests {
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
        let site = try LargeAlbum.work.get().site
        let album = try LargeAlbum.album()
        let probe = try LargeAlbum.probe(script: Self.lightboxScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Step: Decodable { var open: Bool; var hash: String; var caption: String; var src: String? }
        struct Result: Decodable { var steps: [Step]; var focused: Int64?; var inView: Bool; var cells: Int }
        let result = try JSONDecoder().decode(Result.self, from: engine.open(probe, in: site, width: 1100, height: 800))
        let expected = [album[0], album[album.count - 1], album[album.count - 2]]
        #expect(result.steps.map(\.hash) == expected.map { "#photo-\($0.id)" }, "\(engine): \(result.steps)")
        #expect(result.steps.map(\.caption) == expected.map(\.caption), "\(engine): \(result.steps)")
        // The large image, or first the cell's own while the large one loads (a site whose
        // images were encoded: GALLERY_LARGE_LIBRARY's), named by the page's address or whole
        // (the cell's `currentSrc`).
        let folders = result.steps.map { URL(string: $0.src ?? "", relativeTo: URL(string: "http://site/"))?.path.split(separator: "/").dropLast().last }
        #expect(result.steps.allSatisfy(\.open) && folders.allSatisfy { $0 == "large" || $0 == "thumbs" }, "\(engine): \(result.steps)")
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
        let site = try LargeAlbum.work.get().site
        let album = try LargeAlbum.album()
        let probe = try LargeAlbum.probe(script: Self.positionScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let middle = album[album.count / 2].id
        let known = try JSONDecoder().decode(Position.self, from: engine.open(probe + "#photo-\(middle)", in: site, width: 1100, height: 800))
        let top = try #require(known.top, "\(engine): photo \(middle) is not drawn: \(known)")
        #expect(top >= 0 && top < known.innerHeight && (known.bottom ?? 0) > 0, "\(engine): photo \(middle) is not in view: \(known)")
        #expect(known.scrollY > 10_000 && known.messages.isEmpty, "\(engine): \(known)")
        let unknown = try JSONDecoder().decode(Position.self, from: engine.open(probe + "#photo-99999999", in: site, width: 1100, height: 800))
        #expect(unknown.scrollY == 0 && unknown.cells > 0, "\(engine): an unknown photo: \(unknown)")
    }

    @Test("the focused cell stays in the page while the visitor scrolls far away, and Tab goes on from it in album order",
          arguments: BrowserEngine.allCases)
    func focusSurvivesRecycling(engine: BrowserEngine) throws {
        let site = try LargeAlbum.work.get().site
        let probe = try LargeAlbum.probe(script: """
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

    /// The page's side of `walk`: the data files the page fetches (resource timing, which sees
    /// a file loaded again even from the browser's cache), by lap: 0 the page and its first
    /// photo, 1 the album's other photos, 2 the first `again` photos once more. A step waits for
    /// its photo's image (past 20 quick steps the address follows only every 400 ms: browsers
    /// refuse more), the walk's end for the last photo's address.
    static func walkScript(count: Int, again: Int, lastID: Int64) -> String {
        """
        const key = (name) => document.dispatchEvent(new KeyboardEvent('keydown', { key: name }));
        // Each lap's start (entries are told after their fetch ends: by when they started).
        const laps = [0, Infinity, Infinity];
        const fetched = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const path = new URL(entry.name).pathname;
            const lap = laps.filter((start) => entry.startTime >= start).length - 1;
            if (path.includes('/data/')) fetched.push({ lap, file: path.slice(path.lastIndexOf('/data/') + 1) });
          }
        }).observe({ type: 'resource', buffered: true });
        window.addEventListener('load', async () => {
          await galleryDrawn(document.querySelector('.grid'));
          const box = document.querySelector('.lightbox');
          const image = box.querySelector('img');
          const caption = box.querySelector('.lightbox-caption');
          document.querySelector('.grid .cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          await galleryWaitFor(() => !box.hidden && location.hash && image.getAttribute('src'), 'the lightbox');
          const first = location.hash;
          laps[1] = performance.now();
          let steps = 1;
          for (let n = 1; n < \(count) + \(again); n++) {
            if (n === \(count)) laps[2] = performance.now();
            const before = image.getAttribute('src');
            key('ArrowRight');
            await galleryWaitFor(() => (image.getAttribute('src') && image.getAttribute('src') !== before) || caption.textContent === galleryWords.notLoaded, 'photo ' + n, 30);
            if (caption.textContent === galleryWords.notLoaded) throw new Error('photo ' + n + ': ' + caption.textContent);
            steps += 1;
          }
          await galleryWaitFor(() => location.hash === '#photo-\(lastID)', 'the last photo in the address');
          galleryTestReport({ first, steps, fetched });
        });
        """
    }

    @Test("a walk through the whole album keeps only the data near it: what it let go is fetched again, nothing twice in a lap",
          arguments: BrowserEngine.allCases)
    func walkKeepsLittle(engine: BrowserEngine) throws {
        let index = try AlbumIndexFile(site: try LargeAlbum.work.get().site)
        try Self.walk(engine: engine, page: "index.html", order: try LargeAlbum.album().map(\.id), files: index.chunks) {
            index.chunkFile(index.chunk(holding: $0))
        }
    }

    @Test("a walk through a search's 1,200 results keeps only the cells near it: what it let go is fetched again",
          arguments: BrowserEngine.allCases)
    func searchWalkKeepsLittle(engine: BrowserEngine) throws {
        let work = try LargeAlbum.work.get()
        let search = try SearchIndexFile(site: work.site)
        // The album's name finds every photo: result k is document k.
        let layout = try GalleryBinary.run(["layout", "--db", work.database, "--query", "big", "--width", "1100", "--json"], in: work.folder)
        let order = try JSONDecoder().decode(LargeAlbum.Layout.self, from: Data(layout.stdout.utf8)).items.map(\.id)
        try #require(order.count == search.count, "the search finds \(order.count) of \(search.count) photos")
        let blockFile = { (k: Int) in search.docs.replacingOccurrences(of: "{n}", with: String(search.blocks[(search.blockStarts.lastIndex { $0 <= k }) ?? 0])) }
        try Self.walk(engine: engine, page: "search.html", query: "?q=big", order: order, files: search.blocks.indices.map { blockFile(search.blockStarts[$0]) }, fileOf: blockFile)
    }

    /// Walks the lightbox of `page` through all of `order` (the photos' ids) and the first 300
    /// again; checks that the first lap fetched each of `files` once, and the second again
    /// those of photos 200 to 300 (`fileOf` a photo's position), far below the grid's first
    /// screen (the page's own, kept) and walked a whole album ago.
    static func walk(engine: BrowserEngine, page: String, query: String = "", order: [Int64], files: [String], fileOf: (Int) -> String) throws {
        let site = try LargeAlbum.work.get().site
        let again = 300
        let probe = try LargeAlbum.probe(script: Self.walkScript(count: order.count, again: again, lastID: order[again - 1]), page: page)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Fetch: Decodable { var lap: Int; var file: String }
        struct Result: Decodable { var first: String; var steps: Int; var fetched: [Fetch] }
        let result = try JSONDecoder().decode(Result.self, from: engine.open(probe + query, in: site, width: 1100, height: 800))
        #expect(result.first == "#photo-\(order[0])" && result.steps == order.count + again, "\(engine), \(page): \(result.first), \(result.steps) steps")
        // A lap fetches each file once: the page keeps what it walks through long enough. (The
        // opening preloads the last photo, its neighbour: a fetch WebKit may start after the
        // walk has.)
        let opening = fileOf(order.count - 1)
        for laps in [1 ... 1, 2 ... 2] {
            let fetched = result.fetched.filter { laps.contains($0.lap) && $0.file != opening }.map(\.file)
            let twice = Dictionary(grouping: fetched, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(twice.isEmpty, "\(engine), \(page): laps \(laps) fetched \(twice.prefix(5)) more than once")
        }
        let firstLap = Set(result.fetched.filter { $0.lap <= 1 }.map(\.file))
        #expect(firstLap.isSuperset(of: files), "\(engine), \(page): never fetched: \(Set(files).subtracting(firstLap).sorted().prefix(5))")
        let secondLap = Set(result.fetched.filter { $0.lap == 2 }.map(\.file))
        let letGo = Set((200 ..< again).map(fileOf))
        #expect(secondLap.isSuperset(of: letGo), "\(engine), \(page): kept from a lap ago: \(letGo.subtracting(secondLap).sorted())")
    }
}
