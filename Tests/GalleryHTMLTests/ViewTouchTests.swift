import Foundation
import GalleryLayout
import GalleryTestSupport
import Testing

/// The wheel and the carousel on a phone, turned by a finger (real touch input in Chromium):
/// they scroll as they do by wheel and keys, come to rest on a card where the engine's
/// `targetContentOffset` rests, and are drawn there as the engine says.
@Suite("The wheel and the carousel turn under a finger")
struct ViewTouchTests {
    struct Turned: Decodable {
        var before: Double
        var at: Double
        var vw: Double
        var vh: Double
        var count: Int
        var itemWidth: Double
        var itemHeight: Double
        var radius: Double?
        var spacing: Double?
        var focusedSpacing: Double?
        /// Wheel: each card's drawn angle; carousel: the focused index the page shows.
        var angles: [Double]?
        var focused: Double?
    }

    @Test("a swipe turns the view, which rests on a card where the engine rests, drawn as the engine says",
          arguments: ["album-coast-wheel.html", "album-highlands-carousel.html"])
    func swipe(page: String) throws {
        let browser = try ChromiumSession()
        try browser.open(try SampleSite.site.appending(path: page), width: 390, height: 844, scale: 3, mobile: true)
        _ = try browser.evaluate(PageWaits.script + "; true")
        let where_ = try #require(try browser.evaluate("""
            (() => {
              const view = document.querySelector('.wheel, .carousel');
              view.scrollIntoView({ block: 'center' });
              const r = view.getBoundingClientRect();
              window.galleryRested = galleryNextEvent(view, 'scrollend');
              return JSON.stringify({ y: (r.top + r.bottom) / 2, before: view.scrollLeft });
            })()
            """) as? String)
        struct Where: Decodable { var y: Double; var before: Double }
        let start = try JSONDecoder().decode(Where.self, from: Data(where_.utf8))
        #expect(start.y > 0 && start.y < 844, "the view's middle is off screen: \(start.y)")
        // A finger drawn 220 px to the left over a fifth of a second.
        try browser.touch(LightboxTouchTests.line((320, start.y), (100, start.y)), interval: 0.016)
        let json = try #require(try browser.evaluate("""
            (async () => {
              await galleryRested;
              const view = document.querySelector('.wheel, .carousel');
              view.dispatchEvent(new Event('scroll'));
              const number = (name) => view.dataset[name] === undefined ? null : Number(view.dataset[name]);
              const wheel = view.classList.contains('wheel');
              return JSON.stringify({
                before: \(start.before), at: view.scrollLeft, vw: view.clientWidth, vh: view.clientHeight,
                count: Number(view.dataset.count), itemWidth: number('itemWidth'), itemHeight: number('itemHeight'),
                radius: number('radius'), spacing: number('spacing'), focusedSpacing: number('focusedSpacing'),
                angles: wheel ? [...view.querySelectorAll('.wheel-item')].map((item) => {
                  const m = new DOMMatrix(getComputedStyle(item).transform);
                  return Math.atan2(m.b, m.a);
                }) : null,
                focused: wheel ? null : number('focusedIndex'),
              });
            })()
            """) as? String)
        let turned = try JSONDecoder().decode(Turned.self, from: Data(json.utf8))
        #expect(turned.at > turned.before + 50, "\(page): the finger did not turn the view (\(turned.before) → \(turned.at))")
        let size = LayoutSize(width: turned.itemWidth, height: turned.itemHeight)
        let viewport = LayoutSize(width: turned.vw, height: turned.vh)
        if let radius = turned.radius, let angles = turned.angles {
            let engine = try WheelLayout(count: turned.count, itemSize: size, radius: radius, viewport: viewport, offset: turned.at)
            let rest = engine.targetContentOffset(proposed: LayoutPoint(x: turned.at, y: 0), velocity: .zero).x
            #expect(abs(turned.at - rest) <= 1, "\(page): rests at \(turned.at), between cards (the engine rests at \(rest))")
            for (index, angle) in angles.enumerated() {
                let expected = try #require(engine.attributes(at: index)).angle
                #expect(ViewBrowserTests.angleDifference(angle, expected) <= 0.01, "\(page): card \(index) at \(angle) rad, engine \(expected)")
            }
        } else {
            let spacing = try #require(turned.spacing), focusedSpacing = try #require(turned.focusedSpacing)
            // The engine's offset counts from the first card; the page's from the left inset.
            let inset = (turned.vw - size.width) / 2
            let engine = try CarouselLayout(count: turned.count, itemSize: size, spacing: spacing, focusedSpacing: focusedSpacing,
                                            viewport: viewport, offset: turned.at - inset)
            let rest = engine.targetContentOffset(proposed: LayoutPoint(x: turned.at - inset, y: 0), velocity: .zero).x + inset
            #expect(abs(turned.at - rest) <= 1, "\(page): rests at \(turned.at), between cards (the engine rests at \(rest))")
            #expect(abs((turned.focused ?? -1) - engine.focusedIndex) <= 1e-6, "\(page): focused \(turned.focused ?? -1), engine \(engine.focusedIndex)")
        }
    }
}
