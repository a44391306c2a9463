import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Imaging
import Testing

/// An animated GIF in the site, in Chromium, Firefox and WebKit: its cell plays its web video
/// muted and looped over its still (the same box: nothing moves), pauses once scrolled off
/// screen, loops in the lightbox without a Live mark, and stays still under
/// prefers-reduced-motion.
@Suite("Animations in the site: they play on screen, pause off screen, loop in the lightbox, keep still when asked", .serialized)
struct AnimationExportTests {
    /// One site for the suite: an animated GIF first (by name), then photos enough to scroll it
    /// away on a phone.
    static let site: Result<(work: TemporaryDirectory, site: URL, animationID: Int), Error> = Result {
        let work = try TemporaryDirectory("animation-export")
        var frames: [String] = []
        for (n, color) in ["tomato", "gold", "teal"].enumerated() {
            let frame = work.path + "/frame\(n).png"
            try TestVideos.run(TestMetadata.imageMagick, ["-size", "240x160", "xc:\(color)", "-fill", "white", "-draw", "circle \(60 + 60 * n),80 \(60 + 60 * n),50", frame])
            frames.append(frame)
        }
        try FileManager.default.createDirectory(atPath: work.path + "/photos", withIntermediateDirectories: true)
        try TestVideos.run(TestMetadata.imageMagick, ["-delay", "30"] + frames + ["-loop", "0", work.path + "/photos/a-moving.gif"])
        for n in 1 ... 24 {
            _ = try work.write("photos/b\(String(format: "%02d", n)).jpg", TestImages.jpeg(width: 120, height: n % 2 == 0 ? 160 : 90, seed: UInt8(n)))
        }
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        guard built.status == 0 else { throw TestVideos.Failure(description: built.stderr) }
        let photos = try GalleryBinary.listedPhotos(in: work.url)
        guard let id = photos.first(where: { $0["path"] as? String == "a-moving.gif" })?["id"] as? Int else {
            throw TestVideos.Failure(description: "no a-moving.gif in \(photos)")
        }
        return (work, work.url.appending(path: "site"), id)
    }

    struct Played: Decodable {
        var overStill: Bool
        var muted: Bool
        var looped: Bool
        var pausedOffScreen: Bool
        var playsAgain: Bool
        var lightboxLoops: Bool
        var noLiveMark: Bool
        var stillWhenReduced: Bool
    }

    @Test("the cell plays looped and muted over its still, pauses off screen; the lightbox loops it; reduced motion keeps it still",
          arguments: BrowserEngine.allCases)
    func plays(engine: BrowserEngine) throws {
        let (_, site, id) = try Self.site.get()
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            window.addEventListener('load', async () => {
              const result = {};
              const cell = () => document.querySelector('#photo-\(id)');
              const video = () => cell() && cell().querySelector('video.animation');
              // The grid's own observer is called before one made later: once this one has
              // seen the cell come or go, the grid's has too.
              // (A cell far from the viewport is let go by the grid, its video with it: the
              // cell found again is a new element.)
              const seen = (element, inView) => {
                let done = false;
                const observer = new IntersectionObserver((entries) => {
                  if (entries.some((entry) => entry.isIntersecting === inView)) { observer.disconnect(); done = true; }
                });
                observer.observe(element);
                return galleryWaitFor(() => done || (!inView && !element.isConnected), 'the cell ' + (inView ? 'in view' : 'out of view'));
              };
              await galleryWaitFor(() => video() && !video().paused && video().currentTime > 0, 'the animation to play');
              const clip = video(), still = cell().querySelector('img.photo');
              const a = clip.getBoundingClientRect(), b = still.getBoundingClientRect();
              result.overStill = Math.abs(a.left - b.left) < 0.5 && Math.abs(a.top - b.top) < 0.5
                && Math.abs(a.width - b.width) < 0.5 && Math.abs(a.height - b.height) < 0.5;
              result.muted = clip.muted && clip.loop;
              let last = clip.currentTime, wrapped = false;
              clip.addEventListener('timeupdate', () => { if (clip.currentTime < last) wrapped = true; last = clip.currentTime; });
              await galleryWaitFor(() => wrapped, 'the animation to come round (' + clip.currentTime + ' of ' + clip.duration + ')');
              result.looped = true;
              // Scrolled off screen: paused.
              const away = seen(cell(), false);
              window.scrollTo(0, document.documentElement.scrollHeight);
              await away;
              await galleryWaitFor(() => !video() || video().paused, 'the animation to pause off screen');
              result.pausedOffScreen = true;
              window.scrollTo(0, 0);
              await galleryWaitFor(cell, 'the cell back');
              await seen(cell(), true);
              await galleryWaitFor(() => video() && !video().paused, 'the animation to play again');
              result.playsAgain = true;
              // Reduced motion asked for: scrolled away and back, it stays still.
              const realMatchMedia = window.matchMedia;
              window.matchMedia = (query) => ({ matches: /reduce/.test(query), media: query, addEventListener() {}, removeEventListener() {} });
              const awayAgain = seen(cell(), false);
              window.scrollTo(0, document.documentElement.scrollHeight);
              await awayAgain;
              await galleryWaitFor(() => !video() || video().paused, 'the animation to pause');
              window.scrollTo(0, 0);
              await galleryWaitFor(cell, 'the cell back');
              await seen(cell(), true);
              await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
              result.stillWhenReduced = !video() || video().paused;
              // Motion allowed again: the lightbox plays it.
              window.matchMedia = realMatchMedia;
              // The lightbox: the clip loops in the still's place, without the Live Photo's mark.
              const box = document.querySelector('.lightbox'), motion = box.querySelector('.lightbox-motion');
              cell().querySelector('a.cell-link').click();
              await galleryWaitFor(() => !box.hidden && !motion.hidden && !motion.paused && motion.currentTime > 0, 'the lightbox to play it');
              result.lightboxLoops = motion.loop && motion.muted && motion.getAttribute('src') === cell().dataset.animation;
              result.noLiveMark = box.querySelector('.lightbox-live').hidden;
              box.querySelector('.lightbox-close').click();
              await galleryWaitFor(() => box.hidden, 'the lightbox to close');
              galleryTestReport(result);
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let played = try JSONDecoder().decode(Played.self, from: engine.open(probe, in: site, width: 390, height: 844, timeout: 120))
        #expect(played.overStill && played.muted, "\(engine): \(played)")
        #expect(played.looped && played.pausedOffScreen && played.playsAgain, "\(engine): \(played)")
        #expect(played.lightboxLoops && played.noLiveMark, "\(engine): \(played)")
        #expect(played.stillWhenReduced, "\(engine): \(played)")
    }
}
