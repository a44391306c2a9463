import CFFmpeg
import Foundation
#if canImport(Glibc)
import Glibc
import PhotoFacts
#endif

/// Makes a video's web rendition (`VideoRendition`) with FFmpeg's libraries: the original's
/// streams copied into a new MP4 when they already play everywhere, else decoded, turned
/// upright, scaled (libavfilter) and encoded with libx264 and FFmpeg's AAC encoder. Only the
/// picture and the sound are written: no tag of the original (place, time, device) reaches the
/// rendition. The file is written under a temporary name and renamed when complete, so an
/// interrupted encode never leaves a file that could be served.
public enum VideoTranscoder {
    public enum Method: String, Sendable {
        /// The original's streams, remuxed.
        case copied
        /// Decoded and encoded again.
        case encoded
    }

    /// How far an encode is: frames written and the seconds of the clip they reach.
    public struct Progress: Sendable {
        public var frames: Int
        public var seconds: Double
    }

    /// libx264's speed/size trade-off: "fast" is within a few per cent of "medium"'s size at
    /// the same quality in two thirds of its time.
    static let preset = "fast"
    /// HDR (an iPhone's HLG, a camera's PQ) made SDR, in libavfilter's words: linear light,
    /// BT.709 primaries, Hable's curve (as mpv and Jellyfin use), BT.709 transfer. The web
    /// version and its poster (`VideoPoster`) both go through it, so they agree.
    static let toneMapping = "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709"

    /// Whether frames with this transfer are HDR (and so tone-mapped).
    static func isHDR(_ transfer: AVColorTransferCharacteristic) -> Bool {
        transfer == AVCOL_TRC_ARIB_STD_B67 || transfer == AVCOL_TRC_SMPTE2084
    }

    /// Sound in the rendition: AAC at this rate for stereo (half for mono).
    static let audioBitRate: Int64 = 128_000

    /// What making a web version did: how, and how many of the clip's packets did not decode
    /// (a damaged clip is still made from the rest, and says so).
    public struct Outcome: Sendable, Equatable {
        public var method: Method
        public var damagedPackets: Int
        /// Why the clip's sound is not in the web version (it could not be read), when it is not.
        public var soundLeftOut: String?
        /// Where an animation's video ends because the animation runs longer than it holds
        /// (`animationFrameLimit`, `animationSecondsLimit`): seconds.
        public var cutAt: Double?
    }

    /// Writes the web rendition of the video at `path` to `target` (an ".mp4"), `size` as
    /// `VideoRendition` gives it. `threads`: the encoder's (0: all cores). `offset`: where the
    /// video starts in the file (the MP4 inside an Android motion photo).
    @discardableResult
    public static func makeWebVideo(from path: String, offset: Int64 = 0, to target: String, size: VideoRendition, maxHeight: Int,
                                    quality: Int = VideoRendition.defaultQuality, threads: Int = 0,
                                    progress: (Progress) -> Void = { _ in }) throws(VideoError) -> Outcome {
        try writing(target) { temporary throws(VideoError) in
            guard let container = VideoProbe.container(atPath: path, offset: offset) else {
                throw VideoError(.corruptInput, path: path, "it is not a video container")
            }
            let probe: VideoProbeResult
            do throws(ProbeError) { probe = try VideoProbe.probe(path: path, offset: offset, container: container) } catch {
                throw VideoError(error, path: path)
            }
            // Long enough for a slow machine to encode the clip at a tenth of its speed; what
            // stops a damaged file that makes the demuxer search.
            let input = try VideoInput(path: path, offset: offset, timeLimitSeconds: max(120, (probe.duration ?? 60) * 20))
            defer { withExtendedLifetime(input) {} }
            let found = avformat_find_stream_info(input.context, nil)
            guard found >= 0 else { throw input.error(found, doing: "find its streams") }
            guard let video = try input.videoStream() else { throw VideoError(.corruptInput, path: path, "it has no video stream") }
            let audio = input.streams.first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
            let format = video.pointee.codecpar.pointee.format
            let is420 = format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue
            let method: Method = VideoRendition.canCopy(probe, pixelFormatIs420: is420, maxHeight: maxHeight) ? .copied : .encoded
            let job = try Transcode(input: input, video: video, audio: audio, output: temporary, method: method,
                                    orientation: probe.orientation, size: size, quality: quality, threads: threads)
            try job.run(progress: progress)
            return Outcome(method: method, damagedPackets: job.damagedPackets, soundLeftOut: job.soundLeftOut)
        }
    }

    /// What an animation's web video holds at most: a GIF of 10,000 frames, or frames of no
    /// delay, is bounded (the video then ends there and loops; the outcome says where).
    public static let animationFrameLimit = 1_500
    public static let animationSecondsLimit = 60.0
    /// An animation larger than this (its frames decoded whole, several at a time) keeps its
    /// still only.
    public static let animationPixelLimit = 50_000_000

    /// Writes an animation (a GIF, APNG or WebP of several frames: `format`) as a web video to play
    /// looped and muted (`<video loop muted>`, as Google Photos and social sites show GIFs:
    /// far fewer bytes than the GIF): its frames at their own delays, transparent pixels on the
    /// background its still is drawn on (`ImageDecoder.background`), turned by `orientation`.
    @discardableResult
    public static func makeLoopingVideo(fromAnimation path: String, format: ImageFormat, orientation: Orientation = .up, to target: String,
                                        size: VideoRendition, quality: Int = VideoRendition.defaultQuality, threads: Int = 0,
                                        progress: (Progress) -> Void = { _ in }) throws(VideoError) -> Outcome {
        if format == .webp {
            // FFmpeg cannot decode an animated WebP: its frames, composed by libwebp, as an APNG
            // beside the target (removed after), made a video as any APNG is.
            let frames = hiddenSibling(of: target, suffix: "frames.png")
            defer { unlink(frames) }
            let cut = try AnimatedWebPFrames.writeAPNG(from: path, to: frames, frameLimit: animationFrameLimit, secondsLimit: animationSecondsLimit,
                                                       pixelLimit: animationPixelLimit)
            do throws(VideoError) {
                var outcome = try makeLoopingVideo(fromAnimation: frames, format: .png, orientation: orientation, to: target, size: size,
                                                   quality: quality, threads: threads, progress: progress)
                outcome.cutAt = outcome.cutAt ?? cut
                return outcome
            } catch {
                // Named by the file the user has, not the frames' passing APNG.
                throw VideoError(error.cause, path: path, error.detail)
            }
        }
        if format == .gif, let bytes = FileManager.default.contents(atPath: path),
           let patched = GIFBackgroundDisposal.asBrowsersDraw([UInt8](bytes)) {
            // Frames disposed to the background (or a first frame smaller than the screen) as
            // browsers draw them: a copy beside the target that FFmpeg clears to transparent.
            let copy = hiddenSibling(of: target, suffix: "frames.gif")
            defer { unlink(copy) }
            guard FileManager.default.createFile(atPath: copy, contents: Data(patched)) else {
                throw VideoError(status: -errno, doing: "write \(copy)", path: copy, writing: true)
            }
            do throws(VideoError) {
                return try makeLoopingVideo(fromAnimation: copy, format: .gif, orientation: orientation, to: target, size: size,
                                            quality: quality, threads: threads, progress: progress)
            } catch {
                throw VideoError(error.cause, path: path, error.detail)
            }
        }
        return try writing(target) { temporary throws(VideoError) in
            // Frame delays as browsers take them: a GIF's under 2/100 s as 1/10 s (libavformat's
            // default too), an APNG's 0 as 1/10 s, and none shorter than 1/100 s (libavformat's
            // own APNG default would slow anything above 15 frames a second).
            let input = switch format {
            case .gif: try VideoInput(path: path, format: "gif", timeLimitSeconds: 300)
            case .png: try VideoInput(path: path, format: "apng", demuxerOptions: ["max_fps": "100", "default_fps": "10"], timeLimitSeconds: 300)
            default: throw VideoError(.unsupportedCodec, path: path, "a \(format.rawValue) animation cannot be made a video")
            }
            defer { withExtendedLifetime(input) {} }
            // The first frame decoded: what tells the decoder its pixel format.
            let found = avformat_find_stream_info(input.context, nil)
            guard found >= 0 else { throw input.error(found, doing: "read its frames") }
            guard let video = try input.videoStream() else { throw VideoError(.corruptInput, path: path, "it has no frame") }
            let parameters = video.pointee.codecpar.pointee
            guard Int(parameters.width) * Int(parameters.height) <= animationPixelLimit else {
                throw VideoError(.unsupportedCodec, path: path, "its frames are \(parameters.width)×\(parameters.height) pixels, more than an animation the gallery plays (\(animationPixelLimit / 1_000_000) MP)")
            }
            let job = try Transcode(input: input, video: video, audio: nil, output: temporary, method: .encoded,
                                    orientation: orientation, size: size, quality: quality, threads: threads, isAnimation: true)
            try job.run(progress: progress)
            return Outcome(method: .encoded, damagedPackets: job.damagedPackets, soundLeftOut: nil, cutAt: job.cutAt)
        }
    }

    /// ".NAME.SUFFIX" beside `target` ("videos/.KEY.mp4.partial"): a passing file no listing
    /// of the site takes for one of its own.
    private static func hiddenSibling(of target: String, suffix: String) -> String {
        let directory = target.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = target.split(separator: "/").last.map(String.init) ?? target
        return (directory.isEmpty ? "" : directory + "/") + ".\(name).\(suffix)"
    }

    /// Runs `write` on a temporary name beside `target` and renames it to `target` once it
    /// is complete, so an interrupted encode never leaves a file that could be served.
    private static func writing(_ target: String, _ write: (String) throws(VideoError) -> Outcome) throws(VideoError) -> Outcome {
        let temporary = hiddenSibling(of: target, suffix: "partial")
        unlink(temporary)
        do throws(VideoError) {
            let outcome = try write(temporary)
            guard rename(temporary, target) == 0 else {
                throw VideoError(status: -errno, doing: "write \(target)", path: target, writing: true)
            }
            return outcome
        } catch {
            unlink(temporary)
            throw VideoError(error.cause, path: error.path, "cannot make its web version: \(error.detail)")
        }
    }
}

/// One rendition being written: the input's video (and first audio) stream to an MP4. Every
/// FFmpeg call's result is looked at: a packet the decoder refuses is counted and skipped, a
/// full decoder (EAGAIN) gets its packet again once its frames are taken, and a failure to
/// write ends the job with the cause (a full disk is not a damaged clip).
private final class Transcode {
    let input: VideoInput
    /// The clip, as errors name it.
    var path: String { input.path }
    let method: VideoTranscoder.Method
    let output: UnsafeMutablePointer<AVFormatContext>
    let outputPath: String
    var lanes: [Lane] = []
    let packet: FFmpegPacket
    let encoded: FFmpegPacket
    var framesWritten = 0
    var secondsWritten = 0.0
    /// The first encoded frame's time, which the progress counts from.
    private var firstEncodedSecond: Double?
    /// Packets the decoders refused, and frames they could not finish.
    var damagedPackets = 0
    /// Why the clip's sound is not in the rendition, when it is not.
    var soundLeftOut: String?
    /// An animation (`VideoTranscoder.makeLoopingVideo`): transparency flattened, its frames'
    /// own delays kept, its length bounded.
    let isAnimation: Bool
    /// An animation's frame delays, by presentation time in its stream's time base: a loop
    /// shows its last frame for its delay every time round, so the MP4 must say how long it
    /// lasts (a clip's last frame, shown once at its end, is left to the muxer's guess).
    private var frameDurations: [Int64: Int64] = [:]
    private var framesRead = 0
    /// Where an animation was cut (`VideoTranscoder.animationFrameLimit`, seconds), if it was.
    var cutAt: Double?

    /// One input stream and what it becomes.
    final class Lane {
        let input: UnsafeMutablePointer<AVStream>
        /// Made once the input's stream is known to be readable.
        var output: UnsafeMutablePointer<AVStream>!
        var decoder: FFmpegCodecContext?
        var encoder: FFmpegCodecContext?
        var graph: UnsafeMutablePointer<AVFilterGraph>?
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        /// The chain between source and sink, and what the source was told of its frames: a
        /// frame that differs (a clip whose size changes part-way, a damaged header) gets a new
        /// graph, since filters sized for one picture would overrun on another.
        var chain = ""
        var sourceShape: FrameShape?
        var isVideo: Bool { input.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO }

        init(input: UnsafeMutablePointer<AVStream>) {
            self.input = input
        }

        deinit {
            avfilter_graph_free(&graph)
        }
    }

    /// What a buffer source is told of the frames it takes (a picture's size, format and pixel
    /// shape; a sound's rate, format and channels).
    struct FrameShape: Equatable {
        var width: Int32 = 0
        var height: Int32 = 0
        var format: Int32
        /// The pixels' shape; unknown is square, as the buffer source takes it.
        var aspectNumerator: Int32 = 1
        var aspectDenominator: Int32 = 1
        var sampleRate: Int32 = 0
        var channels: Int32 = 0

        init(width: Int32, height: Int32, format: Int32, sampleAspect: AVRational) {
            self.width = width
            self.height = height
            self.format = format
            if sampleAspect.num > 0, sampleAspect.den > 0 { (aspectNumerator, aspectDenominator) = (sampleAspect.num, sampleAspect.den) }
        }

        init(sampleRate: Int32, format: Int32, channels: Int32) {
            self.sampleRate = sampleRate
            self.format = format
            self.channels = channels
        }

        init(_ frame: UnsafeMutablePointer<AVFrame>, isVideo: Bool) {
            if isVideo {
                self.init(width: frame.pointee.width, height: frame.pointee.height, format: frame.pointee.format,
                          sampleAspect: frame.pointee.sample_aspect_ratio)
            } else {
                self.init(sampleRate: frame.pointee.sample_rate, format: frame.pointee.format, channels: frame.pointee.ch_layout.nb_channels)
            }
        }
    }

    init(input: VideoInput, video: UnsafeMutablePointer<AVStream>, audio: UnsafeMutablePointer<AVStream>?,
         output outputPath: String, method: VideoTranscoder.Method, orientation: Orientation, size: VideoRendition, quality: Int,
         threads: Int, isAnimation: Bool = false) throws(VideoError) {
        self.input = input
        self.isAnimation = isAnimation
        self.method = method
        self.outputPath = outputPath
        packet = try FFmpegPacket(path: input.path)
        encoded = try FFmpegPacket(path: input.path)
        guard let output = cffmpeg_output_context("mp4", outputPath) else {
            throw VideoError(.unsupportedCodec, path: input.path, "FFmpeg cannot write MP4 files")
        }
        self.output = output
        for stream in [video] + (audio.map { [$0] } ?? []) {
            let lane = Lane(input: stream)
            if method == .copied {
                try copyParameters(lane)
            } else if lane.isVideo {
                try openVideo(lane, orientation: orientation, size: size, quality: quality, threads: threads)
            } else {
                // A sound that cannot be read leaves a silent web version, not none.
                do throws(VideoError) { try openAudio(lane) } catch where [.corruptInput, .unsupportedCodec, .truncatedInput].contains(error.cause) {
                    soundLeftOut = error.detail
                    continue
                }
            }
            lanes.append(lane)
        }
    }

    deinit {
        if output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
        avformat_free_context(output)
    }

    // MARK: - Setting up

    /// Throws the cause of a failed call that reads the clip.
    private func check(_ status: Int32, _ what: String) throws(VideoError) {
        if status < 0 { throw input.error(status, doing: what) }
    }

    /// Throws the cause of a failed call that writes the rendition.
    private func checkWrite(_ status: Int32, _ what: String) throws(VideoError) {
        if status < 0 { throw VideoError(status: status, doing: what, path: outputPath, writing: true) }
    }

    /// The lane's stream in the MP4.
    private func addOutput(_ lane: Lane) throws(VideoError) {
        guard let created = avformat_new_stream(output, nil) else { throw VideoError(.outOfMemory, path: path, "FFmpeg could not add a stream") }
        lane.output = created
    }

    private func copyParameters(_ lane: Lane) throws(VideoError) {
        try addOutput(lane)
        try check(avcodec_parameters_copy(lane.output.pointee.codecpar, lane.input.pointee.codecpar), "copy its streams")
        lane.output.pointee.codecpar.pointee.codec_tag = 0
        lane.output.pointee.time_base = lane.input.pointee.time_base
        if lane.isVideo, let matrix = cffmpeg_display_matrix(lane.input) {
            try checkWrite(cffmpeg_set_display_matrix(lane.output, matrix), "keep its rotation")
        }
    }

    /// (Re)makes `lane`'s graph from `sourceArguments` through its chain to a sink.
    private func makeGraph(_ lane: Lane, sourceArguments: String, threads: Int) throws(VideoError) {
        avfilter_graph_free(&lane.graph)
        lane.source = nil
        lane.sink = nil
        lane.graph = avfilter_graph_alloc()
        guard let graph = lane.graph else { throw VideoError(.outOfMemory, path: path, "FFmpeg could not allocate a filter graph") }
        // Scaling a 4K frame is as much work as decoding it: on every core, as the encoder.
        graph.pointee.nb_threads = Int32(threads)
        let (source, sink) = lane.isVideo ? ("buffer", "buffersink") : ("abuffer", "abuffersink")
        try check(avfilter_graph_create_filter(&lane.source, avfilter_get_by_name(source), "in", sourceArguments, nil, graph), "set up its filters")
        try check(avfilter_graph_create_filter(&lane.sink, avfilter_get_by_name(sink), "out", nil, nil, graph), "set up its filters")
        try check(cffmpeg_graph_link(graph, lane.source, lane.sink, lane.chain), "set up its filters (\(lane.chain))")
        if !lane.isVideo, let encoder = lane.encoder, encoder.pointer.pointee.frame_size > 0 {
            // The AAC encoder takes frames of exactly its frame size.
            av_buffersink_set_frame_size(lane.sink, UInt32(encoder.pointer.pointee.frame_size))
        }
    }

    /// The buffer source's description of frames of this shape, in the stream's time base.
    private func sourceArguments(_ lane: Lane, width: Int32, height: Int32, format: Int32, sampleAspect: AVRational) -> String {
        let base = lane.input.pointee.time_base
        let sar = sampleAspect.num > 0 && sampleAspect.den > 0 ? sampleAspect : AVRational(num: 1, den: 1)
        return "video_size=\(width)x\(height):pix_fmt=\(format):time_base=\(max(1, base.num))/\(max(1, base.den)):pixel_aspect=\(sar.num)/\(sar.den)"
    }

    private func audioSourceArguments(_ lane: Lane, sampleRate: Int32, format: Int32, layout: AVChannelLayout) throws(VideoError) -> String {
        var layout = layout
        var copy = AVChannelLayout()
        defer { av_channel_layout_uninit(&copy) }
        if layout.order == AV_CHANNEL_ORDER_UNSPEC || layout.nb_channels == 0 {
            av_channel_layout_default(&copy, max(1, layout.nb_channels))
        } else {
            try check(av_channel_layout_copy(&copy, &layout), "read its sound's channels")
        }
        var described = [CChar](repeating: 0, count: 128)
        av_channel_layout_describe(&copy, &described, described.count)
        let layoutName = String(decoding: described.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard sampleRate > 0, let sampleFormat = av_get_sample_fmt_name(AVSampleFormat(rawValue: format)) else {
            throw VideoError(.corruptInput, path: path, "its sound's format is unknown")
        }
        // Frames come in the stream's time base (a WebM's is 1/1000, an MP4's 1/rate).
        let base = lane.input.pointee.time_base
        return "time_base=\(max(1, base.num))/\(max(1, base.den)):sample_rate=\(sampleRate)"
            + ":sample_fmt=\(String(cString: sampleFormat)):channel_layout=\(layoutName)"
    }

    private func openVideo(_ lane: Lane, orientation: Orientation, size: VideoRendition, quality: Int, threads: Int) throws(VideoError) {
        lane.decoder = try FFmpegCodecContext.decoder(for: lane.input, threads: Int32(threads), path: path)
        let decoder = lane.decoder!.pointer
        guard decoder.pointee.pix_fmt != AV_PIX_FMT_NONE, decoder.pointee.width > 0, decoder.pointee.height > 0 else {
            throw VideoError(.corruptInput, path: path, "its video's pixel format or size is unknown")
        }
        // An animation's transparent pixels (H.264 has no alpha) on the background its still
        // is drawn on: a copy of each frame filled with it, the frame laid over.
        let (red, green, blue) = ImageDecoder.background
        let flattening = isAnimation ? ["split[picture][ground]", "[ground]lutrgb=r=\(red):g=\(green):b=\(blue):a=255[background]",
                                        "[background][picture]overlay=format=rgb"] : []
        // Turned upright as the display matrix says (the rendition has none), then scaled to
        // square pixels at the rendition's size; more than 60 frames a second (slow motion
        // recorded at 120 or 240) is more than any screen shows.
        var filters: [String] = switch orientation.rawValue {
        case 2: ["hflip"]
        case 3: ["hflip", "vflip"]
        case 4: ["vflip"]
        case 5: ["transpose=cclock_flip"]
        case 6: ["transpose=clock"]
        case 7: ["transpose=clock_flip"]
        case 8: ["transpose=cclock"]
        default: []
        }
        filters.append("scale=\(size.width):\(size.height):flags=bicubic")
        // HDR made SDR (`toneMapping`): browsers on most screens would show the 10-bit BT.2020
        // picture flat and dim. After the scale, so it runs on the rendition's pixels.
        let isHDR = VideoTranscoder.isHDR(decoder.pointee.color_trc)
        if isHDR { filters.append(VideoTranscoder.toneMapping + ":r=tv") }
        filters += ["setsar=1", "format=yuv420p"]
        var rate = lane.input.pointee.avg_frame_rate.num > 0 ? lane.input.pointee.avg_frame_rate : lane.input.pointee.r_frame_rate
        // An animation's frames keep their delays (its stream's "rate" is its time base's); its
        // encoder is told a usual rate, which only tunes its rate control.
        if isAnimation {
            rate = AVRational(num: 25, den: 1)
        } else if rate.den > 0, Double(rate.num) / Double(rate.den) > 61 {
            filters.append("fps=60")
        }
        // The flattening's parts are joined as a graph whose last filter starts the chain.
        lane.chain = (flattening.isEmpty ? "" : flattening.joined(separator: ";") + ",") + filters.joined(separator: ",")
        try makeGraph(lane, sourceArguments: sourceArguments(lane, width: decoder.pointee.width, height: decoder.pointee.height,
                                                             format: decoder.pointee.pix_fmt.rawValue,
                                                             sampleAspect: decoder.pointee.sample_aspect_ratio), threads: threads)
        lane.sourceShape = FrameShape(width: decoder.pointee.width, height: decoder.pointee.height, format: decoder.pointee.pix_fmt.rawValue,
                                      sampleAspect: decoder.pointee.sample_aspect_ratio)

        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw VideoError(.unsupportedCodec, path: path, "this FFmpeg has no libx264 encoder (Debian's libavcodec has it; or set videos = \"original\")")
        }
        lane.encoder = try FFmpegCodecContext(codec, path: path)
        let encoder = lane.encoder!.pointer
        encoder.pointee.width = av_buffersink_get_w(lane.sink)
        encoder.pointee.height = av_buffersink_get_h(lane.sink)
        encoder.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        encoder.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        encoder.pointee.time_base = av_buffersink_get_time_base(lane.sink)
        let sinkRate = av_buffersink_get_frame_rate(lane.sink)
        encoder.pointee.framerate = sinkRate.num > 0 ? sinkRate : rate
        encoder.pointee.thread_count = Int32(threads)
        // An animation's frames in the order they show (no B-frames): its last frame is then
        // the file's last, and keeps its own delay every time the loop comes round.
        if isAnimation { encoder.pointee.max_b_frames = 0 }
        // The picture's colours mean what they meant: its matrix, primaries and transfer kept
        // (BT.709 for what was tone-mapped).
        encoder.pointee.colorspace = isHDR ? AVCOL_SPC_BT709 : decoder.pointee.colorspace
        encoder.pointee.color_primaries = isHDR ? AVCOL_PRI_BT709 : decoder.pointee.color_primaries
        encoder.pointee.color_trc = isHDR ? AVCOL_TRC_BT709 : decoder.pointee.color_trc
        encoder.pointee.color_range = AVCOL_RANGE_MPEG
        if output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        var options: OpaquePointer?
        av_dict_set(&options, "preset", VideoTranscoder.preset, 0)
        av_dict_set(&options, "crf", String(quality), 0)
        av_dict_set(&options, "profile", "high", 0)
        // On a processor with AVX-512, Debian's x264 (0.164) encodes the same clip to different
        // bytes from run to run (seen on the sample clip: a block at its right edge); kept to
        // AVX2 it gives the same bytes every time, and the same as on AVX2 processors, so a
        // site rebuilt elsewhere does not upload its videos again.
        if av_get_cpu_flags() & AV_CPU_FLAG_AVX512 != 0 { av_dict_set(&options, "x264-params", "asm=AVX2", 0) }
        defer { av_dict_free(&options) }
        try checkWrite(avcodec_open2(encoder, codec, &options), "open the H.264 encoder")
        try addOutput(lane)
        try checkWrite(avcodec_parameters_from_context(lane.output.pointee.codecpar, encoder), "set up the H.264 stream")
        lane.output.pointee.time_base = encoder.pointee.time_base
    }

    private func openAudio(_ lane: Lane) throws(VideoError) {
        lane.decoder = try FFmpegCodecContext.decoder(for: lane.input, threads: 1, path: path)
        let decoder = lane.decoder!.pointer
        lane.chain = "aformat=sample_fmts=fltp:sample_rates=48000|44100:channel_layouts=stereo|mono"
        let arguments = try audioSourceArguments(lane, sampleRate: decoder.pointee.sample_rate, format: decoder.pointee.sample_fmt.rawValue,
                                                 layout: decoder.pointee.ch_layout)
        try makeGraph(lane, sourceArguments: arguments, threads: 1)
        lane.sourceShape = FrameShape(sampleRate: decoder.pointee.sample_rate, format: decoder.pointee.sample_fmt.rawValue,
                                      channels: decoder.pointee.ch_layout.nb_channels)

        guard let codec = avcodec_find_encoder(AV_CODEC_ID_AAC) else { throw VideoError(.unsupportedCodec, path: path, "this FFmpeg has no AAC encoder") }
        lane.encoder = try FFmpegCodecContext(codec, path: path)
        let encoder = lane.encoder!.pointer
        encoder.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        encoder.pointee.sample_rate = av_buffersink_get_sample_rate(lane.sink)
        try check(av_buffersink_get_ch_layout(lane.sink, &encoder.pointee.ch_layout), "set up its sound")
        encoder.pointee.bit_rate = encoder.pointee.ch_layout.nb_channels > 1 ? VideoTranscoder.audioBitRate : VideoTranscoder.audioBitRate / 2
        encoder.pointee.time_base = AVRational(num: 1, den: encoder.pointee.sample_rate)
        if output.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try checkWrite(avcodec_open2(encoder, codec, nil), "open the AAC encoder")
        try addOutput(lane)
        try checkWrite(avcodec_parameters_from_context(lane.output.pointee.codecpar, encoder), "set up the AAC stream")
        lane.output.pointee.time_base = encoder.pointee.time_base
        // The AAC encoder takes frames of exactly its frame size.
        if encoder.pointee.frame_size > 0 { av_buffersink_set_frame_size(lane.sink, UInt32(encoder.pointee.frame_size)) }
    }

    // MARK: - Running

    func run(progress: (VideoTranscoder.Progress) -> Void) throws(VideoError) {
        try checkWrite(avio_open(&output.pointee.pb, outputPath, AVIO_FLAG_WRITE), "write \(outputPath)")
        var options: OpaquePointer?
        // The index at the front: a browser starts playing before the rest has arrived.
        av_dict_set(&options, "movflags", "+faststart", 0)
        defer { av_dict_free(&options) }
        try checkWrite(avformat_write_header(output, &options), "start the MP4 file \(outputPath)")
        let byInput = Dictionary(uniqueKeysWithValues: lanes.map { (Int($0.input.pointee.index), $0) })
        let frame = try FFmpegFrame(path: path), filtered = try FFmpegFrame(path: path)
        var reported = 0
        while true {
            let read = av_read_frame(input.context, packet.pointer)
            if read < 0 {
                if read == cffmpeg_error_exit() { try check(read, "read its frames") }
                break  // the end (or a cut file: what was read is kept)
            }
            defer { av_packet_unref(packet.pointer) }
            guard let lane = byInput[Int(packet.pointer.pointee.stream_index)] else { continue }
            if isAnimation, lane.isVideo, !takeAnimationFrame(packet.pointer, lane) { break }
            if method == .copied {
                try writeCopied(packet.pointer, lane)
            } else {
                try decode(packet.pointer, lane, frame: frame.pointer, filtered: filtered.pointer)
            }
            if framesWritten - reported >= 30 {
                reported = framesWritten
                progress(VideoTranscoder.Progress(frames: framesWritten, seconds: secondsWritten))
            }
        }
        if method == .encoded {
            for lane in lanes {
                // The decoder's last frames, then the graph's, then the encoder's.
                try decode(nil, lane, frame: frame.pointer, filtered: filtered.pointer)
                try closeGraph(lane, filtered: filtered.pointer)
                try checkWrite(avcodec_send_frame(lane.encoder?.pointer, nil), "finish encoding")
                try drainEncoder(lane)
            }
            guard framesWritten > 0 else {
                let damaged = damagedPackets > 0 ? " (\(damagedPackets) damaged packets)" : ""
                throw VideoError(.corruptInput, path: path, "no frame of it could be decoded\(damaged)")
            }
        }
        try checkWrite(av_write_trailer(output), "finish the MP4 file \(outputPath)")
        try checkWrite(avio_closep(&output.pointee.pb), "write \(outputPath)")
        progress(VideoTranscoder.Progress(frames: framesWritten, seconds: secondsWritten))
    }

    /// Counts an animation's frame and keeps its delay; false (and `cutAt` set) once the
    /// animation has run as long as its video holds.
    private func takeAnimationFrame(_ packet: UnsafeMutablePointer<AVPacket>, _ lane: Lane) -> Bool {
        let base = lane.input.pointee.time_base
        // An APNG's packets carry only their decoding time, which is their showing time.
        let pts = packet.pointee.pts != cffmpeg_no_pts() ? packet.pointee.pts : packet.pointee.dts
        if pts != cffmpeg_no_pts(), base.den > 0 {
            let seconds = Double(pts) * Double(base.num) / Double(base.den)
            if framesRead >= VideoTranscoder.animationFrameLimit || seconds >= VideoTranscoder.animationSecondsLimit {
                cutAt = seconds
                return false
            }
            if packet.pointee.duration > 0 { frameDurations[pts] = packet.pointee.duration }
        }
        framesRead += 1
        return true
    }

    private func writeCopied(_ packet: UnsafeMutablePointer<AVPacket>, _ lane: Lane) throws(VideoError) {
        if lane.isVideo {
            framesWritten += 1
            let base = lane.input.pointee.time_base
            if packet.pointee.pts != cffmpeg_no_pts(), base.den > 0 {
                let start = lane.input.pointee.start_time != cffmpeg_no_pts() ? lane.input.pointee.start_time : 0
                secondsWritten = max(secondsWritten, Double(packet.pointee.pts &- start) * Double(base.num) / Double(base.den))
            }
        }
        av_packet_rescale_ts(packet, lane.input.pointee.time_base, lane.output.pointee.time_base)
        packet.pointee.stream_index = lane.output.pointee.index
        packet.pointee.pos = -1
        try checkWrite(av_interleaved_write_frame(output, packet), "write the MP4 file \(outputPath)")
    }

    /// Sends `packet` (nil: the end) to the lane's decoder and takes every frame it gives. A
    /// decoder that is full (EAGAIN) gets the same packet again once its frames are taken; a
    /// packet it refuses is counted and skipped (the next one may decode).
    private func decode(_ packet: UnsafeMutablePointer<AVPacket>?, _ lane: Lane, frame: UnsafeMutablePointer<AVFrame>,
                        filtered: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        guard let decoder = lane.decoder?.pointer else { return }
        while true {
            let sent = avcodec_send_packet(decoder, packet)
            if sent < 0 && sent != cffmpeg_error_again() && sent != cffmpeg_error_eof() { damagedPackets += 1 }
            let taken = try drainDecoder(lane, frame: frame, filtered: filtered)
            // Again only when the decoder gave something back: one that takes nothing and gives
            // nothing would otherwise hold the loop.
            if sent != cffmpeg_error_again() || taken == 0 { return }
        }
    }

    /// Takes the decoder's frames into the lane's graph; how many it gave.
    @discardableResult
    private func drainDecoder(_ lane: Lane, frame: UnsafeMutablePointer<AVFrame>, filtered: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Int {
        guard let decoder = lane.decoder?.pointer else { return 0 }
        var taken = 0
        while true {
            let received = avcodec_receive_frame(decoder, frame)
            if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return taken }
            if received < 0 {
                // A frame that does not decode: counted, skipped.
                damagedPackets += 1
                return taken
            }
            taken += 1
            frame.pointee.pts = frame.pointee.best_effort_timestamp
            try reshapeGraphIfNeeded(lane, for: frame, filtered: filtered)
            let added = av_buffersrc_add_frame_flags(lane.source, frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF))
            av_frame_unref(frame)
            try check(added, "filter its frames")
            try drainGraph(lane, filtered: filtered)
        }
    }

    /// A frame whose size, pixel format or sound format is not what the lane's graph was made
    /// for: the graph is closed (its last frames encoded) and made again for the new shape.
    /// The chain ends at the rendition's size and format, so the encoder sees no change.
    private func reshapeGraphIfNeeded(_ lane: Lane, for frame: UnsafeMutablePointer<AVFrame>, filtered: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        let shape = FrameShape(frame, isVideo: lane.isVideo)
        guard shape != lane.sourceShape else { return }
        try rebuildGraph(lane, for: frame, filtered: filtered)
        lane.sourceShape = shape
    }

    private func rebuildGraph(_ lane: Lane, for frame: UnsafeMutablePointer<AVFrame>, filtered: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        guard frame.pointee.format >= 0 else { throw VideoError(.corruptInput, path: path, "a frame of it has no format") }
        try closeGraph(lane, filtered: filtered)
        let threads = Int(lane.graph?.pointee.nb_threads ?? 1)
        let arguments = lane.isVideo
            ? sourceArguments(lane, width: frame.pointee.width, height: frame.pointee.height, format: frame.pointee.format,
                              sampleAspect: frame.pointee.sample_aspect_ratio)
            : try audioSourceArguments(lane, sampleRate: frame.pointee.sample_rate, format: frame.pointee.format, layout: frame.pointee.ch_layout)
        try makeGraph(lane, sourceArguments: arguments, threads: threads)
    }

    /// Ends the lane's graph (`av_buffersrc_close`) and encodes what it still holds.
    private func closeGraph(_ lane: Lane, filtered: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        guard let source = lane.source else { return }
        try check(av_buffersrc_close(source, cffmpeg_no_pts(), 0), "finish filtering its frames")
        try drainGraph(lane, filtered: filtered)
    }

    private func drainGraph(_ lane: Lane, filtered: UnsafeMutablePointer<AVFrame>) throws(VideoError) {
        guard let sink = lane.sink, let encoder = lane.encoder?.pointer else { return }
        while true {
            let got = av_buffersink_get_frame(sink, filtered)
            if got == cffmpeg_error_again() || got == cffmpeg_error_eof() { return }
            try check(got, "filter its frames")
            filtered.pointee.pict_type = AV_PICTURE_TYPE_NONE
            if filtered.pointee.pts != cffmpeg_no_pts() {
                filtered.pointee.pts = av_rescale_q(filtered.pointee.pts, av_buffersink_get_time_base(sink), encoder.pointee.time_base)
            }
            let sent = avcodec_send_frame(encoder, filtered)
            av_frame_unref(filtered)
            try checkWrite(sent, "encode its frames")
            try drainEncoder(lane)
        }
    }

    private func drainEncoder(_ lane: Lane) throws(VideoError) {
        guard let encoder = lane.encoder?.pointer else { return }
        let out = encoded.pointer
        while true {
            let received = avcodec_receive_packet(encoder, out)
            if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return }
            try checkWrite(received, "encode its frames")
            if lane.isVideo {
                framesWritten += 1
                let base = encoder.pointee.time_base
                if out.pointee.pts != cffmpeg_no_pts(), base.den > 0 {
                    // From the first frame written: a transport stream's clock starts well past 0.
                    let seconds = Double(out.pointee.pts) * Double(base.num) / Double(base.den)
                    if firstEncodedSecond == nil { firstEncodedSecond = seconds }
                    secondsWritten = max(secondsWritten, seconds - (firstEncodedSecond ?? 0))
                }
            }
            if isAnimation, out.pointee.pts != cffmpeg_no_pts(),
               let duration = frameDurations.removeValue(forKey: av_rescale_q(out.pointee.pts, encoder.pointee.time_base, lane.input.pointee.time_base)) {
                out.pointee.duration = av_rescale_q(duration, lane.input.pointee.time_base, encoder.pointee.time_base)
            }
            av_packet_rescale_ts(out, encoder.pointee.time_base, lane.output.pointee.time_base)
            out.pointee.stream_index = lane.output.pointee.index
            // av_interleaved_write_frame takes the packet's data and leaves it blank.
            try checkWrite(av_interleaved_write_frame(output, out), "write the MP4 file \(outputPath)")
        }
    }
}
