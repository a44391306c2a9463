import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Imaging
import Testing

/// What `gallery build` writes for videos: a web rendition per clip, named by its content and
/// the settings that shape it, made once, owned by the export (removed when no page names it),
/// carrying no tag of the original; or the original's copy (`videos = "original"`); or nothing,
/// the videos left out (`videos = "skip"`).
@Suite("Videos in the export: renditions made once, named by content and settings, private")
struct VideoExportTests {
    static func videoAttributes(_ site: URL) throws -> [String] {
        let page = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        return page.matches(of: #/data-video="(?<name>[^"]+)"/#).map { String($0.output.name) }.sorted()
    }

    static func files(_ folder: URL) -> [String: Date] {
        var dates: [String: Date] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            dates[name] = (try? FileManager.default.attributesOfItem(atPath: folder.appending(path: name).path)[.modificationDate]) as? Date
        }
        return dates
    }

    @Test("a phone's H.264 clip is copied and a WebM encoded; a rerun makes none again; new settings make new names and drop the old")
    func renditions() throws {
        let work = try TemporaryDirectory("video-export")
        try work.write("photos/a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        try TestVideos.make(work.path + "/photos/IMG_0002.MOV", width: 320, height: 240, seconds: 1, rotate: 90,
                            metadata: ["com.apple.quicktime.location.ISO6709": "+48.8584+002.2945+035.000/", "com.apple.quicktime.make": "Apple"])
        try TestVideos.make(work.path + "/photos/walk.webm", width: 320, height: 180, seconds: 1, codec: "libvpx-vp9")
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout.contains("2 videos written"), "\(built.stdout)")
        #expect(built.stderr.contains("video 2/2"), "the encoder's progress: \(built.stderr)")
        let site = work.url.appending(path: "site")
        let page = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        // The album's count is its heights' style sheet's, which photos added change anyway.
        let heights = try String(contentsOf: site.appending(path: "data/index.heights.css"), encoding: .utf8)
        #expect(heights.contains(".album-summary::before { content: \"1 photo, 2 videos\"; }") && !page.contains("1 photo, 2 videos")
                    && page.contains("<p class=\"meta\"><span class=\"album-summary\"></span>"), "the subtitle counts what the album holds: \(heights)")
        #expect(SiteWords(language: "ja").itemCount(5, videos: 2) == "写真 3 枚、動画 2 本" && SiteWords(language: "en").itemCount(2, videos: 2) == "2 videos")
        #expect(page.contains(">All photos and videos, page by page</a>"), "the plain pages' link names videos too")
        #expect(SiteWords(language: "en").allPageByPage(.videos) == "All videos, page by page" && SiteWords(language: "fr").allPageByPage(.photosAndVideos) == "Toutes les photos et vidéos, page par page")
        let named = try Self.videoAttributes(site)
        #expect(named.count == 2 && named.allSatisfy { $0.hasPrefix("videos/") && $0.hasSuffix(".mp4") }, "\(named)")
        #expect(named.contains { $0.hasSuffix("-240x320.mp4") } && named.contains { $0.hasSuffix("-320x180.mp4") }, "displayed sizes: \(named)")
        for name in named {
            let report = try TestVideos.ffprobe(site.appending(path: name).path)
            #expect(report.video?.codec_name == "h264" && report.audio?.codec_name == "aac", "\(name): \(report.streams)")
            #expect(report.privateTags.isEmpty, "\(name): \(report.allTags)")
        }
        let manifest = try String(contentsOf: site.appending(path: ".gallery-export.json"), encoding: .utf8)
        #expect(named.allSatisfy { manifest.contains($0) }, "the export owns its renditions")

        // Nothing changed: nothing is made again.
        let before = Self.files(site.appending(path: "videos"))
        let again = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(again.status == 0 && !again.stdout.contains("videos written") && !again.stderr.contains("video 1/"), "\(again.stdout)\(again.stderr)")
        #expect(Self.files(site.appending(path: "videos")) == before)

        // Another quality and size: new names, the old files removed.
        try work.write("photos/gallery.toml", text: "[content]\nvideo_quality = 30\nvideo_max_height = 144\n")
        let smaller = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(smaller.status == 0, "\(smaller.stderr)")
        let renamed = try Self.videoAttributes(site)
        #expect(renamed.count == 2 && renamed.allSatisfy { $0.hasSuffix("-q30.mp4") }, "\(renamed)")
        #expect(renamed.contains { $0.hasSuffix("-144x192-q30.mp4") } && renamed.contains { $0.hasSuffix("-256x144-q30.mp4") }, "\(renamed)")
        #expect(Set(Self.files(site.appending(path: "videos")).keys) == Set(renamed.map { String($0.dropFirst("videos/".count)) }))
        let upright = try TestVideos.ffprobe(site.appending(path: try #require(renamed.first { $0.contains("144x192") })).path)
        #expect(upright.video?.width == 144 && upright.video?.height == 192, "\(upright.streams)")
    }

    @Test("videos = \"original\" plays the file as it is; \"skip\" leaves videos out of the library and the site")
    func originalAndSkip() throws {
        let work = try TemporaryDirectory("video-export-choices")
        try work.write("photos/a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        try TestVideos.make(work.path + "/photos/clip.mov", width: 320, height: 240, seconds: 1)
        try work.write("photos/gallery.toml", text: "[content]\nvideos = \"original\"\n")
        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        let named = try Self.videoAttributes(site)
        let original = try #require(named.first, "\(named)")
        #expect(named.count == 1 && original.hasPrefix("originals/") && original.hasSuffix(".mov"), "\(named)")
        #expect(try Data(contentsOf: site.appending(path: original)) == Data(contentsOf: work.url.appending(path: "photos/clip.mov")))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: site.appending(path: "videos").path)) ?? []).isEmpty)

        try work.write("photos/gallery.toml", text: "[content]\nvideos = \"skip\"\n")
        let skipped = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stderr.contains("1 video left out (videos = \"skip\" in gallery.toml)"), "\(skipped.stderr)")
        #expect(skipped.stdout.contains("removed 1"), "the clip imported before is removed: \(skipped.stdout)")
        #expect(try Self.videoAttributes(site).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: original).path), "its copy went with it")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        #expect(!listed.stdout.contains("clip.mov") && listed.stdout.contains("a.jpg"), "\(listed.stdout)")
    }
}
