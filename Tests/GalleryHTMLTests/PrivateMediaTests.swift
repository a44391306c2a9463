import Foundation
import GalleryCrypt
import GalleryTestSupport
import Testing

/// Inside a private album (sample-data's moments, sealed), in every engine: its video plays in
/// the lightbox and its Live Photo's clip on a press, both from files the service worker opens
/// (byte ranges included); its own search page finds its captions; a sealed file changed on the
/// host is refused with the worker's message, never shown as if whole.
@Suite("Private albums: a video, a Live Photo, search and a changed file, in every engine", .serialized)
struct PrivateMediaTests {
    static let password = "moments pass phrase"

    /// The sample library with moments private, built once; a changed copy of the album's
    /// sealed page (one byte of its first segment flipped) beside the real one.
    static let work: Result<(work: TemporaryDirectory, page: String, folder: String, videoID: Int, liveID: Int), any Error> = Result {
        let work = try TemporaryDirectory("private-media")
        try FileManager.default.copyItem(at: GalleryBinary.packageRoot.appending(path: "sample-data"), to: work.url.appending(path: "lib"))
        try work.write("lib/moments/album.toml", text: "title = \"Moments\"\naccess = \"private\"\n")
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url,
                                          environment: ["GALLERY_ALBUM_PASSWORD_MOMENTS": password])
        guard built.status == 0 else { throw HeadlessChromium.Failure(description: "gallery build: \(built.stderr)") }
        let photos = try GalleryBinary.listedPhotos(in: work.url)
        func id(_ path: String) throws -> Int {
            guard let id = photos.first(where: { $0["path"] as? String == path })?["id"] as? Int else {
                throw HeadlessChromium.Failure(description: "\(path) is not in the library: \(photos.map { $0["path"] ?? "" })")
            }
            return id
        }
        let site = work.url.appending(path: "site")
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: site.path).first { $0.hasPrefix("album-moments-") && $0.hasSuffix(".html") })
        let tokens = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "private").path)
        guard tokens.count == 1 else { throw HeadlessChromium.Failure(description: "private/: \(tokens)") }
        let folder = "private/\(tokens[0])/"
        var sealed = try Data(contentsOf: site.appending(path: folder + "index.html"))
        sealed[sealed.count / 2] ^= 0x01
        try sealed.write(to: site.appending(path: folder + "changed.html"))
        // A file of five segments sealed with the album's key (a long clip's stand-in), and a copy
        // with one byte of its fourth segment flipped.
        let key = try JSONDecoder().decode(WrappedAlbumKey.self, from: Data(contentsOf: site.appending(path: folder + "key.json"))).unwrap(password: password)
        let long = try SealedFile.seal(Self.longPlaintext, key: key)
        try long.write(to: site.appending(path: folder + "long.bin"))
        var damaged = long
        damaged[SealedFile.headerSize + 3 * (SealedFile.segmentSize + SealedFile.tagSize) + 100] ^= 0x01
        try damaged.write(to: site.appending(path: folder + "long-changed.bin"))
        return (work, page, folder, try id("moments/IMG_0413.MOV"), try id("moments/IMG_0412.JPG"))
    }

    /// long.bin's plaintext: byte i is (31 i + 7) mod 256.
    static let longPlaintext = (0 ..< 300_001).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    struct Report: Decodable {
        var video: Video
        var live: Live
        var search: Search
        var changed: Changed
        /// Each range asked of long.bin (or long-changed.bin): its status, Content-Range, and
        /// whether its bytes are the plaintext's.
        var ranges: [RangeAnswer]

        struct RangeAnswer: Decodable {
            var name: String
            var range: String
            var status: Int
            var contentRange: String
            var length: Int
            var same: Bool
        }

        struct Video: Decodable {
            var src: String
            var readyState: Int
            var startedAt: Double
            var reachedAt: Double
            var videoWidth: Int
        }

        struct Live: Decodable {
            var src: String
            var reachedAt: Double
        }

        struct Search: Decodable {
            var found: String
            var drawn: [Int]
            var imagesLoaded: Bool
            var path: String
        }

        struct Changed: Decodable {
            var status: Int
            var text: String
            var shown: String
        }
    }

    @Test("the video plays and the Live Photo's clip plays from sealed files, search finds the album's captions, a changed file is refused",
          arguments: BrowserEngine.allCases)
    func media(engine: BrowserEngine) throws {
        let (work, page, folder, videoID, liveID) = try Self.work.get()
        let site = work.url.appending(path: "site")
        let probe = "private-media-probe-\(engine).html"
        let password = String(decoding: try JSONEncoder().encode(Self.password), as: UTF8.self)
        try work.write("site/" + probe, text: PrivateAlbumTests.framedProbe(page, height: 844, steps: """
              const form = frame.contentDocument.querySelector('form.private-form');
              next = loaded();
              form.elements.password.value = \(password);
              form.requestSubmit();
              await next;
              let inner = frame.contentWindow;
              await galleryWaitFor(() => inner.document.querySelector('#photo-\(videoID) a.cell-link'), 'the album open', 60);

              // The video: its rendition, opened by the worker, played muted (any engine plays that).
              const box = inner.document.querySelector('.lightbox');
              const player = [...box.querySelectorAll('video')].find((v) => !v.classList.contains('lightbox-motion'));
              inner.document.querySelector('#photo-\(videoID) a.cell-link').click();
              await galleryWaitFor(() => !box.hidden && !player.hidden && player.getAttribute('src'), 'the player', 60);
              player.muted = true;
              await player.play().catch(() => null);
              await galleryWaitFor(() => player.readyState >= 2, 'the video: HAVE_CURRENT_DATA (readyState ' + player.readyState + ', error ' + (player.error && player.error.code) + ')', 60);
              const startedAt = player.currentTime;
              await galleryWaitFor(() => player.currentTime > startedAt + 0.3, 'the video\\'s time to advance past ' + startedAt, 60);
              const video = { src: player.getAttribute('src'), readyState: player.readyState, startedAt, reachedAt: player.currentTime, videoWidth: player.videoWidth };
              box.querySelector('.lightbox-close').click();
              await galleryWaitFor(() => box.hidden, 'the lightbox to close');

              // The Live Photo: a finger on its mark plays the clip in the still's place.
              inner.document.querySelector('#photo-\(liveID) a.cell-link').click();
              const motion = box.querySelector('.lightbox-motion'), mark = box.querySelector('.lightbox-live'), still = box.querySelector('img');
              await galleryWaitFor(() => !box.hidden && still.getAttribute('src') && !mark.hidden, 'the Live Photo in the lightbox', 60);
              for (const type of ['pointerdown', 'pointerup']) mark.dispatchEvent(new inner.PointerEvent(type, { pointerType: 'touch', bubbles: true, isPrimary: true }));
              await galleryWaitFor(() => !motion.hidden && motion.currentTime > 0.3, 'the clip to play (' + motion.currentTime + ', readyState ' + motion.readyState + ', networkState ' + motion.networkState + ', paused ' + motion.paused + ', src ' + motion.currentSrc + ', error ' + (motion.error && motion.error.code) + ')', 60);
              const live = { src: motion.getAttribute('src') || '', reachedAt: motion.currentTime };

              // The album's own search page, opened by the worker too.
              next = loaded();
              frame.src = '\(folder)search.html?q=' + encodeURIComponent('northern lights');
              await next;
              inner = frame.contentWindow;
              const grid = () => inner.document.querySelector('.grid[data-search]');
              await galleryWaitFor(() => grid() && grid().dataset.query === 'northern lights' && grid().getAttribute('aria-busy') !== 'true'
                && [...grid().querySelectorAll('.cell img')].every((i) => i.complete), 'the search drawn', 60);
              const search = { found: grid().dataset.found, drawn: [...grid().querySelectorAll('.cell')].map((c) => Number(c.dataset.photoId)),
                               imagesLoaded: [...grid().querySelectorAll('.cell img')].every((i) => i.naturalWidth > 0), path: inner.location.pathname };

              // A sealed file changed on the host: the worker's refusal, for a fetch and a page.
              const answer = await inner.fetch('changed.html');
              const changed = { status: answer.status, text: await answer.text() };
              next = loaded();
              frame.src = '\(folder)changed.html';
              await next;
              changed.shown = frame.contentDocument.body ? frame.contentDocument.body.textContent.trim() : '';
              // Byte ranges of a five-segment file, opened segment by segment: across a segment's
              // end, open-ended, a suffix, past the end; in a copy with its fourth segment changed,
              // a range before it still opens and one in it is refused.
              const ranges = [];
              for (const [name, range] of [['long.bin', 'bytes=65530-65545'], ['long.bin', 'bytes=200000-'], ['long.bin', 'bytes=-10'],
                                           ['long.bin', 'bytes=400000-'], ['long-changed.bin', 'bytes=0-99'], ['long-changed.bin', 'bytes=200000-200010']]) {
                const answer = await inner.fetch(name, { headers: { Range: range } });
                const bytes = new Uint8Array(await answer.arrayBuffer());
                const start = Number((/^bytes (\\d+)-/.exec(answer.headers.get('Content-Range') || '') || [])[1]);
                ranges.push({ name, range, status: answer.status, contentRange: answer.headers.get('Content-Range') || '', length: bytes.length,
                              same: bytes.every((b, i) => b === (((start + i) * 31 + 7) & 255)) });
              }
              galleryTestReport({ video, live, search, changed, ranges });
            """))
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(probe, in: site, width: 390, height: 844, registersServiceWorker: true))

        #expect(report.video.src.hasPrefix("videos/") && report.video.readyState >= 2 && report.video.reachedAt > report.video.startedAt + 0.3, "\(engine): \(report.video)")
        #expect(report.video.videoWidth > 0, "\(engine): \(report.video)")
        #expect(report.live.src.hasPrefix("videos/") && report.live.reachedAt > 0.3, "\(engine): \(report.live)")
        // The caption of the album's video, found and drawn by the album's own search page.
        #expect(report.search.path.hasSuffix("/" + folder + "search.html"), "\(engine): \(report.search.path)")
        #expect(report.search.found == "1" && report.search.drawn == [videoID] && report.search.imagesLoaded, "\(engine): \(report.search)")
        #expect(report.changed.status == 502, "\(engine): \(report.changed)")
        #expect(report.changed.text == "This file of the private album is damaged.", "\(engine): \(report.changed)")
        #expect(report.changed.shown == report.changed.text, "\(engine): the page shows \(report.changed.shown)")
        let size = Self.longPlaintext.count
        let expected: [(status: Int, contentRange: String, length: Int)] = [
            (206, "bytes 65530-65545/\(size)", 16), (206, "bytes 200000-300000/\(size)", 100_001), (206, "bytes 299991-300000/\(size)", 10),
            (416, "bytes */\(size)", 0), (206, "bytes 0-99/\(size)", 100), (502, "", 42),
        ]
        #expect(report.ranges.count == expected.count, "\(engine): \(report.ranges)")
        for (answer, wanted) in zip(report.ranges, expected) {
            #expect(answer.status == wanted.status && (wanted.status == 502 || answer.contentRange == wanted.contentRange) && (answer.length == wanted.length || wanted.status == 502),
                    "\(engine): \(answer.name) \(answer.range): \(answer.status) \(answer.contentRange), \(answer.length) bytes; expected \(wanted)")
            if answer.status == 206 { #expect(answer.same, "\(engine): \(answer.name) \(answer.range): not the plaintext's bytes") }
        }
    }
}
