import Foundation
import GalleryTestSupport
import Testing

/// `gallery probe` reads videos as well as photos: what it says about a clip agrees with
/// ffprobe's own reading of the same file.
@Suite("gallery probe on videos")
struct VideoCLITests {
    @Test("a turned phone clip and a photo: kind, displayed size, length and codecs, as ffprobe reads them")
    func probeJSON() throws {
        let work = try TemporaryDirectory("video-cli")
        try TestVideos.make(work.path + "/IMG_0003.MOV", width: 480, height: 270, seconds: 1.6, codec: "libx265", rotate: 90, extra: ["-tag:v", "hvc1"])
        try work.write("a.jpg", TestImages.jpeg(width: 90, height: 60, seed: 1))
        let probed = try GalleryBinary.run(["probe", "--json", "IMG_0003.MOV", "a.jpg"], in: work.url)
        #expect(probed.status == 0, "\(probed.stderr)")
        let lines = probed.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let video = try #require(lines.first { $0["path"] as? String == "IMG_0003.MOV" }, "\(probed.stdout)")
        let reference = try TestVideos.ffprobe(work.path + "/IMG_0003.MOV")
        let rotation = try #require(try TestVideos.ffprobeRotation(work.path + "/IMG_0003.MOV"))
        let turned = abs(rotation) % 180 == 90
        let (storedWidth, storedHeight) = (try #require(reference.video?.width), try #require(reference.video?.height))
        #expect(video["kind"] as? String == "video" && video["format"] as? String == "mov")
        #expect(video["width"] as? Int == storedWidth && video["height"] as? Int == storedHeight)
        #expect(video["displayWidth"] as? Int == (turned ? storedHeight : storedWidth) && video["displayHeight"] as? Int == (turned ? storedWidth : storedHeight), "\(video)")
        let duration = try #require(video["duration"] as? Double), expected = try #require(reference.format.duration.flatMap(Double.init))
        #expect(abs(duration - expected) < 0.01, "\(duration) against ffprobe's \(expected)")
        #expect(video["videoCodec"] as? String == reference.video?.codec_name && video["audioCodec"] as? String == reference.audio?.codec_name)
        let photo = try #require(lines.first { $0["path"] as? String == "a.jpg" })
        #expect(photo["kind"] as? String == "photo" && photo["width"] as? Int == 90)
    }
}
