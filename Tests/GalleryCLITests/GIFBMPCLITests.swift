import Foundation
import GalleryTestSupport
import Testing

/// GIFs and bitmaps in a folder are photos: imported, laid out and made into the site's images;
/// an animated GIF, PNG or WebP is an animation: its first frame the still, a looping web video made once.
@Suite("gallery build: GIF and BMP are photos, animations play")
struct GIFBMPCLITests {
    @Test("a still GIF and a BMP are photos; an animated GIF, APNG and WebP are animations with a web video, made once")
    func gifAndBMP() throws {
        let work = try TemporaryDirectory("gif-bmp")
        let pattern = try work.write("pattern.png", TestImages.png(width: 120, height: 80))
        try FileManager.default.createDirectory(atPath: work.path + "/photos", withIntermediateDirectories: true)
        try TestVideos.run(TestMetadata.imageMagick, [pattern, work.path + "/photos/still.gif"])
        try TestVideos.run(TestMetadata.imageMagick, [pattern, "BMP3:" + work.path + "/photos/scan.bmp"])
        try TestVideos.run(TestMetadata.imageMagick, ["-delay", "20", pattern, "(", pattern, "-negate", ")", work.path + "/photos/moving.gif"])
        try TestVideos.run("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc=size=120x80:rate=10:duration=1",
                                               "-plays", "0", "-f", "apng", work.path + "/photos/moving.png"])
        try TestVideos.run("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc=size=120x80:rate=10:duration=1",
                                               "-c:v", "libwebp_anim", "-loop", "0", work.path + "/photos/moving.webp"])
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("warning"), "\(built.stderr)")
        #expect(built.stdout.contains("5 photos") && built.stdout.contains("3 videos written") && built.stdout.contains("0 failed"), "\(built.stdout)")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let page = try String(contentsOfFile: work.path + "/site/index.html", encoding: .utf8)
        for (name, format, kind) in [("still.gif", "gif", "photo"), ("scan.bmp", "bmp", "photo"), ("moving.gif", "gif", "animated"), ("moving.png", "png", "animated"),
                                      ("moving.webp", "webp", "animated")] {
            let photo = try #require(photos.first { $0["path"] as? String == name }, "\(listed.stdout)")
            #expect(photo["format"] as? String == format && photo["kind"] as? String == kind, "\(photo)")
            #expect(photo["displayWidth"] as? Int == 120 && photo["displayHeight"] as? Int == 80, "\(photo)")
            // An animation's clip is the file itself.
            let motion = photo["motion"] as? [String: Any]
            #expect((motion?["path"] as? String == name) == (kind == "animated"), "\(photo)")
            let id = try #require(photo["id"] as? Int)
            let cell = try #require(page.firstMatch(of: try Regex("<div class=\"cell\" id=\"photo-\(id)\"[^>]*>")).map { String(page[$0.range]) })
            #expect(cell.contains("data-kind=\"\(kind)\""), "\(cell)")
            let animation = cell.firstMatch(of: #/data-animation="([^"]+)"/#).map { String($0.output.1) }
            #expect((animation != nil) == (kind == "animated") && !cell.contains("data-motion"), "\(cell)")
            if let animation {
                #expect(animation.hasPrefix("videos/") && animation.hasSuffix("-120x80.mp4"), "\(animation)")
                #expect(try TestVideos.ffprobe(work.path + "/site/" + animation).video?.codec_name == "h264")
            }
        }
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/thumbs")
        #expect(thumbs.count >= 5, "\(thumbs)")
        let again = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(again.status == 0 && !again.stdout.contains("videos written"), "made once: \(again.stdout)")
    }
}
