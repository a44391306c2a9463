import Foundation
import GalleryTestSupport
import Testing

/// The lightbox under fingers: real touch input in Chromium (the DevTools protocol's
/// `Input.dispatchTouchEvent`, on a 390 × 844 phone at 3×), pointer events in Firefox and
/// WebKit. Every state is read after the gesture's last event has been delivered; animations
/// are finished first (`galleryAnimationsDone`), never waited out.
@Suite("The lightbox follows the fingers: swipe, pinch, double-tap, pan, drag to close")
struct LightboxTouchTests {
    /// Four photos of 1,200 × 800 (3:2), each caption its number, exported once.
    static let work: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("lightbox-touch")
        for i in 0 ..< 4 { try work.write("photos/p\(i).jpg", TestImages.jpeg(width: 1200, height: 800, seed: UInt8(i * 40))) }
        try work.write("photos/annotations.json", text: "[" + (0 ..< 4).map { #"{"photo": "p\#($0).jpg", "caption": "Photo \#($0)"}"# }.joined(separator: ", ") + "]")
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        guard build.status == 0 else { throw HeadlessChromium.Failure(description: "gallery build failed: \(build.stderr)") }
        return work
    }

    /// What the page reports of its lightbox: whether it is open, the photo's caption and
    /// address, its image, and where the photo is drawn (its transform applied).
    static let stateScript = """
        // Every animation finished, and any that one started when it ended (a swipe's photo
        // leaves, then the next enters), up to a drawn frame with none running.
        window.galleryAnimationsDone = async () => {
          for (;;) {
            await new Promise((r) => requestAnimationFrame(r));
            const running = document.getAnimations();
            if (!running.length) return;
            await Promise.all(running.map((a) => a.finished.catch(() => null)));
          }
        };
        window.galleryLightboxState = async () => {
          await galleryAnimationsDone();
          const box = document.querySelector('.lightbox'), img = box.querySelector('img');
          const r = img.getBoundingClientRect();
          return { open: !box.hidden, caption: box.querySelector('.lightbox-caption').textContent, hash: location.hash,
                   src: img.getAttribute('src'), transform: img.style.transform,
                   rect: [r.left, r.top, r.width, r.height], focused: document.activeElement ? document.activeElement.className : '' };
        };
        """

    struct State: Decodable {
        var open: Bool
        var caption: String
        var hash: String
        var src: String?
        var transform: String
        var rect: [Double]
        var focused: String
        var scale: Double { rect[2] / Self.fitWidth }
        static let fitWidth = 390.0
    }

    static func state(_ browser: ChromiumSession) throws -> State {
        let value = try browser.evaluate("galleryLightboxState()")
        return try JSONDecoder().decode(State.self, from: JSONSerialization.data(withJSONObject: value ?? [:]))
    }

    /// A finger moved in `steps` frames from `from` to `to`.
    static func line(_ from: (Double, Double), _ to: (Double, Double), steps: Int = 12) -> [[(x: Double, y: Double)]] {
        (0 ... steps).map { n in
            let f = Double(n) / Double(steps)
            return [(x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f)]
        }
    }

    /// The neighbours the lightbox shows beside its photo: which photo (album position, by its
    /// image's content name) and where.
    static func neighbours(_ browser: ChromiumSession) throws -> [(index: Int, rect: [Double])] {
        let value = try browser.evaluate("""
            (() => {
              const name = (url) => (url || '').split('/').pop().split('-')[0];
              return [...document.querySelectorAll('.lightbox .lightbox-side')].filter((e) => !e.hidden).map((e) => {
                const cell = [...document.querySelectorAll('.grid .cell')].find((c) => name(c.querySelector('img').getAttribute('src')) === name(e.getAttribute('src')));
                const r = e.getBoundingClientRect();
                return { index: cell ? Number(cell.dataset.index) : -1, rect: [r.left, r.top, r.width, r.height] };
              }).sort((a, b) => a.index - b.index);
            })()
            """) as? [[String: Any]] ?? []
        return value.map { (index: $0["index"] as? Int ?? -1, rect: $0["rect"] as? [Double] ?? []) }
    }

    static func tap(_ browser: ChromiumSession, at point: (Double, Double)) throws {
        try browser.touch([[(x: point.0, y: point.1)]], interval: 0.05)
    }

    /// Two taps 100 ms apart, in one go (the page sees the events' stamps).
    static func doubleTap(_ browser: ChromiumSession, at point: (Double, Double)) throws {
        try browser.touch([[(x: point.0, y: point.1)], [], [(x: point.0, y: point.1)]], interval: 0.05)
    }

    @Test("Chromium, real touch on a phone: tap opens; a swipe follows the finger and turns; a short one springs back; double-tap and pinch zoom about the fingers; pan; drag down closes")
    func chromiumTouch() throws {
        let site = try Self.work.get().url.appending(path: "site")
        let browser = try ChromiumSession()
        try browser.open(site.appending(path: "index.html"), width: 390, height: 844, scale: 3, mobile: true)
        _ = try browser.evaluate(PageWaits.script + Self.stateScript + "; document.fonts.ready.then(() => true)")
        let cell = try #require(browser.evaluate("(() => { const r = document.querySelector('.grid .cell img').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()") as? [Double])

        // A tap on a cell opens its photo, the large image once it is in.
        try Self.tap(browser, at: (cell[0], cell[1]))
        _ = try browser.evaluate("galleryWaitFor(() => (document.querySelector('.lightbox img').getAttribute('src') || '').startsWith('large/'), 'the large image')")
        let opened = try Self.state(browser)
        #expect(opened.open && opened.caption == "Photo 0" && opened.hash.hasPrefix("#photo-"), "\(opened)")
        // On a phone the photo spans the screen's width.
        #expect(abs(opened.rect[0]) < 0.5 && abs(opened.rect[2] - 390) < 0.5, "\(opened.rect)")
        let middleY = opened.rect[1] + opened.rect[3] / 2

        // Mid-swipe the photo is under the finger: 100 px left, 100 px moved.
        try browser.touch(Self.line((300, middleY), (200, middleY)), up: false)
        let during = try Self.state(browser)
        #expect(abs(during.rect[0] - (opened.rect[0] - 100)) < 1, "mid-swipe the photo is at \(during.rect[0]), the finger moved 100 px")
        // Its neighbours are beside it, a screen and a 16 px gap away, moving with it: the next
        // photo's image on the right, the album's last (it wraps) on the left, at the photo's
        // height (all four have one shape).
        let sides = try Self.neighbours(browser)
        #expect(sides.map(\.index) == [1, 3], "the neighbours shown mid-swipe: \(sides)")
        for side in sides {
            let expected = during.rect[0] + (side.index == 1 ? 1 : -1) * (390 + 16)
            #expect(abs(side.rect[0] - expected) < 1 && abs(side.rect[1] - during.rect[1]) < 1 && abs(side.rect[2] - during.rect[2]) < 1,
                    "photo \(side.index) beside the swiped photo at \(side.rect), expected x \(expected), y \(during.rect[1])")
        }
        try browser.touch(Self.line((200, middleY), (80, middleY)), down: false)
        let next = try Self.state(browser)
        #expect(next.open && next.caption == "Photo 1", "after a swipe left: \(next)")
        #expect(abs(next.rect[0] - opened.rect[0]) < 0.5, "the next photo rests where the last did: \(next.rect)")
        #expect(try Self.neighbours(browser).isEmpty, "neighbours still shown after the turn")
        // Right goes back; right again wraps to the album's last photo.
        try browser.touch(Self.line((80, middleY), (330, middleY)))
        #expect(try Self.state(browser).caption == "Photo 0")
        try browser.touch(Self.line((80, middleY), (330, middleY)))
        #expect(try Self.state(browser).caption == "Photo 3")
        // A short, slow swipe springs back.
        try browser.touch(Self.line((200, middleY), (180, middleY)), interval: 0.1)
        let stayed = try Self.state(browser)
        #expect(stayed.caption == "Photo 3" && abs(stayed.rect[0] - opened.rect[0]) < 0.5 && stayed.transform.isEmpty, "\(stayed)")
        #expect(try Self.neighbours(browser).isEmpty, "neighbours still shown after springing back")

        // A double tap zooms in 2.5× about the tapped point (it stays under the finger)...
        let tapX = 100.0
        let u = (tapX - stayed.rect[0]) / stayed.rect[2]
        try Self.doubleTap(browser, at: (tapX, middleY))
        let zoomed = try Self.state(browser)
        #expect(abs(zoomed.scale - 2.5) < 0.01, "double tap: \(zoomed.scale)×")
        #expect(abs(zoomed.rect[0] + u * zoomed.rect[2] - tapX) < 1, "the tapped point moved: \(zoomed.rect)")
        // ... a finger pans it (within its edges) ...
        try browser.touch(Self.line((200, middleY), (120, middleY)))
        let panned = try Self.state(browser)
        #expect(abs(panned.rect[0] - (zoomed.rect[0] - 80)) < 1 && panned.caption == "Photo 3", "a pan while zoomed: \(panned.rect), \(panned.caption)")
        // ... and a second double tap zooms back out.
        try Self.doubleTap(browser, at: (195, middleY))
        let back = try Self.state(browser)
        #expect(abs(back.scale - 1) < 0.001 && back.transform.isEmpty, "\(back)")

        // Two fingers from 60 to 180 px apart: three times as large, about their midpoint.
        try browser.touch((0 ... 12).map { n in
            let half = 30 + Double(n) * 5
            return [(x: 195 - half, y: middleY), (x: 195 + half, y: middleY)]
        })
        let pinched = try Self.state(browser)
        #expect(abs(pinched.scale - 3) < 0.02, "pinch: \(pinched.scale)×")
        #expect(abs(pinched.rect[0] + pinched.rect[2] / 2 - 195) < 1, "the midpoint moved: \(pinched.rect)")
        // Back to the fit, then pinched in past 0.7× of it: it closes.
        try Self.doubleTap(browser, at: (195, middleY))
        try browser.touch((0 ... 12).map { n in
            let half = 150 - Double(n) * 10
            return [(x: 195 - half, y: middleY), (x: 195 + half, y: middleY)]
        })
        let pinchedShut = try Self.state(browser)
        #expect(!pinchedShut.open, "pinching in did not close: \(pinchedShut)")

        // Open again; a drag down closes and goes back to the grid, its cell focused.
        try Self.tap(browser, at: (cell[0], cell[1]))
        #expect(try Self.state(browser).open)
        try browser.touch(Self.line((195, middleY), (195, middleY + 100)), up: false)
        let dragging = try Self.state(browser)
        #expect(abs(dragging.rect[1] - (opened.rect[1] + 100)) < 1, "mid-drag the photo is at \(dragging.rect[1])")
        let backdrop = try browser.evaluate("Number(document.querySelector('.lightbox').style.getPropertyValue('--backdrop'))") as? Double ?? 1
        #expect(backdrop < 1, "the backdrop does not fade while dragging: \(backdrop)")
        try browser.touch(Self.line((195, middleY + 100), (195, middleY + 250)), down: false)
        _ = try browser.evaluate("galleryWaitFor(() => !location.hash, 'the address to lose #photo')")
        let closed = try Self.state(browser)
        #expect(!closed.open && closed.focused == "cell-link", "\(closed)")
    }

    /// Every animation the page starts is held at its first frame and listed, so that a test
    /// can look at any moment of it, whatever the machine's speed.
    static let heldAnimations = """
        window.galleryStarted = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
          const animation = animate.apply(this, args);
          animation.pause();
          animation.currentTime = 0;
          window.galleryStarted.push({ animation, element: this });
          return animation;
        };
        // The rect of the n-th started animation's element at `at` (0: its first frame, 1: its last).
        window.galleryAnimationRect = (n, at) => {
          const { animation, element } = window.galleryStarted[n];
          animation.currentTime = at * (animation.effect.getComputedTiming().duration - 0.01);
          const r = element.getBoundingClientRect();
          return [r.left, r.top, r.width, r.height];
        };
        window.galleryReleaseAnimations = () => { for (const { animation } of window.galleryStarted) animation.finish(); window.galleryStarted = []; return true; };
        true
        """

    @Test("opening grows the photo out of its cell and closing shrinks it back into it; under prefers-reduced-motion nothing moves")
    func openingAndClosingMotion() throws {
        let site = try Self.work.get().url.appending(path: "site")
        let cellScript = "(() => { const r = document.querySelector('.grid .cell img').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()"
        let photoRect = "(() => { const r = document.querySelector('.lightbox img').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()"
        func near(_ a: [Double], _ b: [Double]) -> Bool { a.count == 4 && b.count == 4 && zip(a, b).allSatisfy { abs($0 - $1) < 1 } }

        let browser = try ChromiumSession()
        try browser.open(site.appending(path: "index.html"), width: 390, height: 844, scale: 3, mobile: true)
        _ = try browser.evaluate(PageWaits.script + Self.stateScript + Self.heldAnimations)
        let cell = try #require(browser.evaluate(cellScript) as? [Double])
        try Self.tap(browser, at: (cell[0] + cell[2] / 2, cell[1] + cell[3] / 2))
        _ = try browser.evaluate("galleryWaitFor(() => !document.querySelector('.lightbox').hidden && galleryStarted.length > 0, 'the lightbox to open')")
        // The photo's first frame is its cell, its last the lightbox's place for it.
        let first = try #require(browser.evaluate("galleryAnimationRect(0, 0)") as? [Double])
        #expect(near(first, cell), "opening starts at \(first), the cell is at \(cell)")
        let last = try #require(browser.evaluate("galleryAnimationRect(0, 1)") as? [Double])
        _ = try browser.evaluate("galleryReleaseAnimations()")
        let rest = try #require(browser.evaluate(photoRect) as? [Double])
        #expect(near(last, rest) && abs(rest[2] - 390) < 0.5, "opening ends at \(last), the photo rests at \(rest)")

        // Closing (the × button): a copy of the photo shrinks from where it is to its cell.
        _ = try browser.evaluate("document.querySelector('.lightbox-close').click(); galleryWaitFor(() => document.querySelector('.lightbox').hidden && galleryStarted.length > 0, 'the lightbox to close')")
        let shrinkFirst = try #require(browser.evaluate("galleryAnimationRect(0, 0)") as? [Double])
        let shrinkLast = try #require(browser.evaluate("galleryAnimationRect(0, 1)") as? [Double])
        #expect(near(shrinkFirst, rest), "closing starts at \(shrinkFirst), the photo was at \(rest)")
        #expect(near(shrinkLast, cell), "closing ends at \(shrinkLast), the cell is at \(cell)")
        _ = try browser.evaluate("galleryReleaseAnimations(); galleryAnimationsDone().then(() => true)")
        let copies = try browser.evaluate("document.querySelectorAll('body > img').length") as? Int
        #expect(copies == 0, "the shrinking copy is removed once it has arrived")

        // The same visitor asking for less motion: nothing animates, opening, turning or closing.
        let still = try ChromiumSession(arguments: ["--force-prefers-reduced-motion"])
        try still.open(site.appending(path: "index.html"), width: 390, height: 844, scale: 3, mobile: true)
        _ = try still.evaluate(PageWaits.script + Self.stateScript + Self.heldAnimations)
        #expect(try still.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches") as? Bool == true)
        // Held animations would never end: each step counts what started, then lets it go.
        let started = "(() => { const n = galleryStarted.length; galleryReleaseAnimations(); return n; })()"
        try Self.tap(still, at: (cell[0] + cell[2] / 2, cell[1] + cell[3] / 2))
        _ = try still.evaluate("galleryWaitFor(() => !document.querySelector('.lightbox').hidden, 'the lightbox to open')")
        #expect(try still.evaluate(started) as? Int == 0, "opening animated under prefers-reduced-motion")
        let opened = try Self.state(still)
        #expect(opened.open && near(opened.rect, rest), "opened without motion: \(opened)")
        try still.touch(Self.line((300, rest[1] + rest[3] / 2), (80, rest[1] + rest[3] / 2)))
        _ = try still.evaluate("galleryWaitFor(() => document.querySelector('.lightbox-caption').textContent === 'Photo 1', 'the next photo')")
        #expect(try still.evaluate(started) as? Int == 0, "a swipe's turn animated under prefers-reduced-motion")
        let turned = try Self.state(still)
        #expect(near(turned.rect, rest), "turned without motion: \(turned)")
        _ = try still.evaluate("document.querySelector('.lightbox-close').click(); true")
        #expect(try still.evaluate(started) as? Int == 0, "closing animated under prefers-reduced-motion")
        #expect(try !Self.state(still).open)
    }

    @Test("grid, rows and plain page images have the screen's pixels at 1×, 2× and 3× (phone, tablet, desktop), and a 1× desktop gets no more than twice them",
          arguments: [(390, 844, 3.0), (768, 1024, 2.0), (1280, 900, 1.0)])
    func sharpness(width: Int, height: Int, scale: Double) throws {
        let site = try Self.work.get().url.appending(path: "site")
        let browser = try ChromiumSession()
        // The plain page's images by density (no `sizes`), the others' by width.
        let plain = try AlbumIndexFile(site: site).plainPage(0)
        for (page, selector) in [("index.html", ".grid .cell img"), ("justified.html", ".justified .justified-item img"), (plain, ".grid .cell img")] {
            try browser.open(site.appending(path: page), width: width, height: height, scale: scale, mobile: scale > 1)
            _ = try browser.evaluate(PageWaits.script)
            let value = try browser.evaluate("""
                (async () => {
                  const images = [...document.querySelectorAll('\(selector)')];
                  await galleryWaitFor(() => images.every((i) => i.complete && i.naturalWidth > 0), 'the images');
                  // naturalWidth is corrected by the srcset's density: the chosen file's pixels are
                  // its w, or its density times naturalWidth.
                  const pixels = (i) => {
                    const chosen = i.srcset.split(',').map((c) => c.trim().split(/\\s+/)).find(([url]) => new URL(url, location.href).href === i.currentSrc);
                    if (!chosen) return i.naturalWidth;
                    return chosen[1].endsWith('x') ? Math.round(i.naturalWidth * parseFloat(chosen[1])) : parseInt(chosen[1]);
                  };
                  return images.map((i) => ({ src: i.currentSrc, natural: pixels(i), shown: i.getBoundingClientRect().width }));
                })()
                """)
            struct Shown: Decodable { var src: String; var natural: Double; var shown: Double }
            let shown = try JSONDecoder().decode([Shown].self, from: JSONSerialization.data(withJSONObject: value ?? []))
            #expect(shown.count == 4, "\(page): \(shown.count) images")
            for image in shown {
                let needed = image.shown * scale
                #expect(image.natural >= 0.95 * needed, "\(page), \(width) px at \(scale)×: \(image.src) has \(image.natural) px for \(needed)")
                if scale == 1 { #expect(image.natural <= 2 * needed, "\(page), \(width) px at 1×: \(image.src) sends \(image.natural) px for \(needed)") }
            }
        }
    }

    @Test("on phones every link and button a finger needs is at least 44 × 44 px, and nothing scrolls sideways at 320 px")
    func targets() throws {
        let site = try SampleSite.site
        // sample-data's first album: its page has the way home, the views and the plain pages.
        let page = "album-coast.html"
        try #require(FileManager.default.fileExists(atPath: site.appending(path: page).path))
        let browser = try ChromiumSession()
        // What a finger needs: the way home, the views, the pages, and in the lightbox its
        // buttons and links (text links inside sentences are exempt, as WCAG 2.5.8 has it).
        let small = """
            (() => [...document.querySelectorAll('.site-header a, .views a, .pages a, .browse a, .lightbox button, .lightbox a')]
              .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
              .map((e) => { const r = e.getBoundingClientRect(); return { what: e.className || e.textContent, w: r.width, h: r.height }; })
              .filter((r) => r.w < 44 || r.h < 44))()
            """
        for (name, width) in [("index.html", 320), (page, 320), (page, 390)] {
            try browser.open(site.appending(path: name), width: width, height: 800, scale: 3, mobile: true)
            _ = try browser.evaluate(PageWaits.script + "; document.fonts.ready.then(() => true)")
            let tooSmall = try browser.evaluate(small) as? [[String: Any]] ?? []
            #expect(tooSmall.isEmpty, "\(name) at \(width) px: targets under 44 px: \(tooSmall)")
            let sideways = try browser.evaluate("document.documentElement.scrollWidth - innerWidth") as? Double ?? 0
            #expect(sideways <= 0, "\(name) at \(width) px scrolls sideways by \(sideways) px")
            guard name == page else { continue }
            // The lightbox's buttons and links, open on a photo with a map-less meta line.
            _ = try browser.evaluate("document.querySelector('.grid .cell-link').click(); galleryWaitFor(() => !document.querySelector('.lightbox').hidden, 'the lightbox')")
            let inLightbox = try browser.evaluate(small) as? [[String: Any]] ?? []
            #expect(inLightbox.isEmpty, "the lightbox at \(width) px: targets under 44 px: \(inLightbox)")
        }
    }

    /// The same gestures as pointer events (Firefox and WebKit headless have no touch screen):
    /// a swipe, a double tap, a drag down; `pointerType` is touch.
    static let pointerProbe = """
        window.addEventListener('load', async () => {
          const box = document.querySelector('.lightbox');
          const fire = (type, id, x, y) => (document.elementFromPoint(x, y) || box).dispatchEvent(new PointerEvent(type, {
            pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x, clientY: y, bubbles: true, cancelable: true, button: 0, buttons: type === 'pointerup' ? 0 : 1 }));
          const drag = (from, to) => {
            fire('pointerdown', 1, from[0], from[1]);
            for (let n = 1; n <= 12; n++) fire('pointermove', 1, from[0] + (to[0] - from[0]) * n / 12, from[1] + (to[1] - from[1]) * n / 12);
            fire('pointerup', 1, to[0], to[1]);
          };
          const steps = [];
          document.querySelector('.grid .cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          steps.push(await galleryLightboxState());
          const r = box.querySelector('img').getBoundingClientRect(), y = r.top + r.height / 2, w = innerWidth;
          drag([w * 0.8, y], [w * 0.2, y]);
          steps.push(await galleryLightboxState());
          for (let n = 0; n < 2; n++) { fire('pointerdown', 1, w / 2, y); fire('pointerup', 1, w / 2, y); }
          steps.push(await galleryLightboxState());
          for (let n = 0; n < 2; n++) { fire('pointerdown', 1, w / 2, y); fire('pointerup', 1, w / 2, y); }
          drag([w / 2, y], [w / 2, y + innerHeight * 0.3]);
          steps.push(await galleryLightboxState());
          galleryTestReport(steps);
        });
        """

    @Test("Firefox and WebKit: a swipe turns, a double tap zooms, a drag down closes (pointer events)", arguments: [BrowserEngine.firefox, .webkit])
    func pointerGestures(engine: BrowserEngine) throws {
        let site = try Self.work.get().url.appending(path: "site")
        let html = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        let probe = "touch-probe-\(engine).html"
        try html.replacingOccurrences(of: "</body>", with: "<script>\(BrowserEngine.resultScript)</script><script>\(Self.stateScript)</script><script>\(Self.pointerProbe)</script></body>")
            .write(to: site.appending(path: probe), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let steps = try JSONDecoder().decode([State].self, from: engine.open(probe, in: site, width: 390, height: 844))
        try #require(steps.count == 4)
        #expect(steps[0].open && steps[0].caption == "Photo 0", "\(engine): \(steps[0])")
        #expect(steps[1].open && steps[1].caption == "Photo 1", "\(engine): a swipe left: \(steps[1])")
        #expect(abs(steps[2].rect[2] / steps[1].rect[2] - 2.5) < 0.01, "\(engine): a double tap: \(steps[2].rect) from \(steps[1].rect)")
        #expect(!steps[3].open, "\(engine): a drag down: \(steps[3])")
    }
}
