import Foundation
import GalleryTestSupport
import Testing

/// The lightbox's slideshow and full screen, in every engine, on the sample site: the photos
/// in the album's order as the engine lays them out, each for its seconds by the page's own
/// clock, paused by the visitor's hand and by a hidden tab; no fade under reduced motion; full
/// screen entered and left (the API where the frame offers it, else the chrome hidden).
@Suite("The slideshow and full screen")
struct SlideshowTests {
    struct Run: Decodable {
        struct Shown: Decodable { var id: String; var at: Double }
        /// Each photo as the slideshow showed it, and when (performance.now()).
        var shown: [Shown]
        /// Each photo's seconds, as the test set them.
        var seconds: Double
        var pressedWhenPlaying: String
        var statusWhenPlaying: String
        /// Shown while the tab was hidden, and when it was shown again.
        var shownWhileHidden: Int
        var visibleAt: Double
        var shownAfterVisible: Shown
        /// After a key, and after a pointer press on the photo: paused, nothing more shown.
        var pressedAfterKey: String
        var statusAfterKey: String
        var shownAfterKey: Int
        var pressedAfterPointer: String
        var shownAfterPointer: Int
        /// Fades started by the slideshow's turns, without and with reduced motion asked for.
        var fades: Int
        var fadesStill: Int
    }

    /// The album's photos in order, as the engine lays them out.
    static func albumOrder(_ album: String) throws -> [String] {
        let expected = try GridOracle(folder: try SampleSite.folder, album: album).expected(width: 390, height: 100_000)
        return expected.items.sorted { $0.index < $1.index }.map { String($0.id) }
    }

    /// The page's side. `galleryTestShown` records each photo as its large image goes in (the
    /// address names it: #photo-ID); waits are for those records, or for the page's clock where
    /// the point is that nothing happens.
    static let runScript = """
        window.addEventListener('load', async () => {
          const box = document.querySelector('.lightbox');
          const play = box.querySelector('.lightbox-play');
          const image = box.querySelector('img');
          const shown = [];
          new MutationObserver(() => {
            const id = location.hash.replace('#photo-', '');
            if (!box.hidden && image.getAttribute('src') && (!shown.length || shown[shown.length - 1].id !== id)) shown.push({ id, at: performance.now() });
          }).observe(image, { attributes: true, attributeFilter: ['src'] });
          const clock = (ms) => galleryWaitFor(((end) => () => performance.now() >= end)(performance.now() + ms), 'the page clock', 60);
          const fadesOf = () => image.getAnimations().filter((a) => a.effect && a.effect.getKeyframes().some((k) => k.opacity === '0' || k.opacity === 0)).length;
          let fades = 0;
          const counting = new MutationObserver(() => { fades += fadesOf(); });
          counting.observe(image, { attributes: true, attributeFilter: ['src'] });

          document.querySelector('main [data-photo-id] .cell-link')
            .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          await galleryWaitFor(() => !box.hidden && shown.length === 1, 'the first photo in the lightbox', 30);
          const seconds = 1;
          box.dataset.slideshowSeconds = String(seconds);
          box.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
          const pressedWhenPlaying = play.getAttribute('aria-pressed');
          const statusWhenPlaying = box.querySelector('.lightbox-status').textContent;
          await galleryWaitFor(() => shown.length >= 4, 'three turns of the slideshow', 90);

          // A hidden tab: its clock stops, and starts again when the tab is back.
          let hidden = true;
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
          document.dispatchEvent(new Event('visibilitychange'));
          const before = shown.length;
          await clock(seconds * 2500);
          const shownWhileHidden = shown.length - before;
          hidden = false;
          const visibleAt = performance.now();
          document.dispatchEvent(new Event('visibilitychange'));
          await galleryWaitFor(() => shown.length > before, 'a turn once the tab is back', 60);
          const shownAfterVisible = shown[shown.length - 1];

          // A key pauses it.
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
          const pressedAfterKey = play.getAttribute('aria-pressed');
          const statusAfterKey = box.querySelector('.lightbox-status').textContent;
          const atKey = shown.length;
          await clock(seconds * 2500);
          const shownAfterKey = shown.length - atKey;

          // The button starts it again, a finger on the photo pauses it.
          play.click();
          const atPlay = shown.length;
          await galleryWaitFor(() => shown.length > atPlay, 'a turn after the button', 60);
          image.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 7, pointerType: 'touch', isPrimary: true }));
          image.dispatchEvent(new PointerEvent('pointercancel', { bubbles: true, pointerId: 7, pointerType: 'touch', isPrimary: true }));
          const pressedAfterPointer = play.getAttribute('aria-pressed');
          const atPointer = shown.length;
          await clock(seconds * 2500);
          const shownAfterPointer = shown.length - atPointer;
          const faded = fades;

          // Reduced motion asked for (the page's question answered so in every engine): no fade.
          const asked = window.matchMedia;
          window.matchMedia = (query) => (/prefers-reduced-motion/.test(query) ? { matches: true, media: query, addEventListener() {}, removeEventListener() {} } : asked.call(window, query));
          fades = 0;
          play.click();
          const atStill = shown.length;
          await galleryWaitFor(() => shown.length >= atStill + 2, 'two turns under reduced motion', 60);
          const fadesStill = fades;
          play.click();
          window.matchMedia = asked;
          galleryTestReport({ shown: shown.slice(0, 4), seconds, pressedWhenPlaying, statusWhenPlaying, shownWhileHidden, visibleAt, shownAfterVisible,
                              pressedAfterKey, statusAfterKey, shownAfterKey, pressedAfterPointer, shownAfterPointer, fades: faded, fadesStill });
        });
        """

    @Test("the album's photos in order, each for its seconds; paused by a key, a finger and a hidden tab; no fade under reduced motion", arguments: BrowserEngine.allCases)
    func slideshow(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let order = try Self.albumOrder("coast")
        #expect(order.count >= 5, "the coast album has photos enough for three turns")
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: Self.runScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let run = try JSONDecoder().decode(Run.self, from: engine.open(probe, in: site, width: 390, height: 844))

        #expect(run.shown.map(\.id) == Array(order.prefix(4)), "\(engine): the slideshow's order is the album's")
        for (from, to) in zip(run.shown, run.shown.dropFirst()) {
            // Never early by the page's own clock; a busy machine may make it late, not early.
            #expect(to.at - from.at >= run.seconds * 1000 - 20, "\(engine): photo \(to.id) came \(to.at - from.at) ms after the one before")
        }
        #expect(run.pressedWhenPlaying == "true" && run.statusWhenPlaying == "Slideshow playing", "\(engine)")
        #expect(run.shownWhileHidden == 0, "\(engine): turns went on while the tab was hidden")
        #expect(run.shownAfterVisible.at - run.visibleAt >= run.seconds * 1000 - 20, "\(engine): the clock did not start again when the tab came back")
        #expect(run.pressedAfterKey == "false" && run.statusAfterKey == "Slideshow paused" && run.shownAfterKey == 0, "\(engine): a key did not pause it")
        #expect(run.pressedAfterPointer == "false" && run.shownAfterPointer == 0, "\(engine): a finger did not pause it")
        #expect(run.fades >= 3, "\(engine): the slideshow's photos fade in (\(run.fades))")
        #expect(run.fadesStill == 0, "\(engine): a fade under reduced motion")
    }

    struct VideoRun: Decodable {
        var video: String
        /// The clip's length, and its time when it ended (nil: it never did).
        var duration: Double
        var endedAt: Double?
        var endedTime: Double?
        var startedAt: Double
        /// When the slideshow went on, and to which photo.
        var turnedAt: Double
        var next: String
    }

    /// A video's turn: the slideshow plays it from its start and goes on when it ends, not
    /// after its seconds (set to ten minutes here, so that only the clip's end can move it on).
    static let videoScript = """
        window.addEventListener('load', async () => {
          const box = document.querySelector('.lightbox');
          const player = box.querySelector('.lightbox-video');
          const cell = document.querySelector('main [data-kind="video"]');
          const video = cell.dataset.photoId;
          cell.querySelector('.cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          await galleryWaitFor(() => !box.hidden && !player.hidden && player.getAttribute('src') && player.readyState >= 1, 'the video in the lightbox', 60);
          // From its start: opening it may have started it already.
          player.muted = true;
          player.pause();
          player.currentTime = 0;
          const duration = player.duration;
          let endedAt = null, endedTime = null;
          // Caught on the way down (before the slideshow's own listener moves on and empties the player).
          box.addEventListener('ended', (event) => { if (event.target === player) { endedAt = performance.now(); endedTime = player.currentTime; } }, true);
          box.dataset.slideshowSeconds = '600';
          const startedAt = performance.now();
          box.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
          await galleryWaitFor(() => location.hash && location.hash !== '#photo-' + video, 'the turn after the video', 120);
          const turnedAt = performance.now();
          box.querySelector('.lightbox-play').click();
          galleryTestReport({ video, duration, endedAt, endedTime, startedAt, turnedAt, next: location.hash.replace('#photo-', '') });
        });
        """

    @Test("a video's turn: played through once from its start, then the next photo", arguments: BrowserEngine.allCases)
    func slideshowVideo(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let order = try Self.albumOrder("moments")
        let probe = try EngineExportTests.probe("album-moments.html", in: site, script: Self.videoScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let run = try JSONDecoder().decode(VideoRun.self, from: engine.open(probe, in: site, width: 390, height: 844))
        let position = try #require(order.firstIndex(of: run.video), "\(engine): the video \(run.video) is one of the album's \(order)")
        #expect(run.next == order[(position + 1) % order.count], "\(engine): after the video came \(run.next), not the album's next")
        let ended = try #require(run.endedAt, "\(engine): the video never ended (\(run))")
        #expect(run.duration > 0.5 && abs((run.endedTime ?? 0) - run.duration) < 0.25, "\(engine): \(run)")
        // Played whole, by the page's clock: not cut short, and the turn waited for its end.
        #expect(ended - run.startedAt >= run.duration * 1000 - 150, "\(engine): ended \(ended - run.startedAt) ms after the start of a \(run.duration) s clip")
        #expect(run.turnedAt >= ended, "\(engine): the slideshow moved on before the video ended")
    }

    struct Screen: Decodable {
        var pressed: String
        var full: Bool
        /// Whether the Fullscreen API took the lightbox (else its chrome was hidden).
        var api: Bool
        var textShown: Bool
        var imageHeight: Double
        var imageWidth: Double
        /// The page's viewport (the screen's, in the Fullscreen API).
        var viewWidth: Double
        var viewHeight: Double
    }

    static let fullScreenScript = """
        window.addEventListener('load', async () => {
          const box = document.querySelector('.lightbox');
          const image = box.querySelector('img');
          // Sizes by layout, not drawn: the opening's growth from the cell is a transform.
          const state = () => {
            const r = { width: image.offsetWidth, height: image.offsetHeight };
            return { pressed: box.querySelector('.lightbox-fullscreen').getAttribute('aria-pressed'), full: box.classList.contains('lightbox-full'),
                     api: document.fullscreenElement === box, textShown: getComputedStyle(box.querySelector('.lightbox-text')).display !== 'none',
                     imageHeight: r.height, imageWidth: r.width, viewWidth: innerWidth, viewHeight: innerHeight };
          };
          document.querySelector('main [data-photo-id] .cell-link')
            .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          await galleryWaitFor(() => !box.hidden && image.getAttribute('src'), 'the lightbox', 30);
          const before = state();
          box.dispatchEvent(new KeyboardEvent('keydown', { key: 'f', bubbles: true, cancelable: true }));
          await galleryWaitFor(() => box.classList.contains('lightbox-full'), 'full screen', 30);
          await galleryWaitFor(() => Math.abs(image.offsetHeight - innerHeight) < 1 || Math.abs(image.offsetWidth - innerWidth) < 1, 'the photo as large as the screen', 30);
          const entered = state();
          box.querySelector('.lightbox-fullscreen').click();
          await galleryWaitFor(() => !box.classList.contains('lightbox-full'), 'full screen left', 30);
          const left = state();
          galleryTestReport([before, entered, left]);
        });
        """

    @Test("full screen with the f key and its button: the photo as large as the screen, the text hidden, then back",
          arguments: BrowserEngine.allCases, [(390, 844), (1280, 900)])
    func fullScreen(engine: BrowserEngine, size: (width: Int, height: Int)) throws {
        let site = try SampleSite.site
        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: Self.fullScreenScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let states = try JSONDecoder().decode([Screen].self, from: engine.open(probe, in: site, width: size.width, height: size.height))
        try #require(states.count == 3)
        let (before, entered, left) = (states[0], states[1], states[2])
        #expect(before.pressed == "false" && !before.full && before.textShown && before.imageHeight < Double(size.height) - 100, "\(engine): \(before)")
        #expect(entered.pressed == "true" && entered.full && !entered.textShown, "\(engine): \(entered)")
        // The photo fills the screen on one side: the whole width, or the whole height.
        #expect(abs(entered.imageWidth - entered.viewWidth) < 1 || abs(entered.imageHeight - entered.viewHeight) < 1, "\(engine): \(entered)")
        // On a phone a landscape photo is edge to edge already; elsewhere it grows.
        if before.imageWidth < before.viewWidth - 1 {
            #expect(entered.imageHeight > before.imageHeight + 50, "\(engine) at \(size): the photo did not grow in full screen: \(before) → \(entered)")
        }
        #expect(left.pressed == "false" && !left.full && !left.api && left.textShown && abs(left.imageHeight - before.imageHeight) < 1, "\(engine): \(left)")
    }

    @Test("in Chromium, a real tap on the button takes the lightbox into the Fullscreen API, and another brings it back")
    func fullScreenAPI() throws {
        let site = try SampleSite.site
        let browser = try ChromiumSession()
        try browser.open(site.appending(path: "album-coast.html"), width: 390, height: 844, scale: 3, mobile: true)
        _ = try browser.evaluate(PageWaits.script + """
            document.querySelector('main [data-photo-id] .cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
            galleryWaitFor(() => !document.querySelector('.lightbox').hidden, 'the lightbox').then(() => true)
            """)
        let button = try #require(browser.evaluate("(() => { const r = document.querySelector('.lightbox-fullscreen').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()") as? [Double])
        try browser.touch([[(button[0], button[1])]])
        let entered = try browser.evaluate("galleryWaitFor(() => document.fullscreenElement && document.querySelector('.lightbox-fullscreen').getAttribute('aria-pressed') === 'true', 'the Fullscreen API').then(() => [document.fullscreenElement === document.querySelector('.lightbox'), document.querySelector('.lightbox-fullscreen').getAttribute('aria-pressed')])") as? [Any]
        #expect(entered?.first as? Bool == true && entered?.last as? String == "true", "\(String(describing: entered))")
        try browser.touch([[(button[0], button[1])]])
        let left = try browser.evaluate("galleryWaitFor(() => !document.fullscreenElement && document.querySelector('.lightbox-fullscreen').getAttribute('aria-pressed') === 'false', 'full screen left').then(() => [document.querySelector('.lightbox').classList.contains('lightbox-full'), document.querySelector('.lightbox-fullscreen').getAttribute('aria-pressed')])") as? [Any]
        #expect(left?.first as? Bool == false && left?.last as? String == "false", "\(String(describing: left))")
    }
}
