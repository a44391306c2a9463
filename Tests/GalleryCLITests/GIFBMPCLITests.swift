import Foundation
import GalleryTestSupport
import Testing

/// GIFs and bitmaps in a folder are photos: imported, laid out and made into the site's images.
@Suite("gallery build: GIF and BMP are photos")
struct GIFBMPCLITests {
    @Test("a still GIF, an animated one (its first frame, said once) and a BMP: photos with their sizes and images")
    func gifAndBMP() throws {
        let work = try TemporaryDirectory("gif-bmp")
        let pattern = try work.write("pattern.png", TestImages.png(width: 120, height: 80))
        try FileManager.default.createDirectory(atPath: work.path + "/photos", withIntermediateDirectories: true)
        try TestVideos.run(TestMetadata.imageMagick, [pattern, work.path + "/photos/still.gif"])
        try TestVideos.run(TestMetadata.imageMagick, [pattern, "BMP3:" + work.path + "/photos/scan.bmp"])
        try TestVideos.run(TestMetadata.imageMagick, ["-delay", "20", pattern, "(", pattern, "-negate", ")", work.path + "/photos/moving.gif"])
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.components(separatedBy: "moving.gif: an animated GIF: its first frame is shown").count == 2, "\(built.stderr)")
        #expect(built.stdout.contains("3 photos") && built.stdout.contains("0 failed"), "\(built.stdout)")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        for (name, format) in [("still.gif", "gif"), ("scan.bmp", "bmp"), ("moving.gif", "gif")] {
            let photo = try #require(photos.first { $0["path"] as? String == name }, "\(listed.stdout)")
            #expect(photo["format"] as? String == format && photo["kind"] as? String == "photo", "\(photo)")
            #expect(photo["displayWidth"] as? Int == 120 && photo["displayHeight"] as? Int == 80, "\(photo)")
        }
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/thumbs")
        #expect(thumbs.count >= 3, "\(thumbs)")
    }
}
