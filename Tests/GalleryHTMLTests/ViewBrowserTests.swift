import Foundation
import GalleryHTML
import GalleryLayout
import GallerySitePlan
import GalleryTestSupport
import Testing

/// The album's other views in a real browser: what is drawn at sampled scroll offsets and
/// window sizes against the engine's own attributes (GalleryLayout, called here directly).
@Suite("Wheel, carousel, circle and rows, checked against the engine in a real browser")
struct ViewBrowserTests {
    /// One page of the sample gallery (`SampleSite`, built once for the run), with its text
    /// and the item size its view element declares.
    struct SamplePage {
        var url: URL
        var html: String
        var itemSize: LayoutSize

        init(_ name: String) throws {
            url = try SampleSite.site.appending(path: name)
            html = try String(contentsOf: url, encoding: .utf8)
            itemSize = LayoutSize(width: (try? ViewBrowserTests.number(html, "data-item-width")) ?? 0, height: (try? ViewBrowserTests.number(html, "data-item-height")) ?? 0)
        }
    }

    static func number(_ page: String, _ attribute: String) throws -> Double {
        guard let range = page.range(of: "\(attribute)=\""),
              let end = page[range.upperBound...].firstIndex(of: "\""),
              let value = Double(page[range.upperBound ..< end])
        else { throw HeadlessChromium.Failure(description: "no \(attribute) in the page") }
        return value
    }

    /// The difference of two angles, taken round the circle.
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        abs(remainder(a - b, 2 * Double.pi))
    }

    /// `scrollTo` scrolls a view with snapping off and lets the page react: the scroll event
    /// the browser fires with its next frame is fired now (the page's handler is the same).
    /// `letGo` scrolls a snapping view and waits for it to come to rest (scrollend).
    static let frame = """
        const scrollTo = async (scroller, x) => { scroller.scrollLeft = x; scroller.dispatchEvent(new Event('scroll')); };
        const letGo = async (scroller, x) => {
          const ended = galleryNextEvent(scroller, 'scrollend');
          scroller.scrollLeft = x;
          await ended;
          scroller.dispatchEvent(new Event('scroll'));
        };
        """

    // MARK: - Wheel

    struct WheelResult: Decodable {
        struct Item: Decodable { var left: Double; var top: Double; var angle: Double; var visible: Bool; var z: Int; var cx: Double; var cy: Double; var origin: String }
        struct Sample: Decodable { var offset: Double; var vw: Double; var vh: Double; var items: [Item] }
        struct Rest: Decodable { var from: Double; var at: Double }
        var samples: [Sample]
        var rests: [Rest]
        var max: Double
    }

    @Test("wheel: at sampled offsets every card's drawn rotation, position, culling and stacking are the engine's; it rests on a card")
    func wheel() throws {
        let sample = try SamplePage("album-coast-wheel.html")
        let (page, html, size) = (sample.url, sample.html, sample.itemSize)
        let radius = try Self.number(html, "data-radius")
        let script = """
            \(Self.frame)
            window.addEventListener('load', async () => {
              const wheel = document.querySelector('.wheel');
              const max = wheel.scrollWidth - wheel.clientWidth;
              const stage = wheel.querySelector('.wheel-stage');
              const samples = [];
              wheel.style.scrollSnapType = 'none';
              for (const f of [0, 0.013, 0.25, 0.5, 0.613, 0.999, 1]) {
                await scrollTo(wheel, f * max);
                const s = stage.getBoundingClientRect();
                const items = [...wheel.querySelectorAll('.wheel-item')].map(item => {
                  const style = getComputedStyle(item);
                  const m = new DOMMatrix(style.transform);
                  const b = item.getBoundingClientRect();
                  return { left: item.offsetLeft, top: item.offsetTop, angle: Math.atan2(m.b, m.a), visible: style.visibility !== 'hidden',
                           z: Number(style.zIndex), cx: (b.left + b.right) / 2 - s.left, cy: (b.top + b.bottom) / 2 - s.top, origin: style.transformOrigin };
                });
                samples.push({ offset: wheel.scrollLeft, vw: wheel.clientWidth, vh: wheel.clientHeight, items });
              }
              // Let go between cards: scrolling comes to rest on one.
              wheel.style.scrollSnapType = '';
              const rests = [];
              for (const f of [0.13, 0.52, 0.77]) {
                await letGo(wheel, f * max);
                rests.push({ from: f * max, at: wheel.scrollLeft });
              }
              galleryTestReport({ samples, rests, max });
            });
            """
        var checkedOffsets = 0
        for (width, height) in [(1280, 900), (700, 1000)] {
            let json = try HeadlessChromium.evaluate(page: page, script: script, width: width, height: height)
            let result = try JSONDecoder().decode(WheelResult.self, from: Data(json.utf8))
            #expect(result.max > 0, "the sample album's wheel should scroll at \(width) px")
            for sample in result.samples {
                let engine = try WheelLayout(count: sample.items.count, itemSize: size, radius: radius,
                                             viewport: LayoutSize(width: sample.vw, height: sample.vh), offset: sample.offset)
                let visible = Set(engine.attributes(in: LayoutRect(x: sample.offset, y: 0, width: sample.vw, height: sample.vh)).map(\.index))
                let label = "\(width)×\(height) offset \(sample.offset)"
                for (index, item) in sample.items.enumerated() {
                    let expected = try #require(engine.attributes(at: index))
                    // The untransformed frame, in content coordinates (the stage sits at the offset).
                    #expect(abs(item.left + sample.offset - expected.frame.x) <= 1 && abs(item.top - expected.frame.y) <= 1, "\(label): card \(index) frame")
                    #expect(Self.angleDifference(item.angle, expected.angle) <= 0.01, "\(label): card \(index) drawn at \(item.angle) rad, engine \(expected.angle)")
                    #expect(abs(item.z - expected.zIndex) <= 1, "\(label): card \(index) z \(item.z), engine \(expected.zIndex)")
                    #expect(item.visible == visible.contains(index), "\(label): card \(index) drawn \(item.visible), engine culls to \(visible.sorted())")
                    // Where the card is drawn: its center turned about the anchor, as the engine says.
                    let anchor = LayoutPoint(x: expected.frame.x + expected.anchorPoint.x * size.width, y: expected.frame.y + expected.anchorPoint.y * size.height)
                    let center = expected.center
                    let (dx, dy) = (center.x - anchor.x, center.y - anchor.y)
                    let turnedX = anchor.x + dx * cos(expected.angle) - dy * sin(expected.angle) - sample.offset
                    let turnedY = anchor.y + dx * sin(expected.angle) + dy * cos(expected.angle)
                    #expect(abs(item.cx - turnedX) <= 1 && abs(item.cy - turnedY) <= 1,
                            "\(label): card \(index) drawn around (\(item.cx), \(item.cy)), engine (\(turnedX), \(turnedY))")
                }
                checkedOffsets += 1
            }
            let n = result.samples[0].items.count
            for rest in result.rests {
                let engine = try WheelLayout(count: n, itemSize: size, radius: radius,
                                             viewport: LayoutSize(width: result.samples[0].vw, height: result.samples[0].vh), offset: rest.from)
                let target = engine.targetContentOffset(proposed: LayoutPoint(x: rest.from, y: 0), velocity: .zero).x
                #expect(abs(rest.at - target) <= 1, "\(width) px: let go at \(rest.from), rests at \(rest.at), engine \(target)")
            }
        }
        #expect(checkedOffsets == 14)
        try HeadlessChromium.screenshot(page: page, width: 1280, height: 900, to: ExportBrowserTests.artifacts.appending(path: "view-wheel-1280.png"))
    }

    // MARK: - Carousel

    struct CarouselResult: Decodable {
        struct Item: Decodable { var left: Double; var top: Double; var shift: Double }
        struct Sample: Decodable { var scroll: Double; var vw: Double; var vh: Double; var focused: Double; var items: [Item] }
        struct Rest: Decodable { var from: Double; var at: Double }
        var samples: [Sample]
        var rests: [Rest]
    }

    @Test("carousel: at sampled offsets every card's shift and position are the engine's; it rests with a card centered")
    func carousel() throws {
        let sample = try SamplePage("album-highlands-carousel.html")
        let (page, html, size) = (sample.url, sample.html, sample.itemSize)
        let spacing = try Self.number(html, "data-spacing"), focusedSpacing = try Self.number(html, "data-focused-spacing")
        let script = """
            \(Self.frame)
            window.addEventListener('load', async () => {
              const carousel = document.querySelector('.carousel');
              const track = carousel.querySelector('.carousel-track');
              const max = carousel.scrollWidth - carousel.clientWidth;
              const samples = [];
              carousel.style.scrollSnapType = 'none';
              for (const x of [0, 37, 158, 316, 474.5, 700, max]) {
                await scrollTo(carousel, x);
                const t = track.getBoundingClientRect();
                const items = [...carousel.querySelectorAll('.carousel-item')].map(item => {
                  const b = item.getBoundingClientRect();
                  return { left: b.left - t.left, top: b.top - t.top, shift: new DOMMatrix(getComputedStyle(item).transform).e };
                });
                samples.push({ scroll: carousel.scrollLeft, vw: carousel.clientWidth, vh: carousel.clientHeight, focused: Number(carousel.dataset.focusedIndex), items });
              }
              carousel.style.scrollSnapType = '';
              const rests = [];
              for (const x of [100, 430, 555]) {
                await letGo(carousel, x);
                rests.push({ from: x, at: carousel.scrollLeft });
              }
              galleryTestReport({ samples, rests });
            });
            """
        for (width, height) in [(1280, 900), (600, 800)] {
            let json = try HeadlessChromium.evaluate(page: page, script: script, width: width, height: height)
            let result = try JSONDecoder().decode(CarouselResult.self, from: Data(json.utf8))
            for sample in result.samples {
                // The engine's offset counts from the first card; the page's from the left inset.
                let inset = (sample.vw - size.width) / 2
                let engine = try CarouselLayout(count: sample.items.count, itemSize: size, spacing: spacing, focusedSpacing: focusedSpacing,
                                                viewport: LayoutSize(width: sample.vw, height: sample.vh), offset: sample.scroll - inset)
                let label = "\(width) px, scrolled \(sample.scroll)"
                #expect(abs(sample.focused - engine.focusedIndex) <= 1e-9, "\(label): focused \(sample.focused), engine \(engine.focusedIndex)")
                for (index, item) in sample.items.enumerated() {
                    let expected = try #require(engine.attributes(at: index))
                    #expect(abs(item.shift - expected.translation.x) <= 1, "\(label): card \(index) shifted \(item.shift), engine \(expected.translation.x)")
                    #expect(abs(item.left - (inset + expected.frame.x + expected.translation.x)) <= 1, "\(label): card \(index) drawn at \(item.left)")
                    #expect(abs(item.top - expected.frame.y) <= 1, "\(label): card \(index) top \(item.top), engine \(expected.frame.y)")
                }
            }
            let last = result.samples[0]
            let inset = (last.vw - size.width) / 2
            for rest in result.rests {
                let engine = try CarouselLayout(count: last.items.count, itemSize: size, spacing: spacing, focusedSpacing: focusedSpacing,
                                                viewport: LayoutSize(width: last.vw, height: last.vh), offset: rest.from - inset)
                let target = engine.targetContentOffset(proposed: LayoutPoint(x: rest.from - inset, y: 0), velocity: .zero).x + inset
                #expect(abs(rest.at - target) <= 1, "\(width) px: let go at \(rest.from), rests at \(rest.at), engine \(target)")
            }
        }
        try HeadlessChromium.screenshot(page: page, width: 1280, height: 900, to: ExportBrowserTests.artifacts.appending(path: "view-carousel-1280.png"))
    }

    @Test("a vertical mouse wheel is taken to turn the wheel and the carousel, except at their ends")
    func verticalMouseWheel() throws {
        let sample = try SamplePage("album-coast-carousel.html")
        for (page, scroller) in [(sample.url, ".carousel"), (sample.url.deletingLastPathComponent().appending(path: "album-coast-wheel.html"), ".wheel")] {
            let json = try HeadlessChromium.evaluate(page: page, script: """
                window.addEventListener('load', () => {
                  const scroller = document.querySelector('\(scroller)');
                  // dispatchEvent answers false when a handler called preventDefault (took it).
                  const taken = (deltaY) => !scroller.dispatchEvent(new WheelEvent('wheel', { deltaY, cancelable: true, bubbles: true }));
                  const result = { downAtStart: taken(120), upAtStart: taken(-120), sideways: !scroller.dispatchEvent(new WheelEvent('wheel', { deltaX: 120, cancelable: true })) };
                  scroller.style.scrollSnapType = 'none';
                  scroller.scrollLeft = scroller.scrollWidth;
                  result.downAtEnd = taken(120);
                  result.upAtEnd = taken(-120);
                  galleryTestReport(result);
                });
                """, width: 1000, height: 800)
            let result = try JSONDecoder().decode([String: Bool].self, from: Data(json.utf8))
            #expect(result == ["downAtStart": true, "upAtStart": false, "sideways": false, "downAtEnd": false, "upAtEnd": true], "\(scroller): \(result)")
        }
    }

    // MARK: - Circle

    struct CircleResult: Decodable {
        struct Item: Decodable { var x: Double; var y: Double; var w: Double; var h: Double }
        var width: Double
        var height: Double
        var items: [Item]
    }

    @Test("circle: at five window sizes the photos sit where the engine puts them for that size, as many and as large as fit apart")
    func circle() throws {
        let sample = try SamplePage("album-coast-circle.html")
        let (page, html, size) = (sample.url, sample.html, sample.itemSize)
        let inset = try Self.number(html, "data-inset"), spacing = try Self.number(html, "data-spacing"), maximum = try Self.number(html, "data-maximum")
        let written = html.matches(of: #/class="circle-item"/#).count
        // The items drawn (the others are not shown at this size).
        let script = """
            window.addEventListener('load', () => {
              const circle = document.querySelector('.circle');
              const c = circle.getBoundingClientRect();
              const items = [...circle.querySelectorAll('.circle-item')].filter(item => item.getClientRects().length).map(item => {
                const b = item.getBoundingClientRect();
                return { x: b.left - c.left, y: b.top - c.top, w: b.width, h: b.height };
              });
              galleryTestReport({ width: circle.clientWidth, height: circle.clientHeight, items });
            });
            """
        var radii: [Double] = []
        // At 180 px the album's 16 photos do not fit 24 px apart: fewer are shown.
        for (width, height) in [(1280, 900), (600, 1000), (1600, 700), (390, 844), (180, 700)] {
            let json = try HeadlessChromium.evaluate(page: page, script: script, width: width, height: height)
            let result = try JSONDecoder().decode(CircleResult.self, from: Data(json.utf8))
            let engine = try CircleLayout(fitting: written, maximum: Int(maximum), itemSize: size, viewport: LayoutSize(width: result.width, height: result.height),
                                          inset: inset, spacing: spacing)
            #expect(result.items.count == engine.count && engine.count > 1, "\(width)×\(height): \(result.items.count) drawn, the engine shows \(engine.count)")
            radii.append(engine.radius)
            for (index, item) in result.items.enumerated() {
                let expected = try #require(engine.attributes(at: index)).frame
                let drawn = [item.x, item.y, item.w, item.h], computed = [expected.x, expected.y, expected.width, expected.height]
                #expect(zip(drawn, computed).allSatisfy { abs($0 - $1) <= 1 }, "\(width)×\(height): photo \(index) drawn \(drawn), engine \(computed)")
            }
        }
        // The circle re-formed: five window sizes, five radii.
        #expect(Set(radii).count == 5)
        try HeadlessChromium.screenshot(page: page, width: 1280, height: 900, to: ExportBrowserTests.artifacts.appending(path: "view-circle-1280.png"))
    }

    // MARK: - Justified rows

    struct RowsResult: Decodable {
        struct Item: Decodable { var id: Int64; var x: Double; var y: Double; var w: Double; var h: Double }
        var viewportWidth: Double
        var width: Double
        var height: Double
        var top: Double
        var items: [Item]
    }

    @Test("justified rows: every few px from 320 to 1920 and at each band's edges, every photo drawn where `gallery layout --kind justified --viewport` puts it, the rows spanning the grid")
    func rows() throws {
        let folder = try SampleSite.folder
        let rowsBands = SiteGeometry().justified.bands
        let edges = rowsBands.map { Int($0.minimumViewportWidth) }.filter { $0 > 320 && $0 <= 1920 }.flatMap { [$0 - 1, $0] }
        let widths = Array(Set(Array(stride(from: 320, through: 1920, by: 41)) + edges + [1920])).sorted()
        let browser = try ChromiumSession()
        try browser.open(try SampleSite.site.appending(path: "album-coast-justified.html"), width: 321, height: 900)
        _ = try browser.evaluate(PageWaits.script + "; true")
        var bands = Set<Int>()
        for width in widths {
            // Resized in place, as a window dragged wider: the rows follow without a reload.
            try browser.resize(width: width, height: 900)
            let json = try #require(try browser.evaluate("""
                (async () => {
                  await galleryWaitFor(() => window.innerWidth === \(width), 'the window at \(width) px');
                  const rows = document.querySelector('.justified');
                  // The resize event the browser fires with its next frame, fired now (the page's handler is the same).
                  window.dispatchEvent(new Event('resize'));
                  await galleryDrawn(rows);
                  const r = rows.getBoundingClientRect();
                  const items = [...rows.querySelectorAll('.justified-item')].map(item => {
                    const b = item.getBoundingClientRect();
                    return { id: Number(item.dataset.photoId), x: b.left - r.left, y: b.top - r.top, w: b.width, h: b.height };
                  });
                  return JSON.stringify({ viewportWidth: window.innerWidth, width: r.width, height: r.height, top: r.top + window.scrollY, items });
                })()
                """) as? String)
            let drawn = try JSONDecoder().decode(RowsResult.self, from: Data(json.utf8))
            #expect(drawn.viewportWidth == Double(width))
            let expected = try GridOracle(folder: folder, album: "coast").justified(width: width, height: 900)
            bands.insert(SiteGeometry().justified.band(viewportWidth: Double(width)).number)
            let label = "rows @\(width)"
            // The rows span the grid's photos: the window less margins and a cell's padding.
            #expect(abs(drawn.width - expected.contentWidth) <= 0.5, "\(label): rows \(drawn.width) px wide, engine \(expected.contentWidth)")
            #expect(abs(drawn.height - expected.contentHeight) <= 0.5, "\(label): rows \(drawn.height) px tall, engine \(expected.contentHeight)")
            #expect(expected.contentWidth >= 0.9 * Double(width), "\(label): rows \(expected.contentWidth) px wide")
            let computed = Dictionary(uniqueKeysWithValues: expected.items.map { ($0.id, $0) })
            #expect(!drawn.items.isEmpty)
            for item in drawn.items {
                guard let frame = computed[item.id] else {
                    Issue.record("\(label): photo \(item.id) drawn but not in the engine's layout")
                    continue
                }
                let mine = [item.x, item.y, item.w, item.h], engine = [frame.x, frame.y, frame.width, frame.height]
                #expect(zip(mine, engine).allSatisfy { abs($0 - $1) <= 0.5 }, "\(label): photo \(item.id) drawn \(mine), engine \(engine)")
            }
            // Every photo the engine puts in the window is drawn.
            let shown = Set(drawn.items.map(\.id))
            for frame in expected.items where frame.y < 900 - drawn.top && frame.y + frame.height > -drawn.top {
                #expect(shown.contains(frame.id), "\(label): photo \(frame.id) is in the window but not drawn")
            }
        }
        #expect(bands.count >= 8, "\(bands.sorted())")
        try HeadlessChromium.screenshot(page: try SampleSite.site.appending(path: "album-coast-justified.html"), width: 390, height: 844, scale: 3, mobile: true,
                                        to: ExportBrowserTests.artifacts.appending(path: "view-rows-phone.png"))
        try HeadlessChromium.screenshot(page: try SampleSite.site.appending(path: "album-coast-justified.html"), width: 1280, height: 900,
                                        to: ExportBrowserTests.artifacts.appending(path: "view-rows-1280.png"))
    }
}
