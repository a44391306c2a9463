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

/// What FFmpeg reads is a video, whatever its container: the old cameras' MPEG, Ogg Theora,
/// Flash and Windows Media clips; audio in those containers is not a video. A file with several
/// video streams is the size of the one players show.
@Suite("gallery build on videos in every container FFmpeg reads")
struct VideoContainerCLITests {
    @Test("MPEG-1 and MPEG-2 program streams, Ogg Theora, FLV and WMV: videos with their size, a poster and a web video; Ogg and FLV audio are not videos")
    func containers() throws {
        let work = try TemporaryDirectory("video-containers")
        try FileManager.default.createDirectory(atPath: work.path + "/photos", withIntermediateDirectories: true)
        // (file, codec, muxer, width, height)
        let clips = [("old-camera.mpg", "mpeg1video", "mpeg", 176, 144), ("dvd.vob", "mpeg2video", "vob", 192, 144),
                     ("clip.ogv", "libtheora", "ogg", 160, 112), ("flash.flv", "flv", "flv", 176, 132), ("windows.wmv", "wmv2", "asf", 208, 160)]
        for (name, codec, muxer, width, height) in clips {
            try TestVideos.make(work.path + "/photos/" + name, width: width, height: height, seconds: 1, codec: codec, audio: false, format: muxer)
        }
        // Audio only, in containers that also hold video.
        try TestVideos.run("/usr/bin/ffmpeg", ["-y", "-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "libvorbis", work.path + "/photos/song.ogg"])
        try TestVideos.run("/usr/bin/ffmpeg", ["-y", "-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "libmp3lame", "-f", "flv", work.path + "/photos/song.flv"])
        let built = try GalleryBinary.run(["build", "photos", "--out", "site"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        for (name, _, muxer, width, height) in clips {
            let video = try #require(photos.first { $0["path"] as? String == name }, "\(name) not imported: \(built.stderr)")
            let format = muxer == "vob" ? "mpeg" : muxer == "asf" ? "asf" : muxer
            #expect(video["kind"] as? String == "video" && video["format"] as? String == format, "\(name): \(video)")
            #expect(video["displayWidth"] as? Int == width && video["displayHeight"] as? Int == height, "\(name): \(video)")
        }
        #expect(!photos.contains { ($0["path"] as? String)?.hasPrefix("song.") == true }, "audio imported as a video")
        // Each has its poster and a web video the pages play.
        let videos = try FileManager.default.contentsOfDirectory(atPath: work.path + "/site/videos")
        #expect(videos.filter { $0.hasSuffix(".mp4") }.count == clips.count, "\(videos)")
        #expect(!built.stderr.contains("failed") || built.stdout.contains("0 failed"), "\(built.stdout)\n\(built.stderr)")
    }

    @Test("two video streams: the default one's size, not the larger one's")
    func defaultStream() throws {
        let work = try TemporaryDirectory("video-streams")
        try FileManager.default.createDirectory(atPath: work.path + "/photos", withIntermediateDirectories: true)
        try TestVideos.make(work.path + "/small.mp4", width: 320, height: 240, seconds: 1, audio: false)
        try TestVideos.make(work.path + "/large.mp4", width: 640, height: 480, seconds: 1, audio: false)
        try TestVideos.run("/usr/bin/ffmpeg", ["-y", "-v", "error", "-nostdin", "-i", work.path + "/small.mp4", "-i", work.path + "/large.mp4",
                                               "-map", "0:v", "-map", "1:v", "-c", "copy", "-disposition:v:0", "default", "-disposition:v:1", "0",
                                               work.path + "/photos/motion.mp4"])
        let probed = try GalleryBinary.run(["probe", "--json", "photos/motion.mp4"], in: work.url)
        #expect(probed.status == 0, "\(probed.stderr)")
        let video = try #require(try JSONSerialization.jsonObject(with: Data(probed.stdout.utf8)) as? [String: Any], "\(probed.stdout)")
        #expect(video["displayWidth"] as? Int == 320 && video["displayHeight"] as? Int == 240, "\(video)")
    }
}
