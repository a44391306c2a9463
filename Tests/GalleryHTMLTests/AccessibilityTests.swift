import Foundation
import GalleryTestSupport
import Testing

/// axe-core 4.12 (WCAG 2.2 A and AA, and its best practices) over every kind of page, in every
/// engine, at a phone's size and a desktop's: the index, an album (then with its lightbox open,
/// then with the slideshow running) and its other views, a browse page, the search with results, the map,
/// a private album's password page. No violation.
@Suite("Accessibility: axe-core finds nothing")
struct AccessibilityTests {
    struct Violation: Decodable, CustomStringConvertible {
        var state: String
        var id: String
        var impact: String?
        var nodes: [String]
        var description: String { "\(state): \(id) (\(impact ?? "-")) at \(nodes.joined(separator: " | "))" }
    }

    /// Each page kind: its file (and query), and what the script waits for before checking.
    static let pages: [(name: String, ready: String, lightbox: Bool)] = [
        ("index.html", "document.querySelector('.album-card')", false),
        ("album-coast.html", "document.querySelector('.grid .cell')", true),
        ("album-coast-justified.html", "document.querySelector('.justified-item')", false),
        ("album-coast-wheel.html", "document.querySelector('.wheel-item')", false),
        ("album-coast-carousel.html", "document.querySelector('.carousel-item')", false),
        ("album-coast-circle.html", "document.querySelector('.circle-item')", false),
        ("year-2024.html", "document.querySelector('.grid .cell')", false),
        ("search.html?q=harbour", "document.querySelector('.found .cell, .grid .cell')", false),
        ("map.html", "document.querySelector('.leaflet-marker-icon, .map-photo, .map-cluster')", false),
    ]

    static func script(ready: String, lightbox: Bool) -> String {
        """
        window.addEventListener('load', async () => {
          await galleryWaitFor(() => \(ready), 'the page drawn', 60);
          await document.fonts.ready;
          // What glides into place has arrived (the circle's items move 0.3 s when their places
          // are first computed: checked halfway, two of them overlapped once in Firefox).
          await Promise.all(document.getAnimations().filter((a) => a.effect && Number.isFinite(a.effect.getComputedTiming().endTime))
            .map((a) => a.finished.catch(() => null)));
          const rules = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } };
          const check = async (state) => (await axe.run(document, rules)).violations.map((v) => ({
            state, id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
          let found = await check('page');
          if (\(lightbox)) {
            const box = document.querySelector('.lightbox');
            document.querySelector('main [data-photo-id] .cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
            await galleryWaitFor(() => !box.hidden && box.querySelector('img').getAttribute('src'), 'the lightbox', 30);
            found = found.concat(await check('lightbox'));
            box.querySelector('.lightbox-play').click();
            await galleryWaitFor(() => box.querySelector('.lightbox-play').getAttribute('aria-pressed') === 'true', 'the slideshow', 30);
            found = found.concat(await check('slideshow'));
            box.querySelector('.lightbox-play').click();
          }
          galleryTestReport(found);
        });
        """
    }

    static func probe(_ page: String, in site: URL, ready: String, lightbox: Bool) throws -> (file: String, open: String) {
        let axe = site.appending(path: "probe-axe.min.js")
        if !FileManager.default.fileExists(atPath: axe.path) {
            // Written by renaming: the page kinds' cases run at once and may both get here.
            try Data(contentsOf: PageValidityTests.checkers.appending(path: "axe.min.js")).write(to: axe, options: .atomic)
        }
        let parts = page.split(separator: "?", maxSplits: 1)
        let file = try EngineExportTests.probe(String(parts[0]), in: site, scripts: ["probe-axe.min.js"], script: script(ready: ready, lightbox: lightbox))
        return (file, file + (parts.count > 1 ? "?" + parts[1] : ""))
    }

    @Test("no violation on any page kind", arguments: BrowserEngine.allCases, [(390, 844), (1280, 900)])
    func noViolations(engine: BrowserEngine, size: (width: Int, height: Int)) throws {
        try #require(FileManager.default.fileExists(atPath: PageValidityTests.checkers.appending(path: "axe.min.js").path), "axe.min.js is not installed: run 'make deps'")
        let site = try PageValidityTests.everything.get().url.appending(path: "site")
        let password = try #require(try FileManager.default.contentsOfDirectory(atPath: site.path).first { $0.hasPrefix("album-moments-") && $0.hasSuffix(".html") })
        var found: [Violation] = []
        for page in Self.pages + [(password, "document.querySelector('form.private-form')", false)] {
            let probe = try Self.probe(page.name, in: site, ready: page.ready, lightbox: page.lightbox)
            defer { try? FileManager.default.removeItem(at: site.appending(path: probe.file)) }
            let report = try engine.open(probe.open, in: site, width: size.width, height: size.height)
            found += try JSONDecoder().decode([Violation].self, from: report).map { var v = $0; v.state = page.name + " " + v.state; return v }
        }
        #expect(found.isEmpty, "\(engine) at \(size.width)×\(size.height): \(found.count) violations:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    struct Focus: Decodable {
        var openedOn: String
        var afterTabFromLast: String
        var afterShiftTabFromFirst: String
        var afterTabFromBox: String
        var insideAlways: Bool
        var backOn: String
    }

    static let keyboardScript = """
        window.addEventListener('load', async () => {
          const box = document.querySelector('.lightbox');
          const link = document.querySelector('main [data-photo-id] .cell-link');
          const name = (element) => element === box ? 'box' : element === document.body ? 'body' : (element.className || element.tagName.toLowerCase());
          link.focus();
          // Enter on the focused link opens it, as a keyboard does (the link's click).
          link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          await galleryWaitFor(() => !box.hidden && box.querySelector('img').getAttribute('src'), 'the lightbox', 30);
          const openedOn = name(document.activeElement);
          const controls = [...box.querySelectorAll('button, a[href], video[controls], input')].filter((element) => !element.hidden && element.getClientRects().length > 0);
          const tab = (shiftKey) => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }));
          controls[controls.length - 1].focus(); tab(false);
          const afterTabFromLast = name(document.activeElement);
          controls[0].focus(); tab(true);
          const afterShiftTabFromFirst = name(document.activeElement);
          box.focus(); tab(false);
          const afterTabFromBox = name(document.activeElement);
          const insideAlways = box.contains(document.activeElement);
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
          await galleryWaitFor(() => box.hidden && document.activeElement === link, 'the focus back on the cell', 30);
          galleryTestReport({ openedOn, afterTabFromLast, afterShiftTabFromFirst, afterTabFromBox, insideAlways, backOn: name(document.activeElement) });
        });
        """

    @Test("keyboard: the open lightbox keeps the focus (Tab and Shift+Tab go round its controls) and gives it back to the cell", arguments: BrowserEngine.allCases)
    func keyboard(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: Self.keyboardScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let focus = try JSONDecoder().decode(Focus.self, from: engine.open(probe, in: site, width: 390, height: 844))
        #expect(focus.openedOn == "box", "\(engine): \(focus)")
        #expect(focus.afterTabFromLast == "lightbox-close" && focus.afterTabFromBox == "lightbox-close", "\(engine): \(focus)")
        #expect(focus.afterShiftTabFromFirst != "lightbox-close" && focus.insideAlways, "\(engine): \(focus)")
        #expect(focus.backOn == "cell-link", "\(engine): \(focus)")
    }
}
