import Foundation
import GalleryTestSupport
@testable import Imaging
import Testing

/// Web renditions made from real clips (ffmpeg's command writes them, our libavcodec/libavfilter
/// pipeline converts them) and read back by ffprobe: H.264 High in 4:2:0 with AAC, upright,
/// square pixels, within the size, index first, no tag of the original.
@Suite("VideoTranscoder: web renditions that play everywhere and carry nothing private")
struct VideoTranscoderTests {
    /// Tags a phone writes that must never reach a rendition.
    static let phoneTags = [
        "location": "+48.8584+002.2945/", "com.apple.quicktime.location.ISO6709": "+48.8584+002.2945+035.000/",
        "com.apple.quicktime.make": "Apple", "com.apple.quicktime.model": "iPhone 15",
        "com.apple.quicktime.creationdate": "2024-07-14T18:32:05+0200", "creation_time": "2024-07-14T16:32:05Z",
    ]

    /// Where the MP4's index is: before the media data (faststart), so playback starts at once.
    static func indexFirst(_ path: String) throws -> Bool {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func offset(_ box: String) -> Int? {
            let tag = Array(box.utf8)
            return (0 ..< max(0, bytes.count - 4)).first { bytes[$0] == tag[0] && Array(bytes[$0 ..< $0 + 4]) == tag }
        }
        guard let moov = offset("moov"), let mdat = offset("mdat") else { return false }
        return moov < mdat
    }

    @Test("an upright HEVC phone clip is encoded upright to H.264 + AAC, scaled to the limit, index first, without its tags")
    func hevcPortrait() throws {
        let work = try TemporaryDirectory("video-transcode-hevc")
        let source = work.path + "/IMG_0001.MOV"
        // Stored landscape, left half red, right half blue; shown turned 90° clockwise (red on top).
        try TestVideos.make(source, width: 640, height: 360, seconds: 1.2, codec: "libx265", rotate: 90, metadata: Self.phoneTags,
                            extra: ["-vf", "drawbox=x=0:y=0:w=320:h=360:color=red:t=fill,drawbox=x=320:y=0:w=320:h=360:color=blue:t=fill", "-tag:v", "hvc1"])
        let probe = try VideoProbe.probe(path: source)
        #expect(probe.videoCodec == "hevc" && probe.displayWidth == 360 && probe.displayHeight == 640)
        let size = VideoRendition(displayWidth: probe.displayWidth, displayHeight: probe.displayHeight, maxHeight: 240)
        #expect(size.width == 240 && size.height == 426)
        let target = work.path + "/out.mp4"
        var reports: [VideoTranscoder.Progress] = []
        let method = try VideoTranscoder.makeWebVideo(from: source, to: target, size: size, maxHeight: 240, progress: { reports.append($0) }).method
        #expect(method == .encoded)

        let report = try TestVideos.ffprobe(target)
        let video = try #require(report.video)
        #expect(video.codec_name == "h264" && video.profile == "High" && video.pix_fmt == "yuv420p", "\(video)")
        #expect(video.width == 240 && video.height == 426)
        #expect(video.side_data_list == nil, "the rendition is upright: no display matrix")
        #expect(report.audio?.codec_name == "aac")
        #expect(report.format.format_name.contains("mp4"))
        let duration = try #require(report.format.duration.flatMap(Double.init))
        #expect(abs(duration - 1.2) < 0.15, "\(duration) s")
        #expect(report.privateTags.isEmpty, "\(report.allTags)")
        #expect(try Self.indexFirst(target))
        #expect(try TestVideos.ffprobeRotation(target) == nil)
        // Turned the way the display matrix said: the stored left half (red) is now on top.
        let frame = try VideoPoster.frame(path: target).image
        #expect(frame.width == 240 && frame.height == 426)
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * frame.width + x) * 3
            return (Int(frame.pixels[i]), Int(frame.pixels[i + 1]), Int(frame.pixels[i + 2]))
        }
        let top = pixel(120, 60), bottom = pixel(120, 360)
        #expect(top.0 > 180 && top.2 < 80, "top \(top)")
        #expect(bottom.2 > 180 && bottom.0 < 80, "bottom \(bottom)")
        // Progress came, and its last report is the whole clip.
        let last = try #require(reports.last)
        #expect(last.frames == 30 && abs(last.seconds - 1.16) < 0.1, "\(reports)")
        #expect(!FileManager.default.fileExists(atPath: work.path + "/.out.mp4.partial"))
    }

    @Test("an H.264 + AAC clip within the limit is copied: the same stream, its rotation kept, its tags gone, index first")
    func copiedWhenFit() throws {
        let work = try TemporaryDirectory("video-transcode-copy")
        let source = work.path + "/clip.mov"
        try TestVideos.make(source, width: 320, height: 240, seconds: 1, rotate: 90, metadata: Self.phoneTags)
        let probe = try VideoProbe.probe(path: source)
        let size = VideoRendition(displayWidth: probe.displayWidth, displayHeight: probe.displayHeight, maxHeight: 1080)
        let target = work.path + "/copy.mp4"
        #expect(try VideoTranscoder.makeWebVideo(from: source, to: target, size: size, maxHeight: 1080).method == .copied)
        let original = try TestVideos.ffprobe(source), copy = try TestVideos.ffprobe(target)
        #expect(copy.video?.codec_name == "h264" && copy.video?.width == 320 && copy.video?.height == 240)
        #expect(copy.video?.nb_frames == original.video?.nb_frames)
        #expect(copy.audio?.codec_name == "aac")
        #expect(try TestVideos.ffprobeRotation(target) == -90, "a player still turns it upright")
        #expect(try VideoProbe.probe(path: target).displayWidth == 240)
        #expect(!original.privateTags.isEmpty, "the original has the tags the copy must drop: \(original.allTags)")
        #expect(copy.privateTags.isEmpty, "\(copy.allTags)")
        #expect(try Self.indexFirst(target))
    }

    @Test("what a browser may not play is encoded", arguments: [
        // name, codec, audio, sample aspect ratio, stored size, max height, rendition size
        ("dv.avi", "mpeg4", true, "32/27", 360, 240, 1080, 428, 240),
        ("clip.webm", "libvpx-vp9", true, nil, 320, 240, 1080, 320, 240),
        ("big.mp4", "libx264", true, nil, 640, 480, 240, 320, 240),
        ("444.mp4", "libx264", false, nil, 320, 240, 1080, 320, 240),
    ] as [(String, String, Bool, String?, Int, Int, Int, Int, Int)])
    func encoded(name: String, codec: String, audio: Bool, sar: String?, width: Int, height: Int, maxHeight: Int, outWidth: Int, outHeight: Int) throws {
        let work = try TemporaryDirectory("video-transcode-kinds")
        let source = work.path + "/" + name
        try TestVideos.make(source, width: width, height: height, seconds: 0.6, codec: codec, audio: audio, sampleAspectRatio: sar,
                            extra: name == "444.mp4" ? ["-pix_fmt", "yuv444p"] : [])
        let probe = try VideoProbe.probe(path: source)
        let size = VideoRendition(displayWidth: probe.displayWidth, displayHeight: probe.displayHeight, maxHeight: maxHeight)
        let target = work.path + "/out.mp4"
        #expect(try VideoTranscoder.makeWebVideo(from: source, to: target, size: size, maxHeight: maxHeight).method == .encoded)
        let report = try TestVideos.ffprobe(target)
        let video = try #require(report.video)
        #expect(video.codec_name == "h264" && video.pix_fmt == "yuv420p" && video.width == outWidth && video.height == outHeight, "\(name): \(video)")
        #expect(video.sample_aspect_ratio == nil || video.sample_aspect_ratio == "1:1", "\(video)")
        #expect((report.audio != nil) == audio, "\(name): sound \(report.audio.map { "\($0)" } ?? "none")")
        // Sound and picture keep their time (a WebM's stream clock is 1/1000 s, an MP4's the rate).
        let duration = try #require(report.format.duration.flatMap(Double.init))
        #expect(abs(duration - 0.6) < 0.15, "\(name): \(duration) s")
        #expect(try Self.indexFirst(target))
    }

    @Test("an iPhone's HDR clip (HEVC 10-bit, BT.2020, HLG) is tone-mapped to SDR BT.709, 8-bit")
    func hdr() throws {
        let work = try TemporaryDirectory("video-transcode-hdr")
        let source = work.path + "/IMG_0500.MOV"
        try TestVideos.make(source, width: 320, height: 240, seconds: 0.5, codec: "libx265",
                            extra: ["-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-tag:v", "hvc1"])
        let original = try #require(try TestVideos.ffprobe(source).video)
        #expect(original.color_transfer == "arib-std-b67" && original.pix_fmt == "yuv420p10le", "the fixture is HLG: \(original)")
        let target = work.path + "/out.mp4"
        #expect(try VideoTranscoder.makeWebVideo(from: source, to: target, size: VideoRendition(displayWidth: 320, displayHeight: 240, maxHeight: 1080),
                                                 maxHeight: 1080).method == .encoded)
        let video = try #require(try TestVideos.ffprobe(target).video)
        #expect(video.pix_fmt == "yuv420p" && video.color_transfer == "bt709" && video.color_primaries == "bt709", "\(video)")
        #expect(video.nb_frames.flatMap(Int.init) == 13 || video.nb_frames.flatMap(Int.init) == 12, "\(video)")

        // The poster is tone-mapped the same way: it matches the web version's frame at its time.
        let poster = try VideoPoster.frame(path: source), played = try VideoPoster.frame(path: target)
        #expect(abs(poster.time - played.time) < 0.05 && poster.image.width == played.image.width, "\(poster.time) \(played.time)")
        let difference = zip(poster.image.pixels, played.image.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / poster.image.pixels.count
        #expect(difference < 12, "mean difference \(difference) between the poster and the played frame")
    }

    @Test("the same clip encodes to the same bytes every time (a rebuilt site uploads no video again)")
    func sameBytes() throws {
        // The sample's turned phone clip: on AVX-512 processors x264's own code for them made a
        // different block at its right edge run to run (VideoTranscoder keeps it to AVX2).
        let source = GalleryBinary.packageRoot.appending(path: "sample-data/moments/IMG_0413.MOV").path
        let probe = try VideoProbe.probe(path: source)
        let size = VideoRendition(displayWidth: probe.displayWidth, displayHeight: probe.displayHeight, maxHeight: 1080)
        let work = try TemporaryDirectory("video-same-bytes")
        var encoded: [Data] = []
        for run in 0 ..< 3 {
            let target = work.path + "/run-\(run).mp4"
            #expect(try VideoTranscoder.makeWebVideo(from: source, to: target, size: size, maxHeight: 1080).method == .encoded)
            encoded.append(try Data(contentsOf: URL(fileURLWithPath: target)))
        }
        #expect(encoded[1] == encoded[0] && encoded[2] == encoded[0], "\(encoded.map(\.count)) bytes")
    }

    @Test("rendition sizes: the shorter side within the limit, even sides, the shape kept")
    func sizes() {
        func size(_ w: Int, _ h: Int, _ limit: Int) -> [Int] { let r = VideoRendition(displayWidth: w, displayHeight: h, maxHeight: limit); return [r.width, r.height] }
        #expect(size(3840, 2160, 1080) == [1920, 1080])
        #expect(size(2160, 3840, 1080) == [1080, 1920], "an upright 4K clip is 1080p too")
        #expect(size(1920, 1080, 1080) == [1920, 1080])
        #expect(size(1280, 720, 1080) == [1280, 720], "never enlarged")
        #expect(size(321, 241, 1080) == [322, 242], "4:2:0 needs even sides")
        #expect(size(853, 480, 360) == [640, 360])
    }

    @Test("a clip shorter than a second, and one cut short, still give what can be read; a damaged one leaves no file")
    func shortAndDamaged() throws {
        let work = try TemporaryDirectory("video-transcode-bad")
        let short = work.path + "/short.mov"
        try TestVideos.make(short, seconds: 0.2, codec: "mpeg4")
        let size = VideoRendition(displayWidth: 320, displayHeight: 240, maxHeight: 1080)
        try VideoTranscoder.makeWebVideo(from: short, to: work.path + "/short.mp4", size: size, maxHeight: 1080)
        let frames = try TestVideos.ffprobe(work.path + "/short.mp4").video?.nb_frames.flatMap { Int($0) }
        #expect(frames == 5, "0.2 s at 25 frames a second")

        // The index first (as phones write), then cut: the start of the clip plays.
        let whole = work.path + "/whole.mp4"
        try TestVideos.make(whole, seconds: 2, codec: "mpeg4", extra: ["-movflags", "+faststart"])
        let cut = work.path + "/cut.mp4"
        try TestVideos.cutCopy(of: whole, to: cut)
        try VideoTranscoder.makeWebVideo(from: cut, to: work.path + "/cut-web.mp4", size: size, maxHeight: 1080)
        let kept = try #require(try TestVideos.ffprobe(work.path + "/cut-web.mp4").video?.nb_frames.flatMap { Int($0) })
        #expect(kept > 5 && kept < 50, "\(kept) frames of the first half")

        // The index last (cut off): nothing to read; the error names what happened, no file is left.
        let plain = work.path + "/plain.mp4"
        try TestVideos.make(plain, seconds: 1)
        try TestVideos.cutCopy(of: plain, to: work.path + "/noindex.mp4")
        #expect {
            try VideoTranscoder.makeWebVideo(from: work.path + "/noindex.mp4", to: work.path + "/noindex-web.mp4", size: size, maxHeight: 1080)
        } throws: { [.corruptInput, .truncatedInput].contains(($0 as? VideoError)?.cause) }
        let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains("noindex-web") }
        #expect(left.isEmpty, "\(left)")
    }
}
