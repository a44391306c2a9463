import Foundation
@testable import GalleryHTML
import GalleryService
import GalleryStore
import GalleryTestSupport
import Testing

/// The album page places its cells itself, a group of photos at a time, from where the engine's
/// columns ended before the group (`AlbumData.Columns`) and the group's shapes
/// (`galleryPlaceGroup`): its data chunks carry no places, so a caption edited rewrites one
/// chunk, not every one after it. The placement must be the engine's to the bit: a column
/// chosen otherwise at one tie would move every cell after it in the group and overlap the
/// next group's.
@Suite("Data chunks placed by the page: every cell where the engine put it", .serialized)
struct ChunkPlacementTests {
    /// 2,000 photos of one size and no text in one folder (about 60 chunks in two groups or
    /// more, cut by content): the columns grow by the same steps, so the engine meets exact ties
    /// at almost every photo and takes the leftmost.
    static let site: Swift.Result<(work: TemporaryDirectory, site: URL), any Error> = Swift.Result {
        let work = try TemporaryDirectory("chunk-placement")
        let made = try GalleryBinary.run(["--many", "2000", "--size", "300x200", "made"], in: work.url, executable: GalleryBinary.sampleData)
        guard made.status == 0 else { throw HeadlessChromium.Failure(description: "make-sample-data failed: \(made.stderr)") }
        // The generator puts 500 in a folder: one album of them all.
        let photos = work.url.appending(path: "photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for folder in try FileManager.default.contentsOfDirectory(at: work.url.appending(path: "made"), includingPropertiesForKeys: nil) {
            for file in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
                try FileManager.default.moveItem(at: file, to: photos.appending(path: file.lastPathComponent))
            }
        }
        // Exported without one photo in 20, then with them: the search numbers those as added
        // (`SearchNumbering`), their words in shards of their own beside the others'.
        let later = work.url.appending(path: "later")
        try FileManager.default.createDirectory(at: later, withIntermediateDirectories: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: photos.path).filter { $0.hasSuffix(".jpg") }.sorted()
        for (number, name) in files.enumerated() where number % 20 == 7 {
            try FileManager.default.moveItem(at: photos.appending(path: name), to: later.appending(path: name))
        }
        let site = work.url.appending(path: "site")
        func importAndExport() throws {
            let imported = try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url)
            guard imported.status == 0 else { throw HeadlessChromium.Failure(description: "gallery import failed: \(imported.stderr)") }
            _ = try SiteExporter(database: try GalleryDatabase(path: work.path + "/gallery.db"), outFolder: site.path, encodeImages: false).run()
        }
        try importAndExport()
        for name in try FileManager.default.contentsOfDirectory(atPath: later.path) {
            try FileManager.default.moveItem(at: later.appending(path: name), to: photos.appending(path: name))
        }
        try importAndExport()
        return (work, site)
    }

    struct Report: Decodable {
        struct Placed: Decodable { var index: Int; var column: Int; var y: Double }
        struct Drawn: Decodable { var index: Int; var x: Double; var y: Double }
        var groups: Int
        var chunks: Int
        var placed: [Placed]
        var drawn: [Drawn]
    }

    /// Every group placed by the page's own function (the band shown, at the width drawn), and
    /// every cell drawn as the page scrolls from top to bottom half a screen at a time.
    static let probe = """
        window.addEventListener('load', async () => {
          const grid = document.querySelector('.grid[data-layout]');
          const index = await galleryAlbumIndex(grid.dataset.layout);
          const b = galleryBandShown(grid), w = galleryItemWidth(grid, index, b);
          const placed = [];
          for (let g = 0; g < index.groups.length; g++) {
            const shapes = await galleryGroupShapes(index, g);
            galleryPlaceGroup(index, g, shapes).forEach((place, j) => {
              placed.push({ index: index.chunkStarts[index.groups[g]] + j, column: place.c[b], y: place.t[b] * w + place.y[b] });
            });
          }
          const drawn = new Map();
          for (let top = 0; ; top += innerHeight / 2) {
            window.scrollTo(0, top);
            window.dispatchEvent(new Event('scroll'));
            await galleryDrawn(grid);
            const g = grid.getBoundingClientRect();
            for (const cell of grid.querySelectorAll('.cell')) {
              const r = cell.getBoundingClientRect();
              drawn.set(cell.dataset.index, { index: Number(cell.dataset.index), x: r.left - g.left, y: r.top - g.top });
            }
            if (top > g.height) break;
          }
          galleryTestReport({ groups: index.groups.length, chunks: index.chunkStarts.length, placed, drawn: [...drawn.values()] });
        });
        """

    @Test("2,000 photos of one size (ties at almost every step), at a phone's, a laptop's and a wide screen's width", arguments: BrowserEngine.allCases)
    func tiesAtEveryStep(engine: BrowserEngine) throws {
        let (work, site) = try Self.site.get()
        let page = try EngineExportTests.probe("index.html", in: site, script: Self.probe)
        defer { try? FileManager.default.removeItem(at: site.appending(path: page)) }
        for (width, height) in [(390, 844), (1280, 900), (2100, 1000)] {
            let expected = try GridOracle(folder: work.url).expected(width: width, height: height)
            try #require(expected.items.count == 2_000)
            let result = try JSONDecoder().decode(Report.self, from: engine.open(page, in: site, width: width, height: height))
            #expect(result.groups >= 2 && result.chunks >= 2_000 / AlbumCuts.maximumChunk, "\(result.groups) groups, \(result.chunks) chunks")
            #expect(result.placed.count == 2_000 && result.drawn.count == 2_000, "\(engine) at \(width): \(result.placed.count) placed, \(result.drawn.count) drawn")
            for placed in result.placed {
                let item = expected.items[placed.index]
                #expect(placed.column == item.column && abs(placed.y - item.y) <= 0.5,
                        "\(engine) at \(width), photo \(placed.index): placed in column \(placed.column) at \(placed.y), the engine's \(item.column) at \(item.y)")
            }
            for drawn in result.drawn {
                let item = expected.items[drawn.index]
                #expect(abs(drawn.x - item.x) <= 0.5 && abs(drawn.y - item.y) <= 0.5,
                        "\(engine) at \(width), photo \(drawn.index): drawn at \(drawn.x), \(drawn.y), the engine's \(item.x), \(item.y)")
            }
        }
    }

    /// Where the photo a deep link names is drawn, once the page is quiet.
    static let deepLinkProbe = """
        window.addEventListener('load', async () => {
          const grid = document.querySelector('.grid');
          // The index, the groups' ids, then the photo's chunk: the grid is busy until it is drawn.
          await galleryDrawn(grid);
          const target = document.getElementById(location.hash.slice(1));
          const g = grid.getBoundingClientRect(), r = target ? target.getBoundingClientRect() : null;
          const names = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.split('/').pop());
          const ids = names.filter((name) => name.includes('.ids-'));
          // What the page preloads, each asked for once (fetch() would not take a script's preload).
          const preloaded = [...document.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => new URL(link.href).pathname.split('/').pop())
            .map((name) => ({ name, requests: names.filter((other) => other === name).length }));
          galleryTestReport({ innerHeight, x: r ? r.left - g.left : null, y: r ? r.top - g.top : null, top: r ? r.top : null,
                              messages: [...document.querySelectorAll('.grid-message')].map(m => m.textContent), ids, preloaded });
        });
        """

    @Test("PAGE#photo-ID of a photo in the album's last group: found through the ids of the groups whose spans hold it only, drawn in view where the engine put it",
          arguments: BrowserEngine.allCases)
    func deepLinkIntoLastGroup(engine: BrowserEngine) throws {
        let (work, site) = try Self.site.get()
        let index = try AlbumIndexFile(site: site)
        try #require(index.groups.count >= 2, "\(index.groups.count) groups")
        let expected = try GridOracle(folder: work.url).expected(width: 390, height: 844)
        // The middle of the last group: not in the page's HTML, nor in the first group's ids.
        let first = index.chunkStarts[index.groups[index.groups.count - 1]]
        let item = expected.items[(first + index.count) / 2]
        let page = try EngineExportTests.probe("index.html", in: site, script: Self.deepLinkProbe)
        defer { try? FileManager.default.removeItem(at: site.appending(path: page)) }
        struct Report: Decodable {
            var innerHeight: Double, x: Double?, y: Double?, top: Double?, messages: [String], ids: [String]
            /// Each file the page preloads and how many times it was asked for.
            var preloaded: [Preloaded]
            struct Preloaded: Decodable { var name: String, requests: Int }
        }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(page + "#photo-\(item.id)", in: site, width: 390, height: 844))
        // The photos imported later (one in 20, sorted in everywhere) are a span of each group's
        // own: the spans of the last group alone hold a photo of the first import.
        let holding = index.groups(holdingID: item.id)
        #expect(holding == [index.groups.count - 1], "photo \(item.id) in the spans of groups \(holding): \(index.idSpans)")
        let named: [String] = holding.flatMap { index.ids(ofGroup: $0) }.map { String($0.dropFirst("data/".count)) }
        #expect(Set(report.ids) == Set(named), "\(engine): loaded \(report.ids) for a photo in the spans of groups \(holding)")
        let (x, y, top) = (try #require(report.x, "\(engine): photo \(item.id) not drawn: \(report)"), report.y ?? .nan, report.top ?? .nan)
        #expect(abs(x - item.x) <= 0.5 && abs(y - item.y) <= 0.5, "\(engine): photo \(item.id) (index \(item.index)) drawn at \(x), \(y), the engine's \(item.x), \(item.y)")
        #expect(top >= 0 && top < report.innerHeight && report.messages.isEmpty, "\(engine): \(report)")
        // Its index and columns: preloaded, and not asked for again.
        #expect(report.preloaded.count == 2 && report.preloaded.allSatisfy { $0.requests == 1 }, "\(engine): \(report.preloaded.map { "\($0.name) asked for \($0.requests) times" })")
    }

    @Test("a word of every photo is found in both sets of the search's word shards (the base's photos' and the added photos'): all 2,000, the first screen where `gallery layout --query` puts it",
          arguments: BrowserEngine.allCases)
    func searchAcrossShards(engine: BrowserEngine) throws {
        let (work, site) = try Self.site.get()
        let search = try SearchIndexFile(site: site)
        #expect(!search.shards.isEmpty && !search.recentShards.isEmpty && search.added.count == 100, "the base's shards \(search.shards), the added photos' \(search.recentShards)")
        let expected = try GridOracle(folder: work.url, album: nil, arguments: ["--query", "photo"]).expected(width: 390, height: 844)
        try #require(expected.items.count == 2_000)
        let probe = try SearchPageTests.probe(in: site, script: ExportBrowserTests.measureScript + """
            window.addEventListener('load', () => gallerySearched('photo').then(async (grid) => {
              const result = await galleryMeasure();
              result.found = Number(grid.dataset.found);
              galleryTestReport(result);
            }).catch((error) => galleryTestReport({ error: String(error) })));
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let data = try engine.open(probe + "?q=photo", in: site, width: 390, height: 844)
        struct Found: Decodable { var found: Int }
        let found = try JSONDecoder().decode(Found.self, from: data).found
        #expect(found == 2_000, "\(engine): \(found) found")
        // Placed as far as the screen reaches (the page places more as the visitor scrolls):
        // each cell drawn at the engine's frame, every one the first screen meets drawn.
        let result = try JSONDecoder().decode(ExportBrowserTests.Result.self, from: data)
        let computed = Dictionary(uniqueKeysWithValues: expected.items.map { (String($0.id), $0) })
        for cell in result.cells {
            let item = try #require(computed[cell.id], "\(engine): cell \(cell.id) drawn, not found by the engine")
            #expect(abs(cell.x - item.x) <= 0.5 && abs(cell.y - item.y) <= 0.5 && abs(cell.w - item.width) <= 0.5 && abs(cell.h - item.height) <= 0.5,
                    "\(engine): photo \(cell.id) drawn at \([cell.x, cell.y, cell.w, cell.h]), the engine's \([item.x, item.y, item.width, item.height])")
        }
        let firstScreen = Set(expected.items.filter { $0.y < 844 }.map { String($0.id) })
        #expect(!firstScreen.isEmpty && firstScreen.isSubset(of: result.cells.map(\.id)), "\(engine): \(firstScreen.subtracting(result.cells.map(\.id)).sorted()) not drawn")
    }
}
