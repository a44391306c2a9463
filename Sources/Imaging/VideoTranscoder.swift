import CFFmpeg
#if canImport(Glibc)
import Glibc
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

    /// Writes the web rendition of the video at `path` to `target` (an ".mp4"), `size` as
    /// `VideoRendition` gives it. `threads`: the encoder's (0: all cores). `offset`: where the
    /// video starts in the file (the MP4 inside an Android motion photo).
    @discardableResult
    public static func makeWebVideo(from path: String, offset: Int64 = 0, to target: String, size: VideoRendition, maxHeight: Int,
                                    quality: Int = VideoRendition.defaultQuality, threads: Int = 0,
                                    progress: (Progress) -> Void = { _ in }) throws(CodecError) -> Method {
        let directory = target.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).partial"
        unlink(temporary)
        do throws(ProbeError) {
            guard let container = VideoProbe.container(atPath: path, offset: offset) else { throw ProbeError.corrupt("it is not a video container") }
            let probe = try VideoProbe.probe(path: path, offset: offset, container: container)
            // Long enough for a slow machine to encode the clip at a tenth of its speed; what
            // stops a damaged file that makes the demuxer search.
            let limit = max(120, (probe.duration ?? 60) * 20)
            let input = try VideoInput(path: path, offset: offset, timeLimitSeconds: limit)
            defer { withExtendedLifetime(input) {} }
            let found = avformat_find_stream_info(input.context, nil)
            guard found >= 0 else { throw input.error(found, doing: "find its streams") }
            guard let video = try input.videoStream() else { throw ProbeError.corrupt("it has no video stream") }
            let audio = input.streams.first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
            let format = video.pointee.codecpar.pointee.format
            let is420 = format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue
            let method: Method = VideoRendition.canCopy(probe, pixelFormatIs420: is420, maxHeight: maxHeight) ? .copied : .encoded
            let job = try Transcode(input: input, video: video, audio: audio, output: temporary, method: method,
                                    orientation: probe.orientation, size: size, quality: quality, threads: threads)
            try job.run(progress: progress)
            guard rename(temporary, target) == 0 else {
                throw ProbeError.corrupt("cannot write \(target): \(String(cString: strerror(errno)))")
            }
            return method
        } catch {
            unlink(temporary)
            throw CodecError("cannot make the video's web version: \(error)")
        }
    }
}

/// One rendition being written: the input's video (and first audio) stream to an MP4.
private final class Transcode {
    let input: VideoInput
    let method: VideoTranscoder.Method
    var output: UnsafeMutablePointer<AVFormatContext>?
    let outputPath: String
    var lanes: [Lane] = []
    let packet: UnsafeMutablePointer<AVPacket>
    var framesWritten = 0
    var secondsWritten = 0.0

    /// One input stream and what it becomes.
    final class Lane {
        let input: UnsafeMutablePointer<AVStream>
        let output: UnsafeMutablePointer<AVStream>
        var decoder: UnsafeMutablePointer<AVCodecContext>?
        var encoder: UnsafeMutablePointer<AVCodecContext>?
        var graph: UnsafeMutablePointer<AVFilterGraph>?
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        var isVideo: Bool { input.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO }

        init(input: UnsafeMutablePointer<AVStream>, output: UnsafeMutablePointer<AVStream>) {
            self.input = input
            self.output = output
        }

        deinit {
            avcodec_free_context(&decoder)
            avcodec_free_context(&encoder)
            avfilter_graph_free(&graph)
        }
    }

    init(input: VideoInput, video: UnsafeMutablePointer<AVStream>, audio: UnsafeMutablePointer<AVStream>?, output path: String,
         method: VideoTranscoder.Method, orientation: Orientation, size: VideoRendition, quality: Int, threads: Int) throws(ProbeError) {
        self.input = input
        self.method = method
        outputPath = path
        guard let packet = av_packet_alloc() else { throw .corrupt("FFmpeg ran out of memory") }
        self.packet = packet
        guard let output = cffmpeg_output_context("mp4", path) else { throw .corrupt("FFmpeg cannot write MP4 files") }
        self.output = output
        for stream in [video] + (audio.map { [$0] } ?? []) {
            guard let created = avformat_new_stream(output, nil) else { throw .corrupt("FFmpeg ran out of memory") }
            let lane = Lane(input: stream, output: created)
            lanes.append(lane)
            if method == .copied {
                try copyParameters(lane)
            } else if lane.isVideo {
                try openVideo(lane, orientation: orientation, size: size, quality: quality, threads: threads)
            } else {
                try openAudio(lane)
            }
        }
    }

    deinit {
        if let output {
            if output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
            avformat_free_context(output)
        }
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
    }

    // MARK: - Setting up

    private func check(_ status: Int32, _ what: String) throws(ProbeError) {
        if status < 0 { throw input.error(status, doing: what) }
    }

    private func copyParameters(_ lane: Lane) throws(ProbeError) {
        try check(avcodec_parameters_copy(lane.output.pointee.codecpar, lane.input.pointee.codecpar), "copy its streams")
        lane.output.pointee.codecpar.pointee.codec_tag = 0
        lane.output.pointee.time_base = lane.input.pointee.time_base
        if lane.isVideo, let matrix = cffmpeg_display_matrix(lane.input) {
            try check(cffmpeg_set_display_matrix(lane.output, matrix), "keep its rotation")
        }
    }

    private func openDecoder(_ lane: Lane, threads: Int) throws(ProbeError) {
        let parameters = lane.input.pointee.codecpar
        guard let codec = avcodec_find_decoder(parameters!.pointee.codec_id) else {
            throw .unsupportedFormat("\(lane.isVideo ? "video" : "sound") in \(String(cString: avcodec_get_name(parameters!.pointee.codec_id)))")
        }
        lane.decoder = avcodec_alloc_context3(codec)
        guard let decoder = lane.decoder else { throw .corrupt("FFmpeg ran out of memory") }
        decoder.pointee.thread_count = Int32(threads)
        decoder.pointee.pkt_timebase = lane.input.pointee.time_base
        try check(avcodec_parameters_to_context(decoder, parameters), "read its \(lane.isVideo ? "video" : "sound") parameters")
        try check(avcodec_open2(decoder, codec, nil), "open its \(lane.isVideo ? "video" : "sound") decoder")
    }

    /// A filter graph from `sourceArguments` through `chain` to a sink.
    private func makeGraph(_ lane: Lane, source: String, sink: String, sourceArguments: String, chain: String, threads: Int) throws(ProbeError) {
        lane.graph = avfilter_graph_alloc()
        guard let graph = lane.graph else { throw .corrupt("FFmpeg ran out of memory") }
        // Scaling a 4K frame is as much work as decoding it: on every core, as the encoder.
        graph.pointee.nb_threads = Int32(threads)
        try check(avfilter_graph_create_filter(&lane.source, avfilter_get_by_name(source), "in", sourceArguments, nil, graph), "set up its filters")
        try check(avfilter_graph_create_filter(&lane.sink, avfilter_get_by_name(sink), "out", nil, nil, graph), "set up its filters")
        try check(cffmpeg_graph_link(graph, lane.source, lane.sink, chain), "set up its filters (\(chain))")
    }

    private func openVideo(_ lane: Lane, orientation: Orientation, size: VideoRendition, quality: Int, threads: Int) throws(ProbeError) {
        try openDecoder(lane, threads: threads)
        let decoder = lane.decoder!
        guard decoder.pointee.pix_fmt != AV_PIX_FMT_NONE, decoder.pointee.width > 0 else { throw .corrupt("its video's pixel format is unknown") }
        let base = lane.input.pointee.time_base
        var sar = decoder.pointee.sample_aspect_ratio
        if sar.num <= 0 || sar.den <= 0 { sar = AVRational(num: 1, den: 1) }
        let arguments = "video_size=\(decoder.pointee.width)x\(decoder.pointee.height):pix_fmt=\(decoder.pointee.pix_fmt.rawValue)"
            + ":time_base=\(base.num)/\(base.den):pixel_aspect=\(sar.num)/\(sar.den)"
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
        let rate = lane.input.pointee.avg_frame_rate.num > 0 ? lane.input.pointee.avg_frame_rate : lane.input.pointee.r_frame_rate
        if rate.den > 0, Double(rate.num) / Double(rate.den) > 61 { filters.append("fps=60") }
        try makeGraph(lane, source: "buffer", sink: "buffersink", sourceArguments: arguments, chain: filters.joined(separator: ","), threads: threads)

        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw .unsupportedFormat("this FFmpeg has no libx264 encoder (Debian's libavcodec has it; or set videos = \"original\")")
        }
        lane.encoder = avcodec_alloc_context3(codec)
        guard let encoder = lane.encoder else { throw .corrupt("FFmpeg ran out of memory") }
        encoder.pointee.width = av_buffersink_get_w(lane.sink)
        encoder.pointee.height = av_buffersink_get_h(lane.sink)
        encoder.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        encoder.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        encoder.pointee.time_base = av_buffersink_get_time_base(lane.sink)
        let sinkRate = av_buffersink_get_frame_rate(lane.sink)
        encoder.pointee.framerate = sinkRate.num > 0 ? sinkRate : rate
        encoder.pointee.thread_count = Int32(threads)
        // The picture's colours mean what they meant: its matrix, primaries and transfer kept
        // (BT.709 for what was tone-mapped).
        encoder.pointee.colorspace = isHDR ? AVCOL_SPC_BT709 : decoder.pointee.colorspace
        encoder.pointee.color_primaries = isHDR ? AVCOL_PRI_BT709 : decoder.pointee.color_primaries
        encoder.pointee.color_trc = isHDR ? AVCOL_TRC_BT709 : decoder.pointee.color_trc
        encoder.pointee.color_range = AVCOL_RANGE_MPEG
        if output!.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        var options: OpaquePointer?
        av_dict_set(&options, "preset", VideoTranscoder.preset, 0)
        av_dict_set(&options, "crf", String(quality), 0)
        av_dict_set(&options, "profile", "high", 0)
        defer { av_dict_free(&options) }
        try check(avcodec_open2(encoder, codec, &options), "open the H.264 encoder")
        try check(avcodec_parameters_from_context(lane.output.pointee.codecpar, encoder), "set up the H.264 stream")
        lane.output.pointee.time_base = encoder.pointee.time_base
    }

    private func openAudio(_ lane: Lane) throws(ProbeError) {
        try openDecoder(lane, threads: 1)
        let decoder = lane.decoder!
        var layout = AVChannelLayout()
        defer { av_channel_layout_uninit(&layout) }
        if decoder.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || decoder.pointee.ch_layout.nb_channels == 0 {
            av_channel_layout_default(&layout, max(1, decoder.pointee.ch_layout.nb_channels))
        } else {
            av_channel_layout_copy(&layout, &decoder.pointee.ch_layout)
        }
        var described = [CChar](repeating: 0, count: 128)
        av_channel_layout_describe(&layout, &described, described.count)
        let layoutName = String(decoding: described.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard decoder.pointee.sample_rate > 0, let sampleFormat = av_get_sample_fmt_name(decoder.pointee.sample_fmt) else {
            throw .corrupt("its sound's format is unknown")
        }
        // Frames come in the stream's time base (a WebM's is 1/1000, an MP4's 1/rate).
        let base = lane.input.pointee.time_base
        let arguments = "time_base=\(base.num)/\(base.den):sample_rate=\(decoder.pointee.sample_rate)"
            + ":sample_fmt=\(String(cString: sampleFormat)):channel_layout=\(layoutName)"
        try makeGraph(lane, source: "abuffer", sink: "abuffersink", sourceArguments: arguments,
                      chain: "aformat=sample_fmts=fltp:sample_rates=48000|44100:channel_layouts=stereo|mono", threads: 1)

        guard let codec = avcodec_find_encoder(AV_CODEC_ID_AAC) else { throw .unsupportedFormat("this FFmpeg has no AAC encoder") }
        lane.encoder = avcodec_alloc_context3(codec)
        guard let encoder = lane.encoder else { throw .corrupt("FFmpeg ran out of memory") }
        encoder.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        encoder.pointee.sample_rate = av_buffersink_get_sample_rate(lane.sink)
        try check(av_buffersink_get_ch_layout(lane.sink, &encoder.pointee.ch_layout), "set up its sound")
        encoder.pointee.bit_rate = encoder.pointee.ch_layout.nb_channels > 1 ? VideoTranscoder.audioBitRate : VideoTranscoder.audioBitRate / 2
        encoder.pointee.time_base = AVRational(num: 1, den: encoder.pointee.sample_rate)
        if output!.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { encoder.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try check(avcodec_open2(encoder, codec, nil), "open the AAC encoder")
        try check(avcodec_parameters_from_context(lane.output.pointee.codecpar, encoder), "set up the AAC stream")
        lane.output.pointee.time_base = encoder.pointee.time_base
        // The AAC encoder takes frames of exactly its frame size.
        if encoder.pointee.frame_size > 0 { av_buffersink_set_frame_size(lane.sink, UInt32(encoder.pointee.frame_size)) }
    }

    // MARK: - Running

    func run(progress: (VideoTranscoder.Progress) -> Void) throws(ProbeError) {
        guard let output else { return }
        try check(avio_open(&output.pointee.pb, outputPath, AVIO_FLAG_WRITE), "write \(outputPath)")
        var options: OpaquePointer?
        // The index at the front: a browser starts playing before the rest has arrived.
        av_dict_set(&options, "movflags", "+faststart", 0)
        defer { av_dict_free(&options) }
        try check(avformat_write_header(output, &options), "start the MP4 file")
        let byInput = Dictionary(uniqueKeysWithValues: lanes.map { (Int($0.input.pointee.index), $0) })
        let frame = av_frame_alloc()
        let filtered = av_frame_alloc()
        defer {
            var a = frame, b = filtered
            av_frame_free(&a)
            av_frame_free(&b)
        }
        guard let frame, let filtered else { throw .corrupt("FFmpeg ran out of memory") }
        var reported = 0
        while true {
            let read = av_read_frame(input.context, packet)
            if read < 0 {
                if read == cffmpeg_error_exit() { throw input.error(read, doing: "read its frames") }
                break  // the end (or a cut file: what was read is kept)
            }
            defer { av_packet_unref(packet) }
            guard let lane = byInput[Int(packet.pointee.stream_index)] else { continue }
            if method == .copied {
                try writeCopied(packet, lane)
            } else {
                let sent = avcodec_send_packet(lane.decoder, packet)
                if sent < 0 && sent != cffmpeg_error_again() { continue }  // a damaged packet: the next may decode
                try drainDecoder(lane, frame: frame, filtered: filtered)
            }
            if framesWritten - reported >= 30 {
                reported = framesWritten
                progress(VideoTranscoder.Progress(frames: framesWritten, seconds: secondsWritten))
            }
        }
        if method == .encoded {
            for lane in lanes {
                avcodec_send_packet(lane.decoder, nil)
                try drainDecoder(lane, frame: frame, filtered: filtered)
                av_buffersrc_add_frame(lane.source, nil)
                try drainGraph(lane, filtered: filtered)
                avcodec_send_frame(lane.encoder, nil)
                try drainEncoder(lane)
            }
            guard framesWritten > 0 else { throw .corrupt("no frame of it could be decoded") }
        }
        try check(av_write_trailer(output), "finish the MP4 file")
        try check(avio_closep(&output.pointee.pb), "write \(outputPath)")
        progress(VideoTranscoder.Progress(frames: framesWritten, seconds: secondsWritten))
    }

    private func writeCopied(_ packet: UnsafeMutablePointer<AVPacket>, _ lane: Lane) throws(ProbeError) {
        if lane.isVideo {
            framesWritten += 1
            let base = lane.input.pointee.time_base
            if packet.pointee.pts != cffmpeg_no_pts(), base.den > 0 {
                let start = lane.input.pointee.start_time != cffmpeg_no_pts() ? lane.input.pointee.start_time : 0
                secondsWritten = max(secondsWritten, Double(packet.pointee.pts - start) * Double(base.num) / Double(base.den))
            }
        }
        av_packet_rescale_ts(packet, lane.input.pointee.time_base, lane.output.pointee.time_base)
        packet.pointee.stream_index = lane.output.pointee.index
        packet.pointee.pos = -1
        try check(av_interleaved_write_frame(output, packet), "write the MP4 file")
    }

    private func drainDecoder(_ lane: Lane, frame: UnsafeMutablePointer<AVFrame>, filtered: UnsafeMutablePointer<AVFrame>) throws(ProbeError) {
        while true {
            let received = avcodec_receive_frame(lane.decoder, frame)
            if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return }
            if received < 0 { return }  // a frame that does not decode: skipped
            frame.pointee.pts = frame.pointee.best_effort_timestamp
            let added = av_buffersrc_add_frame_flags(lane.source, frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF))
            av_frame_unref(frame)
            try check(added, "filter its frames")
            try drainGraph(lane, filtered: filtered)
        }
    }

    private func drainGraph(_ lane: Lane, filtered: UnsafeMutablePointer<AVFrame>) throws(ProbeError) {
        while true {
            let got = av_buffersink_get_frame(lane.sink, filtered)
            if got == cffmpeg_error_again() || got == cffmpeg_error_eof() { return }
            try check(got, "filter its frames")
            filtered.pointee.pict_type = AV_PICTURE_TYPE_NONE
            if filtered.pointee.pts != cffmpeg_no_pts() {
                filtered.pointee.pts = av_rescale_q(filtered.pointee.pts, av_buffersink_get_time_base(lane.sink), lane.encoder!.pointee.time_base)
            }
            let sent = avcodec_send_frame(lane.encoder, filtered)
            av_frame_unref(filtered)
            try check(sent, "encode its frames")
            try drainEncoder(lane)
        }
    }

    private func drainEncoder(_ lane: Lane) throws(ProbeError) {
        guard let encoder = lane.encoder else { return }
        let out = av_packet_alloc()
        defer { var p = out; av_packet_free(&p) }
        guard let out else { throw .corrupt("FFmpeg ran out of memory") }
        while true {
            let received = avcodec_receive_packet(encoder, out)
            if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return }
            try check(received, "encode its frames")
            if lane.isVideo {
                framesWritten += 1
                let base = encoder.pointee.time_base
                if out.pointee.pts != cffmpeg_no_pts(), base.den > 0 {
                    secondsWritten = max(secondsWritten, Double(out.pointee.pts) * Double(base.num) / Double(base.den))
                }
            }
            av_packet_rescale_ts(out, encoder.pointee.time_base, lane.output.pointee.time_base)
            out.pointee.stream_index = lane.output.pointee.index
            try check(av_interleaved_write_frame(output, out), "write the MP4 file")
        }
    }
}
