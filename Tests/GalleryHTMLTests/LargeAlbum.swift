import Foundation
import GalleryHTML
import GalleryStore
import GalleryTestSupport
import Testing

/// An album of more than a thousand photos, imported and exported once for the large-album suites
/// (which run side by side: each is serialized, so one browser at a time per suite), and
/// what they share: probes added to its album page, the walk that scrolls it, and the check
/// of every drawn cell against `gallery layout`.
enum LargeAlbum {
    /// `GALLERY_LARGE_LIBRARY=DIR`: the suites run on a library imported and exported before, in
    /// DIR/find.db and DIR/find-site (`bench/run.sh find` leaves its 100,000 photos there, album
    /// "big", made by the same generator), instead of making 1,200: how the browse and scrubber
    /// checks are run by hand at the issue's size, which would take `make test` ten minutes.
    static let given = ProcessInfo.processInfo.environment["GALLERY_LARGE_LIBRARY"].map { URL(fileURLWithPath: $0) }

    /// The album's photos: 1,200, or as many as the given library's album has.
    static let photoCount: Int = {
        guard let given else { return 1_200 }
        let listed = try? GalleryBinary.run(["photos", "--db", given.appending(path: "find.db").path, "--album", "big", "--json"], in: given)
        let photos = listed.flatMap { try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [Any] }
        return photos?.count ?? 0
    }()

    /// The made library's folder, kept for the whole run.
    private static let madeFolder = Result { try TemporaryDirectory("large-album") }

    /// One library and one export for the suites (images are not encoded: positions do not
    /// depend on them, and thousands of encodes would take minutes).
    static let work: Result<(folder: URL, database: String, site: URL), any Error> = Result {
        if let given { return (given, given.appending(path: "find.db").path, given.appending(path: "find-site")) }
        let folder = try madeFolder.get()
        let photos = folder.url.appending(path: "photos")
        let made = try GalleryBinary.run(["--album", String(photoCount), photos.path], in: folder.url, executable: GalleryBinary.sampleData)
        guard made.status == 0 else { throw HeadlessChromium.Failure(description: "make-sample-data failed: \(made.stderr)") }
        let database = folder.url.appending(path: "library.db").path
        let imported = try GalleryBinary.run(["import", photos.path, "--db", database, "--quiet"], in: folder.url)
        guard imported.status == 0 else { throw HeadlessChromium.Failure(description: "gallery import failed: \(imported.stderr)") }
        let site = folder.url.appending(path: "site")
        _ = try SiteExporter(database: try GalleryDatabase(path: database), outFolder: site.path, encodeImages: false).run()
        return (folder.url, database, site)
    }

    /// `settle()` (the grid drawn after a scroll) and `report()` (what is drawn, as a `Step`
    /// without its `at`) for the container and items of a view.
    static func reportScript(container: String, item: String) -> String {
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
          // Masonry: its columns; rows: its band.
          const k = parseInt(getComputedStyle(grid).getPropertyValue(containerSelector === '.justified' ? '--band' : '--columns'));
          const cells = [...grid.querySelectorAll(itemSelector)].map(cell => {
            const r = cell.getBoundingClientRect();
            return { id: Number(cell.dataset.photoId), index: Number(cell.dataset.index), x: r.left - g.left, y: r.top - g.top, w: r.width, h: r.height,
                     setsize: Number(cell.getAttribute('aria-setsize')), posinset: Number(cell.getAttribute('aria-posinset')) };
          });
          const order = cells.map(c => c.index);
          return { k, vw: innerWidth, viewTop: -g.top, viewHeight: innerHeight, gridHeight: g.height, elements: document.getElementsByTagName('*').length,
                   inOrder: order.every((v, i) => i === 0 || order[i - 1] < v), cells, messages: document.querySelectorAll('.grid-message').length };
        };
        """
    }

    /// Scrolls to each position (a fraction of the grid's height; "resize" narrows the frame),
    /// waits until every data file asked for is drawn, and reports what is drawn.
    static func walkScript(container: String, item: String) -> String {
        reportScript(container: container, item: item) + """
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
    /// album page's grid, or its justified page, in a window `width` wide).
    static func engine(width: Double, top: Double, height: Double, justified: Bool = false, album: String = "big") throws -> Layout {
        let work = try Self.work.get()
        let shape = (justified ? ["--kind", "justified"] : []) + ["--viewport", "\(Int(width))x900", "--rect", "0,\(top),\(Int(width)),\(height)"]
        let output = try GalleryBinary.run(["layout", "--db", work.database, "--album", album] + shape + ["--json"], in: work.folder)
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

    /// Every step's cells against `gallery layout --rect` for its viewport: all in view drawn,
    /// none far away, each at the engine's frame, none overlapping, in album order, few.
    /// `album`: `gallery layout --album`'s name for the page (a browse page's "keyword:…"), of `count` photos.
    static func check(_ steps: [Step], label name: String, justified: Bool, album: String = "big", count: Int = photoCount) throws {
        for step in steps {
            let label = "\(name), \(step.at), " + (justified ? "band \(step.k)" : "\(step.k) columns")
            let overscan = max(600, step.viewHeight)
            let layout = try Self.engine(width: step.vw, top: step.viewTop, height: step.viewHeight, justified: justified, album: album)
            let near = try Self.engine(width: step.vw, top: step.viewTop - overscan, height: step.viewHeight + 2 * overscan, justified: justified, album: album)
            // Browsers keep rects in 32-bit floats: past 2^23 px down a page (a 100,000-photo album
            // on a phone) a reading is 1 px steps, 2 past 2^24, Chromium's rounded and Firefox's
            // cut, so a height is that close and a position (two readings: the cell's and the
            // grid's) twice that, no closer. Below 2^20 px (albums of thousands) it adds under 1/4 px.
            let readableHeight = Double(Float(layout.contentHeight).ulp)
            #expect(abs(step.gridHeight - layout.contentHeight) < 0.5 + readableHeight, "\(label): grid \(step.gridHeight) px, layout \(layout.contentHeight)")
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
                let readable = 2 * Double(Float(item.y).ulp)
                #expect(off <= 0.5 + readable, "\(label): photo \(cell.id) drawn at \(cell.x),\(cell.y) \(cell.w)×\(cell.h), engine \(item.x),\(item.y) \(item.width)×\(item.height)")
                if !justified {
                    #expect(cell.setsize == count && cell.posinset == cell.index + 1, "\(label): photo \(cell.id) aria \(cell.posinset ?? 0)/\(cell.setsize ?? 0)")
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
        let layout = try GalleryBinary.run(["layout", "--db", work.database, "--album", "big", "--width", "252", "--columns", "1", "--json"], in: work.folder)
        let photos = try GalleryBinary.run(["photos", "--db", work.database, "--json"], in: work.folder)
        let captions = Dictionary(try JSONDecoder().decode([Photo].self, from: Data(photos.stdout.utf8)).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return try JSONDecoder().decode(Layout.self, from: Data(layout.stdout.utf8)).items.compactMap { captions[$0.id] }
    }

}
