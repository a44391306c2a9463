import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Imaging
import Testing

/// Live Photos in the site: the still's cell with a "LIVE" mark and `data-motion` naming its
/// clip's web version (the MOV made H.264, no tags of the original); in the lightbox, pressing
/// the mark (a finger) plays the clip muted in the still's place to its end, hovering it (a
/// mouse) plays it until the mouse leaves, and the still is back after; in Chromium, Firefox
/// and WebKit.
@Suite("Live Photos in the site: the mark, the clip's web version, and its playing in every engine", .serialized)
struct LivePhotoExportTests {
    static let identifier = "11111111-2222-4333-8444-555555555555"

    /// One site for the suite: a plain photo, an iPhone Live Photo (HEVC MOV with sound), an
    /// Android motion photo.
    static let site: Result<(work: TemporaryDirectory, site: URL, liveID: Int, motionID: Int, photoID: Int), Error> = Result {
        let work = try TemporaryDirectory("live-export")
        try work.write("photos/a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        try work.write("photos/IMG_0001.JPG", TestLivePhotos.appleStill(identifier: identifier, width: 160, height: 120, seed: 2))
        try TestLivePhotos.appleMotion(work.path + "/photos/IMG_0001.MOV", identifier: identifier, width: 320, height: 240, seconds: 2)
        try TestVideos.make(work.path + "/clip.mp4", width: 320, height: 240, seconds: 1.2, audio: false)
        try work.write("photos/PXL_0002.MP.jpg", try TestLivePhotos.motionPhoto(video: work.path + "/clip.mp4", width: 160, height: 120, seed: 3))
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        guard built.status == 0 else { throw TestVideos.Failure(description: built.stderr) }
        let photos = try GalleryBinary.listedPhotos(in: work.url)
        func id(_ path: String) throws -> Int {
            guard let id = photos.first(where: { $0["path"] as? String == path })?["id"] as? Int else {
                throw TestVideos.Failure(description: "no \(path) in \(photos)")
            }
            return id
        }
        return (work, work.url.appending(path: "site"), try id("IMG_0001.JPG"), try id("PXL_0002.MP.jpg"), try id("a.jpg"))
    }

    static func attribute(_ name: String, of id: Int, in page: String) -> String? {
        guard let cell = page.firstMatch(of: try! Regex("<div class=\"cell\" id=\"photo-\(id)\"[^>]*>")) else { return nil }
        let tag = String(page[cell.range])
        guard let value = tag.firstMatch(of: try! Regex("\(name)=\"([^\"]*)\"")) else { return nil }
        return value.output[1].substring.map(String.init)
    }

    @Test("the cells: kind live, the mark, data-motion naming an H.264 file without the clip's tags; the MOV has no cell; made once")
    func cells() throws {
        let (work, site, liveID, motionID, photoID) = try Self.site.get()
        let page = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(page.matches(of: #/<div class="cell" /#).count == 3, "the MOV is not an item of its own")
        for id in [liveID, motionID] {
            #expect(Self.attribute("data-kind", of: id, in: page) == "live")
            let motion = try #require(Self.attribute("data-motion", of: id, in: page), "\(id)")
            #expect(motion.hasPrefix("videos/") && motion.hasSuffix("-320x240.mp4"), "\(motion)")
            let report = try TestVideos.ffprobe(site.appending(path: motion).path)
            #expect(report.video?.codec_name == "h264" && report.video?.width == 320, "\(report.streams)")
            #expect(report.privateTags.isEmpty, "\(report.allTags)")
            #expect(Self.attribute("data-video", of: id, in: page) == nil, "a Live Photo is a photo with a clip, not a video")
        }
        #expect(page.contains("media-badge live-badge"))
        #expect(Self.attribute("data-kind", of: photoID, in: page) == "photo" && Self.attribute("data-motion", of: photoID, in: page) == nil)
        // The iPhone's clip is named by the MOV's own content.
        let live = try #require(Self.attribute("data-motion", of: liveID, in: page))
        let listed = try GalleryBinary.listedPhotos(in: work.url).first { $0["id"] as? Int == liveID }
        let hash = try #require((listed?["motion"] as? [String: Any])?["contentHash"] as? String)
        #expect(live.contains(String(hash.dropFirst("xxh64:".count))), "\(live) \(hash)")

        let again = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(again.status == 0 && !again.stdout.contains("videos written"), "nothing made again: \(again.stdout)")
    }

    struct Played: Decodable {
        var markShown: Bool
        var motionSrc: String
        var pressedPlayed: Bool
        var stillBackAfterEnd: Bool
        var hoverPlayed: Bool
        var stillBackOnLeave: Bool
        var markHiddenOnPhoto: Bool
        var mutedAlways: Bool
    }

    @Test("pressing the mark plays the clip muted in the still's place to its end; hovering plays until the mouse leaves",
          arguments: BrowserEngine.allCases)
    func plays(engine: BrowserEngine) throws {
        let (_, site, liveID, _, photoID) = try Self.site.get()
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            window.addEventListener('load', async () => {
              const box = document.querySelector('.lightbox'), image = box.querySelector('img');
              const motion = box.querySelector('.lightbox-motion'), mark = box.querySelector('.lightbox-live');
              const press = (type, pointerType) => mark.dispatchEvent(new PointerEvent(type, { pointerType, bubbles: type !== 'pointerenter' && type !== 'pointerleave', isPrimary: true }));
              const result = { mutedAlways: true };
              motion.addEventListener('playing', () => { if (!motion.muted) result.mutedAlways = false; });
              document.querySelector('#photo-\(liveID) a.cell-link').click();
              await galleryWaitFor(() => !box.hidden && image.getAttribute('src'), 'the lightbox');
              result.markShown = !mark.hidden && mark.getBoundingClientRect().width >= 44;
              result.motionSrc = motion.getAttribute('src') || '';
              // A finger on the mark: the clip plays, in the still's place, to its end.
              press('pointerdown', 'touch');
              press('pointerup', 'touch');
              await galleryWaitFor(() => !motion.hidden && image.hidden && motion.currentTime > 0.3, 'the clip to play (' + motion.currentTime + ', readyState ' + motion.readyState + ', error ' + (motion.error && motion.error.code) + ')');
              result.pressedPlayed = true;
              await galleryWaitFor(() => motion.hidden && !image.hidden, 'the still back after the end');
              result.stillBackAfterEnd = motion.ended || motion.paused;
              // A mouse over the mark: plays until it leaves.
              press('pointerenter', 'mouse');
              await galleryWaitFor(() => !motion.hidden && motion.currentTime > 0.2, 'the clip to play on hover');
              result.hoverPlayed = true;
              press('pointerleave', 'mouse');
              await galleryWaitFor(() => motion.hidden && !image.hidden && motion.paused, 'the still back on leave');
              result.stillBackOnLeave = true;
              // The plain photo has no mark.
              const ids = [...document.querySelectorAll('main [data-photo-id]')].map((cell) => cell.dataset.photoId);
              box.querySelector('.lightbox-close').click();
              await galleryWaitFor(() => box.hidden, 'the lightbox to close');
              document.querySelector('#photo-\(photoID) a.cell-link').click();
              await galleryWaitFor(() => !box.hidden && image.getAttribute('src'), 'the photo');
              result.markHiddenOnPhoto = mark.hidden && !motion.getAttribute('src');
              galleryTestReport(result);
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let played = try JSONDecoder().decode(Played.self, from: engine.open(probe, in: site, width: 390, height: 844, timeout: 120))
        #expect(played.markShown && played.motionSrc.hasPrefix("videos/"), "\(engine): \(played)")
        #expect(played.pressedPlayed && played.stillBackAfterEnd, "\(engine): \(played)")
        #expect(played.hoverPlayed && played.stillBackOnLeave, "\(engine): \(played)")
        #expect(played.markHiddenOnPhoto && played.mutedAlways, "\(engine): \(played)")
    }
}
