import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Imaging
import Testing

/// A video's cell opens in the lightbox as a player that plays, in Chromium, Firefox and WebKit
/// (Safari's engine): the site's web rendition (an upright HEVC phone clip made H.264 + AAC),
/// its poster first, at the clip's shape.
@Suite("Videos play in the lightbox, in every engine", .serialized)
struct VideoPlaybackTests {
    /// One site for the suite: a photo, then a phone's upright HEVC clip with sound.
    /// (The folder is held for the whole run: the suite's tests share it.)
    static let site: Result<(work: TemporaryDirectory, site: URL, videoID: Int, rendition: String, width: Int, height: Int), Error> = Result {
        let work = try TemporaryDirectory("video-playback")
        try work.write("photos/a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        try TestVideos.make(work.path + "/photos/b-clip.mov", width: 480, height: 270, seconds: 3, codec: "libx265", rotate: 90,
                            extra: ["-tag:v", "hvc1"])
        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        guard built.status == 0 else { throw TestVideos.Failure(description: built.stderr) }
        let photos = try GalleryBinary.listedPhotos(in: work.url)
        guard let id = photos.first(where: { $0["path"] as? String == "b-clip.mov" })?["id"] as? Int else {
            throw TestVideos.Failure(description: "no video in \(photos)")
        }
        let site = work.url.appending(path: "site")
        let videos = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "videos").path)
        guard videos.count == 1 else { throw TestVideos.Failure(description: "videos/: \(videos)") }
        // The rendition's frame as ffprobe reads the file: what the player must report.
        let report = try TestVideos.ffprobe(site.appending(path: "videos/" + videos[0]).path)
        return (work, site, id, "videos/" + videos[0], report.video?.width ?? 0, report.video?.height ?? 0)
    }

    struct Played: Decodable {
        var src: String
        var poster: String
        var imageHidden: Bool
        var readyState: Int
        var startedAt: Double
        var reachedAt: Double
        var videoWidth: Int
        var videoHeight: Int
        var boxWidth: Double
        var boxHeight: Double
        var stoppedOnClose: Bool
    }

    @Test("the cell opens a player of its rendition that reaches HAVE_CURRENT_DATA and whose time advances", arguments: BrowserEngine.allCases)
    func plays(engine: BrowserEngine) throws {
        let (_, site, id, rendition, width, height) = try Self.site.get()
        #expect(width == 270 && height == 480, "an upright rendition: \(width)×\(height)")
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            window.addEventListener('load', async () => {
              const box = document.querySelector('.lightbox'), player = box.querySelector('video'), image = box.querySelector('img');
              document.querySelector('#photo-\(id) a.cell-link').click();
              await galleryWaitFor(() => !box.hidden && !player.hidden && player.getAttribute('src'), 'the player');
              const src = player.getAttribute('src'), poster = player.getAttribute('poster') || '';
              // Sound needs the visitor's own tap in some engines: muted, any engine plays.
              player.muted = true;
              await player.play().catch(() => null);
              await galleryWaitFor(() => player.readyState >= 2, 'HAVE_CURRENT_DATA (readyState ' + player.readyState + ', error ' + (player.error && player.error.code) + ')');
              const startedAt = player.currentTime;
              // A deadline for a starved machine: WebKitGTK's player, beside the whole suite on two
              // cores kept busy by stress-ng, once took over a minute to play 0.3 s.
              await galleryWaitFor(() => player.currentTime > startedAt + 0.3,
                                   'the time to advance past ' + startedAt + ' (at ' + player.currentTime + (player.paused ? ', paused' : '') + ')', 180);
              const reachedAt = player.currentTime;
              const r = player.getBoundingClientRect();
              const played = { src, poster, imageHidden: image.hidden, readyState: player.readyState, startedAt, reachedAt,
                               videoWidth: player.videoWidth, videoHeight: player.videoHeight, boxWidth: r.width, boxHeight: r.height };
              box.querySelector('.lightbox-close').click();
              await galleryWaitFor(() => box.hidden, 'the lightbox to close');
              played.stoppedOnClose = player.paused && !player.getAttribute('src');
              galleryTestReport(played);
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let played = try JSONDecoder().decode(Played.self, from: engine.open(probe, in: site, width: 390, height: 844, timeout: 120))
        #expect(played.src == rendition && played.poster.hasPrefix("large/"), "\(engine): \(played)")
        #expect(played.imageHidden && played.readyState >= 2 && played.reachedAt > played.startedAt + 0.3, "\(engine): \(played)")
        #expect(played.videoWidth == width && played.videoHeight == height, "\(engine): \(played)")
        // Drawn at the clip's shape (the box is --ar's; the frame fills it).
        #expect(abs(played.boxWidth / played.boxHeight - Double(width) / Double(height)) < 0.01, "\(engine): \(played)")
        #expect(played.stoppedOnClose, "\(engine): closing stops the video and lets its download go")
    }
}
