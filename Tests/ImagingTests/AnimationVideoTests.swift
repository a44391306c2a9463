import Foundation
import GalleryTestSupport
@testable import Imaging
import Testing

/// Animations made by ImageMagick (GIF, WebP) and ffmpeg (APNG, WebP), found by the probe and made looping
/// web videos by `VideoTranscoder.makeLoopingVideo`, read back by ffprobe and our own decoder:
/// every frame at its own delay (a long last one too), transparency on the still's background,
/// bounded length, and damaged files that give what they can or one error.
@Suite("Animations: GIFs, APNGs and WebPs of several frames become looping web videos")
struct AnimationVideoTests {
    /// Three frames of 64 × 48 on a transparent screen: a red box, a green one, a blue one, at
    /// 1/10, 1/10 and 1/2 s (a pause at the end, as many GIFs have), each with its own palette.
    static func threeFrames(in work: TemporaryDirectory) throws -> String {
        var frames: [String] = []
        for (n, (color, x)) in [("red", 4), ("lime", 24), ("blue", 44)].enumerated() {
            let frame = work.path + "/frame\(n).png"
            try TestVideos.run(TestMetadata.imageMagick, ["-size", "64x48", "xc:none", "-fill", color, "-draw", "rectangle \(x),8 \(x + 15),39", frame])
            frames.append(frame)
        }
        let target = work.path + "/boxes.gif"
        try TestVideos.run(TestMetadata.imageMagick, ["-dispose", "background", "-delay", "10", frames[0], frames[1], "-delay", "50", frames[2],
                                                      "-loop", "0", "+map", target])
        return target
    }

    /// The same three boxes as an animated WebP written by ImageMagick (lossless, disposed to
    /// the background), and each frame's duration in milliseconds as its `ANMF` chunk says.
    static func threeFramesWebP(in work: TemporaryDirectory) throws -> (path: String, durations: [Int]) {
        _ = try threeFrames(in: work)
        let frames = (0 ..< 3).map { work.path + "/frame\($0).png" }
        let target = work.path + "/boxes.webp"
        try TestVideos.run(TestMetadata.imageMagick, ["-dispose", "background", "-delay", "10", frames[0], frames[1], "-delay", "50", frames[2],
                                                      "-loop", "0", "-define", "webp:lossless=true", target])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
        var durations: [Int] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset ..< offset + 4].elementsEqual("ANMF".utf8) {
                durations.append(Int(bytes[offset + 20]) | Int(bytes[offset + 21]) << 8 | Int(bytes[offset + 22]) << 16)
            }
            offset += 8 + length + (length & 1)
        }
        return (target, durations)
    }

    /// The video's packets as ffprobe reads them: (presentation time, duration), in order.
    static func packets(_ path: String) throws -> [(pts: Double, duration: Double)] {
        let csv = try TestVideos.run("/usr/bin/ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", path])
        return csv.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",").map { Double($0) }
            guard fields.count == 2, let pts = fields[0], let duration = fields[1] else { return nil }
            return (pts, duration)
        }.sorted { $0.pts < $1.pts }
    }

    /// The video's frame `n` (0-based), decoded by ffmpeg into a PNG our decoder reads.
    static func frame(_ n: Int, of path: String, in work: TemporaryDirectory) throws -> RGBImage {
        let png = work.path + "/frame-\(n)-\(UUID().uuidString.prefix(6)).png"
        try TestVideos.run("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", path, "-vf", "select=eq(n\\,\(n))", "-frames:v", "1", "-update", "1", png])
        return try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))), format: .png)
    }

    static func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * image.width + x) * 3
        return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
    }

    static func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), within tolerance: Int = 12) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    @Test("the probe: a GIF or PNG of several frames is an animation; a still GIF, a plain PNG and a one-frame APNG are not")
    func probe() throws {
        let work = try TemporaryDirectory("animation-probe")
        let gif = try Self.threeFrames(in: work)
        #expect(try PhotoProbe.probe(path: gif).isAnimated)
        try TestVideos.run(TestMetadata.imageMagick, ["-size", "40x30", "xc:orange", work.path + "/still.gif"])
        let still = try PhotoProbe.probe(path: work.path + "/still.gif")
        #expect(!still.isAnimated && still.notes.isEmpty)
        for (name, seconds) in [("moving.png", "1"), ("one.png", "0.05")] {
            try TestVideos.run("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=20:duration=\(seconds)",
                                              "-plays", "0", "-f", "apng", work.path + "/" + name])
        }
        let moving = try PhotoProbe.probe(path: work.path + "/moving.png")
        #expect(moving.format == .png && moving.isAnimated && moving.width == 64)
        #expect(try !PhotoProbe.probe(path: work.path + "/one.png").isAnimated, "one frame is a still")
        _ = try work.write("plain.png", TestImages.png(width: 30, height: 20))
        #expect(try !PhotoProbe.probe(path: work.path + "/plain.png").isAnimated)
        let webp = try Self.threeFramesWebP(in: work)
        let movingWebP = try PhotoProbe.probe(path: webp.path)
        #expect(movingWebP.format == .webp && movingWebP.isAnimated && movingWebP.width == 64 && movingWebP.height == 48)
        try TestVideos.run(TestMetadata.imageMagick, ["-size", "40x30", "xc:orange", work.path + "/still.webp"])
        #expect(try !PhotoProbe.probe(path: work.path + "/still.webp").isAnimated)
    }

    @Test("an animated WebP (which FFmpeg 5.1 cannot decode): libwebp's frames at their own delays, in order, transparency on the still's background")
    func webp() throws {
        let work = try TemporaryDirectory("animation-webp")
        let (source, durations) = try Self.threeFramesWebP(in: work)
        #expect(durations.count == 3, "\(durations)")
        let target = work.path + "/boxes.mp4"
        let size = VideoRendition(displayWidth: 64, displayHeight: 48, maxHeight: 1080)
        let outcome = try VideoTranscoder.makeLoopingVideo(fromAnimation: source, format: .webp, to: target, size: size)
        #expect(outcome.method == .encoded && outcome.cutAt == nil && outcome.damagedPackets == 0)
        let report = try TestVideos.ffprobe(target)
        #expect(report.video?.codec_name == "h264" && report.video?.width == 64 && report.video?.height == 48 && report.audio == nil)
        let packets = try Self.packets(target)
        #expect(packets.map { Int(($0.duration * 1000).rounded()) } == durations, "\(packets) against the file's \(durations)")
        let background = (Int(ImageDecoder.background.0), Int(ImageDecoder.background.1), Int(ImageDecoder.background.2))
        for (n, (x, color)) in [(11, (255, 0, 0)), (31, (0, 255, 0)), (51, (0, 0, 255))].enumerated() {
            let frame = try Self.frame(n, of: target, in: work)
            #expect(Self.near(Self.pixel(frame, x, 24), color, within: 40), "frame \(n): \(Self.pixel(frame, x, 24))")
            #expect(Self.near(Self.pixel(frame, 2, 2), background), "frame \(n) background: \(Self.pixel(frame, 2, 2))")
        }
        // The frames' passing file is gone, and the bytes are the same every time.
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).allSatisfy { !$0.hasSuffix(".frames.png") })
        let again = work.path + "/again.mp4"
        try VideoTranscoder.makeLoopingVideo(fromAnimation: source, format: .webp, to: again, size: size)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(contentsOf: URL(fileURLWithPath: again)))
        // ffmpeg's own animated WebP (libwebp_anim, lossy): 10 frames of 1/10 s.
        let ffmpegWebP = work.path + "/clip.webp"
        try TestVideos.run("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=120x80:rate=10:duration=1",
                                          "-c:v", "libwebp_anim", "-loop", "0", ffmpegWebP])
        let clip = work.path + "/clip.mp4"
        try VideoTranscoder.makeLoopingVideo(fromAnimation: ffmpegWebP, format: .webp, to: clip,
                                             size: VideoRendition(displayWidth: 120, displayHeight: 80, maxHeight: 1080))
        #expect(try Self.packets(clip).map(\.duration) == Array(repeating: 0.1, count: 10))
    }

    @Test("a GIF: every frame at its own delay (the long last one kept), in order, transparency on the still's background")
    func gif() throws {
        let work = try TemporaryDirectory("animation-gif")
        let source = try Self.threeFrames(in: work)
        let target = work.path + "/boxes.mp4"
        let size = VideoRendition(displayWidth: 64, displayHeight: 48, maxHeight: 1080)
        let outcome = try VideoTranscoder.makeLoopingVideo(fromAnimation: source, format: .gif, to: target, size: size)
        #expect(outcome.method == .encoded && outcome.cutAt == nil && outcome.damagedPackets == 0)
        let report = try TestVideos.ffprobe(target)
        #expect(report.video?.codec_name == "h264" && report.video?.pix_fmt == "yuv420p" && report.video?.width == 64 && report.video?.height == 48)
        #expect(report.audio == nil)
        #expect(try VideoTranscoderTests.indexFirst(target))
        let packets = try Self.packets(target)
        #expect(packets.map(\.pts) == [0, 0.1, 0.2], "\(packets)")
        #expect(packets.map(\.duration) == [0.1, 0.1, 0.5], "the last frame keeps its pause: \(packets)")
        let duration = try #require(report.format.duration.flatMap(Double.init))
        #expect(abs(duration - 0.7) < 0.001, "\(duration)")
        // Each frame its box, the rest of the screen the background transparent pixels get.
        let background = (Int(ImageDecoder.background.0), Int(ImageDecoder.background.1), Int(ImageDecoder.background.2))
        for (n, (x, color)) in [(11, (255, 0, 0)), (31, (0, 255, 0)), (51, (0, 0, 255))].enumerated() {
            let frame = try Self.frame(n, of: target, in: work)
            #expect(Self.near(Self.pixel(frame, x, 24), color, within: 40), "frame \(n): \(Self.pixel(frame, x, 24))")
            #expect(Self.near(Self.pixel(frame, 2, 2), background), "frame \(n) background: \(Self.pixel(frame, 2, 2))")
            // Disposal to the background: the box before is gone.
            if n > 0 {
                let before = [11, 31][n - 1]
                #expect(Self.near(Self.pixel(frame, before, 24), background), "frame \(n) at \(before): \(Self.pixel(frame, before, 24))")
            }
        }
        // The same bytes every time (a rebuilt site uploads nothing again).
        let again = work.path + "/again.mp4"
        try VideoTranscoder.makeLoopingVideo(fromAnimation: source, format: .gif, to: again, size: size)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test("gifsicle's GIFs: optimized frames that redraw only what moved (a sub-rectangle, unchanged pixels transparent, interlaced), boxes drawn alone and disposed to the previous frame or to the background (transparent, as browsers clear it, not FFmpeg's background colour), a first frame smaller than the screen — each video frame as ImageMagick composes it", arguments: [
        "optimized", "previous", "background", "uncovered",
    ])
    func gifsicle(kind: String) throws {
        let work = try TemporaryDirectory("animation-gifsicle")
        // A white box moving over a gradient: each frame a GIF of its own, joined by gifsicle.
        func frame(_ name: String, box: Int?) throws -> String {
            let path = work.path + "/" + name
            let draw = box.map { ["-fill", "white", "-draw", "rectangle \($0),10 \($0 + 13),37"] } ?? []
            try TestVideos.run(TestMetadata.imageMagick, ["-size", "64x48", "gradient:orange-navy"] + draw + ["-colors", "128", path])
            return path
        }
        let boxes = [4, 16, 28]
        let gradient = try frame("gradient.gif", box: nil)
        let frames = try boxes.enumerated().map { try frame("box\($0.offset).gif", box: $0.element) }
        var arguments = ["--delay", "10", "--loopcount=forever"]
        switch kind {
        case "optimized":
            // Whole frames in; out, each frame only the rectangle that changed, the rest transparent.
            arguments += ["-O3", "--interlace", gradient] + frames
        case "uncovered":
            // The first box alone on a larger screen (the rest of it transparent), then whole frames.
            arguments += ["--logical-screen", "64x48", "--crop", "4,10+14x28", "--position", "4,10", frames[0],
                          "--no-crop", "--position", "0,0", gradient, frames[1], frames[2]]
        default:
            // The gradient, then each box alone where it belongs, disposed before the next.
            arguments += [gradient] + zip(boxes, frames).flatMap { x, file in
                ["--disposal", kind, "--crop", "\(x),10+14x28", "--position", "\(x),10", file]
            }
        }
        let source = work.path + "/gifsicle.gif"
        try TestVideos.run("/usr/bin/gifsicle", arguments + ["-o", source])
        let info = try TestVideos.run("/usr/bin/gifsicle", ["--info", source])
        #expect(info.contains("4 images"), "\(info)")
        switch kind {
        case "optimized": #expect(info.contains(" at 16,10") && info.contains("interlaced") && info.contains("transparent"), "\(info)")
        case "uncovered": #expect(info.contains("image #0 14x28 at 4,10") && info.contains("logical screen 64x48"), "\(info)")
        default: #expect(info.contains(" at 16,10") && info.contains("disposal \(kind)"), "\(info)")
        }
        let target = work.path + "/gifsicle.mp4"
        let size = VideoRendition(displayWidth: 64, displayHeight: 48, maxHeight: 1080)
        let outcome = try VideoTranscoder.makeLoopingVideo(fromAnimation: source, format: .gif, to: target, size: size)
        #expect(outcome.cutAt == nil && outcome.damagedPackets == 0)
        #expect(try Self.packets(target).map(\.duration) == [0.1, 0.1, 0.1, 0.1])
        // ImageMagick's composed frames, flattened on the background transparent pixels get.
        let background = ImageDecoder.background
        try TestVideos.run(TestMetadata.imageMagick, [source, "-coalesce", "-background", "rgb(\(background.0),\(background.1),\(background.2))",
                                                      "-alpha", "remove", "-alpha", "off", "PNG24:" + work.path + "/composed-%d.png"])
        var composed = try (0 ..< 4).map { n in
            try ImageDecoder.decode([UInt8](try Data(contentsOf: work.url.appending(path: "composed-\(n).png"))), format: .png)
        }
        // Our own reader's still (the poster): the first frame as browsers draw it.
        let still = try ImageDecoder.decode(path: source, format: .gif)
        if kind == "uncovered" {
            // ImageMagick, like FFmpeg, paints the screen around a first frame smaller than it in
            // the GIF's background colour; browsers leave it transparent, as our still does.
            #expect(Self.near(Self.pixel(still, 1, 1), (Int(background.0), Int(background.1), Int(background.2)), within: 0))
            composed[0] = still
        } else {
            #expect(GIFBMPDecoderTests.largestDifference(still, composed[0]) == 0, "the still differs from ImageMagick's first frame")
        }
        for n in 0 ..< 4 {
            let frame = try Self.frame(n, of: target, in: work)
            let differences = zip(frame.pixels, composed[n].pixels).map { abs(Int($0) - Int($1)) }
            let mean = Double(differences.reduce(0, +)) / Double(differences.count)
            // A box left over or missing is 392 of the 3,072 pixels off by 19 or more.
            let off = stride(from: 0, to: differences.count, by: 3).filter { differences[$0 ..< $0 + 3].max()! > 16 }.count
            #expect(mean < 4 && off < 60, "\(kind) frame \(n): mean difference \(mean), \(off) pixels off, from ImageMagick's composed frame")
        }
    }

    @Test("GIFs with seeded damage through the disposal fix's walk: a patched copy of the same length or nil, never a crash")
    func damagedDisposalWalk() throws {
        let work = try TemporaryDirectory("animation-disposal-damaged")
        let boxes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.threeFrames(in: work))))
        for seed: UInt64 in [1, 2, 3] {
            for copy in DamagedMedia.damagedCopies(of: boxes, count: 30, seed: seed) {
                if let patched = GIFBackgroundDisposal.asBrowsersDraw(copy.bytes) { #expect(patched.count == copy.bytes.count, "\(copy.damage)") }
            }
        }
    }

    @Test("an APNG: its frames at its rate, as long as it runs; one larger than the limit is scaled down")
    func apng() throws {
        let work = try TemporaryDirectory("animation-apng")
        let source = work.path + "/clip.png"
        try TestVideos.run("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=24:duration=1.5,format=rgba",
                                          "-plays", "0", "-f", "apng", source])
        let target = work.path + "/clip.mp4"
        let size = VideoRendition(displayWidth: 320, displayHeight: 240, maxHeight: 120)
        try VideoTranscoder.makeLoopingVideo(fromAnimation: source, format: .png, to: target, size: size)
        let report = try TestVideos.ffprobe(target)
        #expect(report.video?.width == 160 && report.video?.height == 120)
        let packets = try Self.packets(target)
        #expect(packets.count == 36, "\(packets.count) frames")
        let duration = try #require(report.format.duration.flatMap(Double.init))
        #expect(abs(duration - 1.5) < 0.01, "\(duration)")
    }

    @Test("bounded: frames of no delay last 1/10 s as in browsers; an animation longer than the video holds is cut and says where")
    func bounded() throws {
        let work = try TemporaryDirectory("animation-bounds")
        let frames = (0 ..< 2).map { work.path + "/f\($0).png" }
        for (frame, color) in zip(frames, ["red", "blue"]) {
            try TestVideos.run(TestMetadata.imageMagick, ["-size", "16x16", "xc:\(color)", frame])
        }
        // Delay 0 on every frame: a browser shows each for 1/10 s, so does the video.
        let fast = work.path + "/fast.gif"
        try TestVideos.run(TestMetadata.imageMagick, ["-delay", "0", frames[0], frames[1], frames[0], "-loop", "0", fast])
        let fastVideo = work.path + "/fast.mp4"
        let size = VideoRendition(displayWidth: 16, displayHeight: 16, maxHeight: 1080)
        try VideoTranscoder.makeLoopingVideo(fromAnimation: fast, format: .gif, to: fastVideo, size: size)
        #expect(try Self.packets(fastVideo).map(\.duration) == [0.1, 0.1, 0.1])
        // 2,000 frames of 1/10 s: 200 s, cut at the limit.
        let long = work.path + "/long.gif"
        try TestVideos.run(TestMetadata.imageMagick, ["-delay", "10", frames[0], frames[1], "-duplicate", "999", "-loop", "0", long])
        #expect(try GIFDecoder.header([UInt8](Data(contentsOf: URL(fileURLWithPath: long)))).frames == GIFDecoder.frameCountLimit)
        let longVideo = work.path + "/long.mp4"
        let outcome = try VideoTranscoder.makeLoopingVideo(fromAnimation: long, format: .gif, to: longVideo, size: size)
        let cut = try #require(outcome.cutAt)
        #expect(abs(cut - VideoTranscoder.animationSecondsLimit) < 0.01, "\(cut)")
        let packets = try Self.packets(longVideo)
        #expect(packets.count == Int(VideoTranscoder.animationSecondsLimit * 10), "\(packets.count)")
    }

    @Test("damaged: a GIF cut inside its frames gives the frames it has; one cut inside its first frame gives what arrived or one error; no partial file")
    func damaged() throws {
        let work = try TemporaryDirectory("animation-damaged")
        let source = try Self.threeFrames(in: work)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let size = VideoRendition(displayWidth: 64, displayHeight: 48, maxHeight: 1080)
        for (name, length) in [("cut-late.gif", bytes.count - 20), ("cut-early.gif", 40), ("header.gif", 13)] {
            _ = try work.write(name, [UInt8](bytes.prefix(length)))
            let target = work.path + "/" + name + ".mp4"
            do {
                try VideoTranscoder.makeLoopingVideo(fromAnimation: work.path + "/" + name, format: .gif, to: target, size: size)
                #expect(try !Self.packets(target).isEmpty, "\(name)")
            } catch {
                #expect(!"\(error)".isEmpty && !FileManager.default.fileExists(atPath: target), "\(name): \(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: work.path + "/." + name + ".mp4.partial"))
        }
        // A WebP cut inside its frames: one error (libwebp's animation decoder wants the whole
        // file; the probe refuses a WebP shorter than its RIFF size anyway); nothing left behind.
        let webp = try Self.threeFramesWebP(in: work)
        let webpBytes = try Data(contentsOf: URL(fileURLWithPath: webp.path))
        for length in [webpBytes.count - 30, webpBytes.count / 2, 40] {
            let name = "cut-\(length).webp"
            _ = try work.write(name, [UInt8](webpBytes.prefix(length)))
            let target = work.path + "/" + name + ".mp4"
            do {
                try VideoTranscoder.makeLoopingVideo(fromAnimation: work.path + "/" + name, format: .webp, to: target, size: size)
                #expect(try !Self.packets(target).isEmpty, "\(name)")
            } catch {
                // Named by the WebP, not by the frames' passing file.
                #expect((error as? VideoError)?.path == work.path + "/" + name && !FileManager.default.fileExists(atPath: target), "\(name): \(error)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).allSatisfy { !$0.hasSuffix(".frames.png") && !$0.hasSuffix(".partial") })
        // Seeded changes anywhere in the file: never a crash (AddressSanitizer in make test-asan).
        var random = SplitMix64(seed: 50)
        for round in 0 ..< 12 {
            var changed = [UInt8](bytes)
            for _ in 0 ..< 4 { changed[Int(random.next() % UInt64(changed.count))] = UInt8(truncatingIfNeeded: random.next()) }
            _ = try work.write("changed\(round).gif", changed)
            _ = try? VideoTranscoder.makeLoopingVideo(fromAnimation: work.path + "/changed\(round).gif", format: .gif,
                                                      to: work.path + "/changed\(round).mp4", size: size)
            var changedWebP = [UInt8](webpBytes)
            for _ in 0 ..< 4 { changedWebP[Int(random.next() % UInt64(changedWebP.count))] = UInt8(truncatingIfNeeded: random.next()) }
            _ = try work.write("changed\(round).webp", changedWebP)
            _ = try? VideoTranscoder.makeLoopingVideo(fromAnimation: work.path + "/changed\(round).webp", format: .webp,
                                                      to: work.path + "/changed\(round).webp.mp4", size: size)
        }
    }
}
