import Foundation
import GalleryTestSupport
import Testing

/// The demo's phone folder (`sample-data/moments`): made by make-sample-data with FFmpeg's
/// libraries, the same bytes every time, and shown by `make demo`'s site as a phone's camera
/// roll is: a Live Photo with its mark and clip, an upright video, photos.
@Suite("The sample phone folder: a Live Photo and an upright video, reproducible")
struct SamplePhoneFolderTests {
    @Test("make-sample-data --phone writes sample-data/moments byte for byte")
    func reproducible() throws {
        let work = try TemporaryDirectory("sample-phone")
        let made = try GalleryBinary.run(["--phone", work.path], in: work.url, executable: GalleryBinary.sampleData)
        #expect(made.status == 0, "\(made.stderr)")
        let committed = GalleryBinary.packageRoot.appending(path: "sample-data/moments")
        let names = try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted()
        #expect(names == ["IMG_0412.JPG", "IMG_0412.MOV", "IMG_0413.MOV", "IMG_0414.JPG", "IMG_0415.JPG"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path + "/moments").sorted() == names)
        for name in names {
            #expect(try Data(contentsOf: committed.appending(path: name)) == Data(contentsOf: work.url.appending(path: "moments/" + name)),
                    "\(name) differs from what make-sample-data writes (run make sample-data and commit)")
        }
        // What a phone writes: HEVC tagged hvc1, the upright clip turned by its display matrix.
        let upright = try TestVideos.ffprobe(committed.appending(path: "IMG_0413.MOV").path)
        #expect(upright.video?.codec_name == "hevc" && upright.video?.width == 640 && upright.video?.height == 360, "\(upright.streams)")
        #expect(try TestVideos.ffprobeRotation(committed.appending(path: "IMG_0413.MOV").path) == -90)
        let live = try TestVideos.ffprobe(committed.appending(path: "IMG_0412.MOV").path)
        #expect(live.allTags["com.apple.quicktime.content.identifier"] != nil, "\(live.allTags)")
    }

    @Test("the demo site's moments album: the Live Photo's mark and clip, the video's mark and player, the MOV of the pair not a cell")
    func demoAlbum() throws {
        let page = try String(contentsOf: try SampleSite.site.appending(path: "album-moments.html"), encoding: .utf8)
        let cells = page.matches(of: #/<div class="cell" [^>]*>/#).map { String($0.output) }
        #expect(cells.count == 4, "\(cells)")
        #expect(cells.filter { $0.contains("data-kind=\"live\"") && $0.contains("data-motion=\"videos/") }.count == 1, "\(cells)")
        #expect(cells.filter { $0.contains("data-kind=\"video\"") && $0.contains("data-video=\"videos/") }.count == 1, "\(cells)")
        // The album's count, as its heights' style sheet writes it into the header.
        let heights = try String(contentsOf: try SampleSite.site.appending(path: "data/album-moments.heights.css"), encoding: .utf8)
        #expect(heights.contains("content: \"3 photos, 1 video\""), "\(heights)")
        for clip in page.matches(of: #/data-(?:motion|video)="(?<name>videos/[^"]+)"/#).map({ String($0.output.name) }) {
            #expect(FileManager.default.fileExists(atPath: try SampleSite.site.appending(path: clip).path), "\(clip)")
        }
    }
}
