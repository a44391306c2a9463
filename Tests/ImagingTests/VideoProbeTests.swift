import Foundation
import GalleryTestSupport
@testable import Imaging
import PhotoFacts
import Testing

/// Videos probed from their containers' headers: real files of every container a phone or a
/// camera writes, made by ffmpeg with rotations, non-square pixels and phones' metadata tags.
@Suite("VideoProbe: size, rotation, duration, codecs and metadata from the container")
struct VideoProbeTests {
    @Test("every container: its size, duration and codecs", arguments: [
        ("clip.mp4", VideoContainer.mp4, "libx264", "h264", "aac", nil as String?),
        ("clip.mov", .mov, "libx264", "h264", "aac", nil),
        ("clip.m4v", .m4v, "libx264", "h264", "aac", nil),
        ("clip.3gp", .threeGP, "mpeg4", "mpeg4", "aac", nil),
        ("clip.webm", .webm, "libvpx-vp9", "vp9", "opus", nil),
        ("clip.mkv", .mkv, "libx264", "h264", "aac", nil),
        ("clip.avi", .avi, "mpeg4", "mpeg4", "aac", nil),
        ("clip.mts", .mts, "libx264", "h264", "aac", "mpegts"),
        ("clip.m2ts", .mts, "libx264", "h264", "aac", "mpegts+m2ts"),
    ])
    func containers(name: String, container: VideoContainer, codec: String, videoCodec: String, audioCodec: String, format: String?) throws {
        let work = try TemporaryDirectory("video-probe")
        let path = work.path + "/" + name
        let m2ts = format == "mpegts+m2ts"
        try TestVideos.make(path, width: 320, height: 240, seconds: 1.5, codec: codec, format: m2ts ? "mpegts" : format,
                            extra: m2ts ? ["-mpegts_m2ts_mode", "1"] : [])
        let result = try VideoProbe.probe(path: path)
        #expect(result.container == container)
        #expect(result.width == 320 && result.height == 240 && result.displayWidth == 320 && result.displayHeight == 240, "\(result)")
        #expect(result.orientation == .up && result.sampleAspectRatio == 1)
        #expect(result.videoCodec == videoCodec && result.audioCodec == audioCodec, "\(result)")
        let duration = try #require(result.duration)
        #expect(abs(duration - 1.5) < 0.15, "\(name): \(duration) s")
    }

    @Test("a display matrix turns the displayed size: 90° and 270° swap it, 180° keeps it", arguments: [
        (90, 6, 240, 320), (180, 3, 320, 240), (270, 8, 240, 320), (0, 1, 320, 240),
    ])
    func rotations(degrees: Int, orientation: Int, width: Int, height: Int) throws {
        let work = try TemporaryDirectory("video-rotation")
        for name in ["r.mov", "r.mp4"] {
            try TestVideos.make(work.path + "/" + name, rotate: degrees)
            let result = try VideoProbe.probe(path: work.path + "/" + name)
            // The reference reading: ffprobe's rotation is counter-clockwise.
            let reference = try TestVideos.ffprobeRotation(work.path + "/" + name)
            #expect(((reference ?? 0) + degrees) % 360 == 0, "\(name) \(degrees)°: ffprobe reads \(reference.map(String.init) ?? "none")")
            #expect(result.width == 320 && result.height == 240, "\(name) \(degrees)°: stored \(result.width)×\(result.height)")
            #expect(result.orientation.rawValue == orientation, "\(name) \(degrees)°: orientation \(result.orientation)")
            #expect(result.displayWidth == width && result.displayHeight == height, "\(name) \(degrees)°: \(result.displayWidth)×\(result.displayHeight)")
        }
    }

    @Test("non-square pixels are shown square: 720×480 at 32:27 is 853×480, and 480×853 turned")
    func sampleAspectRatio() throws {
        let work = try TemporaryDirectory("video-sar")
        try TestVideos.make(work.path + "/dv.mp4", width: 720, height: 480, sampleAspectRatio: "32/27")
        let flat = try VideoProbe.probe(path: work.path + "/dv.mp4")
        #expect(abs(flat.sampleAspectRatio - 32.0 / 27.0) < 1e-9 && flat.displayWidth == 853 && flat.displayHeight == 480, "\(flat)")
        try TestVideos.make(work.path + "/dv-turned.mov", width: 720, height: 480, rotate: 90, sampleAspectRatio: "32/27")
        let turned = try VideoProbe.probe(path: work.path + "/dv-turned.mov")
        #expect(turned.displayWidth == 480 && turned.displayHeight == 853, "\(turned)")
    }

    @Test("an iPhone's QuickTime tags: local time with its offset, make, model, place, content identifier")
    func quickTimeMetadata() throws {
        let work = try TemporaryDirectory("video-metadata")
        try TestVideos.make(work.path + "/IMG_0001.MOV", rotate: 90, metadata: [
            "com.apple.quicktime.creationdate": "2024-07-14T18:32:05+0200",
            "com.apple.quicktime.make": "Apple", "com.apple.quicktime.model": "iPhone 12",
            "com.apple.quicktime.location.ISO6709": "+48.8577+002.2950+035.000/",
            "com.apple.quicktime.content.identifier": "5A6B3C2D-1E0F-4A5B-8C7D-9E0F1A2B3C4D",
            "creation_time": "2024-07-14T16:32:05.000000Z",
        ])
        let result = try VideoProbe.probe(path: work.path + "/IMG_0001.MOV")
        #expect(result.takenAt == "2024-07-14T18:32:05+02:00")
        #expect(result.cameraMake == "Apple" && result.cameraModel == "iPhone 12")
        #expect(abs((result.latitude ?? 0) - 48.8577) < 1e-9 && abs((result.longitude ?? 0) - 2.2950) < 1e-9, "\(result)")
        #expect(result.contentIdentifier == "5A6B3C2D-1E0F-4A5B-8C7D-9E0F1A2B3C4D")
    }

    @Test("an Android phone's tags: creation_time in UTC and location")
    func androidMetadata() throws {
        let work = try TemporaryDirectory("video-android")
        try TestVideos.make(work.path + "/VID_20240714.mp4", metadata: [
            "creation_time": "2024-07-14T16:32:05.120000Z", "location": "-33.8568+151.2153/",
        ])
        let result = try VideoProbe.probe(path: work.path + "/VID_20240714.mp4")
        #expect(result.takenAt == "2024-07-14T16:32:05.120+00:00")
        #expect(abs((result.latitude ?? 0) + 33.8568) < 1e-9 && abs((result.longitude ?? 0) - 151.2153) < 1e-9, "\(result)")
        #expect(result.cameraMake == nil && result.contentIdentifier == nil)
    }

    @Test("bad files: one clear error each, never a crash or a hang")
    func badFiles() throws {
        let work = try TemporaryDirectory("video-bad")
        try TestVideos.make(work.path + "/whole.mp4", seconds: 2)
        // ffmpeg writes the index (moov) last: a copy cut in the middle has none.
        try TestVideos.cutCopy(of: work.path + "/whole.mp4", to: work.path + "/cut.mp4")
        try TestVideos.cutCopy(of: work.path + "/whole.mp4", to: work.path + "/header-only.mov", bytes: 32)
        try work.write("garbage.mkv", [0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0xFF, count: 4000))
        try TestVideos.make(work.path + "/sound.mp4", codec: "libx264", extra: ["-vn"])
        for name in ["cut.mp4", "header-only.mov", "garbage.mkv", "sound.mp4"] {
            #expect(throws: ProbeError.self, "\(name)") { try VideoProbe.probe(path: work.path + "/" + name) }
        }
        do {
            _ = try VideoProbe.probe(path: work.path + "/sound.mp4")
        } catch {
            #expect(error.description.contains("no video stream"), "\(error)")
        }
        // Images and other files are not videos: HEIF's ftyp brands are left to the photo probe.
        #expect(VideoContainer.sniff(Array("\0\0\0\u{18}ftypheic\0\0\0\0mif1heic".utf8)) == nil)
        #expect(VideoContainer.sniff(Array("\0\0\0\u{18}ftypM4A \0\0\0\0".utf8)) == nil)
        #expect(VideoContainer.sniff(TestImages.jpeg()) == nil && VideoContainer.sniff(TestImages.png()) == nil)
        #expect(throws: ProbeError.notAnImage) { try VideoProbe.probe(path: try work.write("a.jpg", TestImages.jpeg())) }
    }
}

/// Poster frames: a little way in, never flat when the clip has something to show, never past
/// the end of a short clip.
@Suite("VideoPoster: a representative frame")
struct VideoPosterTests {
    @Test("a clip that opens on black: the poster is a later frame that shows something")
    func blackOpening() throws {
        let work = try TemporaryDirectory("poster-black")
        let path = work.path + "/fade-in.mp4"
        try TestVideos.make(path, seconds: 3, extra: ["-vf", "drawbox=enable='lt(t,1.6)':color=black:t=fill"])
        let poster = try VideoPoster.frame(path: path)
        #expect(poster.time >= 1.6 && poster.time < 3, "poster at \(poster.time) s")
        #expect(poster.image.width == 320 && poster.image.height == 240)
        #expect(poster.image.lumaDeviation >= VideoPoster.flatDeviation, "a flat poster (deviation \(poster.image.lumaDeviation))")
        // A clip that shows something at once: its poster is a quarter in, at most a second.
        try TestVideos.make(work.path + "/plain.mp4", seconds: 3)
        let plain = try VideoPoster.frame(path: work.path + "/plain.mp4")
        #expect(abs(plain.time - 0.75) < 0.1, "poster at \(plain.time) s")
    }

    @Test("a clip shorter than any fixed offset still gets a poster from within it; an all-black one gets its black frame")
    func shortAndFlat() throws {
        let work = try TemporaryDirectory("poster-short")
        try TestVideos.make(work.path + "/blink.mov", seconds: 0.2, audio: false)
        let short = try VideoPoster.frame(path: work.path + "/blink.mov")
        #expect(short.time < 0.2 && short.image.lumaDeviation >= VideoPoster.flatDeviation, "\(short.time) s")
        try TestVideos.make(work.path + "/dark.mp4", seconds: 1, audio: false, extra: ["-vf", "drawbox=color=black:t=fill"])
        let dark = try VideoPoster.frame(path: work.path + "/dark.mp4")
        #expect(dark.image.lumaDeviation < VideoPoster.flatDeviation)
    }

    @Test("the poster's pixels are the frame's: the test pattern's colour bars where ffmpeg draws them")
    func colours() throws {
        let work = try TemporaryDirectory("poster-colours")
        let path = work.path + "/bars.mp4"
        try TestVideos.make(path, width: 320, height: 240, seconds: 1, audio: false, extra: ["-vf", "drawbox=x=0:y=0:w=160:h=240:color=red:t=fill,drawbox=x=160:y=0:w=160:h=240:color=blue:t=fill"])
        let poster = try VideoPoster.frame(path: path).image
        let (r1, g1, b1) = poster.pixel(80, 120), (r2, g2, b2) = poster.pixel(240, 120)
        #expect(r1 > 200 && g1 < 40 && b1 < 40, "left half \(r1),\(g1),\(b1)")
        #expect(b2 > 200 && r2 < 40 && g2 < 40, "right half \(r2),\(g2),\(b2)")
    }

    @Test("a damaged video: an error that says so, not a crash")
    func damaged() throws {
        let work = try TemporaryDirectory("poster-bad")
        try TestVideos.make(work.path + "/whole.mp4", seconds: 2)
        try TestVideos.cutCopy(of: work.path + "/whole.mp4", to: work.path + "/cut.mp4")
        try work.write("photo.mp4", TestImages.jpeg())
        for name in ["cut.mp4", "photo.mp4"] {
            #expect(throws: VideoError.self, "\(name)") { try VideoPoster.frame(path: work.path + "/" + name) }
        }
    }
}
