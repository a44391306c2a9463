import Foundation
import GalleryTestSupport
import Testing

/// The index page's album cards in the album grid's columns: two a row on a phone, where the
/// engine puts the grid's first columns; fewer albums than columns are centred.
@Suite("The index page's album cards sit in the album grid's columns")
struct IndexGridTests {
    struct Card: Decodable {
        var left: Double
        var top: Double
        var width: Double
        var height: Double
    }

    /// `gallery layout --album coast --viewport W×H --json`: the engine's grid of the sample's coast.
    static func engineGrid(width: Int, height: Int) throws -> [String: Any] {
        let layout = try GalleryBinary.run(["layout", "--album", "coast", "--viewport", "\(width)x\(height)", "--json"], in: SampleSite.folder)
        #expect(layout.status == 0, "\(layout.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
    }

    @Test("at 390 px two cards a row in the engine's columns; at 1280 px three cards centred in four columns",
          arguments: BrowserEngine.allCases)
    func cards(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            window.addEventListener('load', async () => {
              // The cards' boxes come from the style sheet, not the images: the covers need only
              // have settled (WebKit may keep a srcset image without a size: ExportBrowserTests).
              const images = [...document.querySelectorAll('.album-card img')];
              await galleryWaitFor(() => images.every((image) => image.complete), 'the covers to settle', 30);
              // Relative to the cards' grid, which is placed as the album grid is (a scrollbar,
              // where an engine draws one, takes its width from beside both).
              const grid = document.querySelector('.albums').getBoundingClientRect();
              galleryTestReport([...document.querySelectorAll('.album-card')].map((card) => {
                const image = card.querySelector('img');
                const box = image.getBoundingClientRect();
                return { left: box.left - grid.left, top: box.top, width: box.width, height: box.height };
              }));
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        for (width, height) in [(390, 844), (1280, 900)] {
            // The engine's grid at this viewport: its columns' x and the items' width.
            let grid = try Self.engineGrid(width: width, height: height)
            let columns = try #require(grid["columns"] as? Int)
            let contentWidth = try #require(grid["contentWidth"] as? Double)
            let items = try #require(grid["items"] as? [[String: Any]])
            var columnX: [Int: Double] = [:]
            for item in items { columnX[item["column"] as? Int ?? -1] = item["x"] as? Double }
            let itemWidth = try #require(items.first?["width"] as? Double)
            let step = try #require(columnX[1]) - columnX[0]!

            let cards = try JSONDecoder().decode([Card].self, from: engine.open(probe, in: site, width: width, height: height))
            #expect(cards.count == 3, "the sample's three albums")
            let shown = min(columns, cards.count)
            // With as many cards as columns, the engine's columns; with fewer, the row of cards
            // centred in the grid.
            let rowWidth = Double(shown - 1) * step + itemWidth
            func left(_ column: Int) -> Double {
                shown == columns ? columnX[column]! : contentWidth / 2 - rowWidth / 2 + Double(column) * step
            }
            for (index, card) in cards.enumerated() {
                let column = index % shown
                #expect(abs(card.left - left(column)) <= 0.5, "\(engine) \(width): card \(index) at \(card.left), expected \(left(column))")
                #expect(abs(card.width - itemWidth) <= 0.5 && abs(card.height - itemWidth) <= 0.5, "\(engine) \(width): card \(index) is \(card.width)×\(card.height), the grid's items \(itemWidth)")
                if index >= shown { #expect(card.top > cards[index - shown].top + card.height, "\(engine) \(width): card \(index) starts a new row") }
                if column > 0 { #expect(abs(card.top - cards[index - 1].top) <= 0.5, "\(engine) \(width): card \(index) shares its row") }
            }
            #expect(columns == (width == 390 ? 2 : 4), "the sample's bands changed: \(columns) columns at \(width) px")
        }
    }

    @Test("the grid images' sizes are the engine's item width at a phone, a desktop and the widest band",
          arguments: BrowserEngine.allCases)
    func gridImageSizes(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        // An image of a w-described srcset reports as its natural width the length `sizes`
        // gives it (HTML's density-corrected width), whichever source was picked.
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: """
            window.addEventListener('load', async () => {
              const images = [...document.querySelectorAll('.cell img.photo')].filter((image) => image.loading === 'eager');
              // WebKit now and then keeps a srcset image loaded without a size (naturalWidth 0:
              // ExportBrowserTests): the images that have one answer.
              await galleryWaitFor(() => images.every((image) => image.complete) && images.some((image) => image.naturalWidth > 0), 'the first images to load', 60);
              galleryTestReport(images.filter((image) => image.naturalWidth > 0).map((image) => image.naturalWidth));
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        for (width, height) in [(390, 844), (1280, 900), (2100, 900)] {
            let itemWidth = try #require((try Self.engineGrid(width: width, height: height)["items"] as? [[String: Any]])?.first?["width"] as? Double)
            let widths = try JSONDecoder().decode([Double].self, from: engine.open(probe, in: site, width: width, height: height))
            #expect(!widths.isEmpty, "\(engine) \(width): no image loaded eagerly")
            // naturalWidth is a whole number of CSS px.
            #expect(widths.allSatisfy { abs($0 - itemWidth) <= 1 }, "\(engine) \(width): sizes give \(widths), the engine's items are \(itemWidth) px")
        }
    }

    @Test("the carousel's images are sized to their box, capped at the window, in every engine",
          arguments: BrowserEngine.allCases)
    func viewImageSizes(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        // The carousel's items are drawn untransformed (the wheel's and the circle's rotated
        // boxes are not the boxes their sizes name); their sizes come from the same writer.
        for view in ["carousel"] {
            let probe = try EngineExportTests.probe("album-coast-\(view).html", in: site, script: """
                window.addEventListener('load', async () => {
                  const images = [...document.querySelectorAll('main img[sizes]')].filter((image) => image.loading === 'eager');
                  // Those with a size (WebKit may keep one without: as above).
                  await galleryWaitFor(() => images.every((image) => image.complete) && images.some((image) => image.naturalWidth > 0), 'the first images to load', 60);
                  // The box each image covers: as wide as its box, or wider where the photo is.
                  galleryTestReport(images.filter((image) => image.naturalWidth > 0).map((image) => {
                    const box = image.getBoundingClientRect(), ratio = image.naturalWidth / image.naturalHeight;
                    const wanted = Math.min(Math.ceil(Math.max(box.width, box.height * ratio)), window.innerWidth);
                    return [image.naturalWidth, wanted];
                  }));
                });
                """)
            defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
            let pairs = try JSONDecoder().decode([[Double]].self, from: engine.open(probe, in: site, width: 390, height: 844))
            #expect(!pairs.isEmpty, "\(engine) \(view): no image loaded eagerly")
            // Rounded both ways, and the ratio read back from whole pixels.
            #expect(pairs.allSatisfy { abs($0[0] - $0[1]) <= 3 }, "\(engine) \(view): [sizes, box] \(pairs)")
        }
    }

    @Test("a cover's sources and sizes give a phone at 3× enough pixels for its square card")
    func coverSizes() throws {
        let site = try SampleSite.site
        let page = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        let images = page.matches(of: #/<a class="album-card"[^>]*><img [^>]*srcset="(?<srcset>[^"]+)" sizes="(?<sizes>[^"]+)"/#)
        #expect(images.count == 3)
        // What Chromium picks at 390×844 at 3×: the cover is drawn no softer than 1 source pixel a device pixel.
        let picked = try HeadlessChromium.evaluate(page: site.appending(path: "index.html"), script: """
            window.addEventListener('load', async () => {
              const images = [...document.querySelectorAll('.album-card img')];
              await galleryWaitFor(() => images.every((image) => image.complete && image.naturalWidth > 0), 'the covers to load', 30);
              galleryTestReport(images.map((image) => {
                // naturalWidth is density-corrected by sizes: the source's own width is its w.
                const chosen = image.srcset.split(', ').map((entry) => entry.split(' '))
                  .find(([url]) => new URL(url, document.baseURI).href === image.currentSrc);
                const width = parseFloat(chosen[1]), height = width * image.naturalHeight / image.naturalWidth;
                const box = image.getBoundingClientRect();
                return Math.max(box.width / width, box.height / height) * devicePixelRatio;
              }));
            });
            """, width: 390, height: 844, scale: 3, mobile: true)
        let scales = try JSONDecoder().decode([Double].self, from: Data(picked.utf8))
        #expect(scales.count == 3 && scales.allSatisfy { $0 <= 1.05 }, "device pixels per source pixel: \(scales)")
    }
}
