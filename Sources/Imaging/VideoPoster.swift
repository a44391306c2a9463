import CFFmpeg

/// A video's poster: a representative frame, decoded with libavcodec and turned into RGB (as
/// stored: the thumbnailer applies the rotation and squares the pixels). Taken a little way in
/// (a quarter of the clip, at most one second: past the fade-in and the shaky start), never past
/// the end of a short clip, and never a black or flat frame when the clip has another: the
/// candidates further in (half, three quarters, the first frame) are tried until one shows
/// something, else the most varied of them is taken (sigal's fixed 0.5 s offset failed on shorter
/// clips and gave black posters).
public enum VideoPoster {
    /// A frame whose luma varies less than this (standard deviation, 0–255) is "flat".
    static let flatDeviation = 8.0
    /// Frames decoded at most per candidate (from the keyframe before it).
    static let framesPerCandidate = 400

    public struct Frame: Sendable {
        public var image: RGBImage
        /// Seconds into the clip.
        public var time: Double
    }

    public static func frame(path: String, timeLimitSeconds: Double = 30) throws(CodecError) -> Frame {
        do throws(ProbeError) {
            // libavformat would open a still image as a one-frame video: only containers.
            guard VideoProbe.container(atPath: path) != nil else { throw ProbeError.corrupt("it is not a video container") }
            let input = try VideoInput(path: path, timeLimitSeconds: timeLimitSeconds)
            defer { withExtendedLifetime(input) {} }
            guard let stream = try input.videoStream() else { throw ProbeError.corrupt("it has no video stream") }
            let decoder = try FrameDecoder(input: input, stream: stream)
            let duration = input.context.pointee.duration > 0 && input.context.pointee.duration != cffmpeg_no_pts()
                ? Double(input.context.pointee.duration) / Double(AV_TIME_BASE) : nil
            let candidates: [Double] = if let duration {
                [min(1, duration / 4), duration / 2, duration * 3 / 4, 0]
            } else {
                [1, 0]
            }
            var best: (frame: Frame, deviation: Double)?
            for time in candidates {
                guard let frame = try decoder.frame(at: time) else { continue }
                let deviation = frame.image.lumaDeviation
                if deviation >= flatDeviation { return frame }
                if best == nil || deviation > best!.deviation { best = (frame, deviation) }
            }
            guard let best else { throw ProbeError.corrupt("no frame of it could be decoded") }
            return best.frame
        } catch {
            throw CodecError("cannot make the video's poster: \(error)")
        }
    }
}

/// Decodes frames of one stream at given times.
private final class FrameDecoder {
    let input: VideoInput
    let stream: UnsafeMutablePointer<AVStream>
    var codec: UnsafeMutablePointer<AVCodecContext>?
    let packet: UnsafeMutablePointer<AVPacket>
    let frame: UnsafeMutablePointer<AVFrame>

    init(input: VideoInput, stream: UnsafeMutablePointer<AVStream>) throws(ProbeError) {
        self.input = input
        self.stream = stream
        let parameters = stream.pointee.codecpar
        guard let decoder = avcodec_find_decoder(parameters!.pointee.codec_id) else {
            throw .unsupportedFormat("video in \(String(cString: avcodec_get_name(parameters!.pointee.codec_id)))")
        }
        codec = avcodec_alloc_context3(decoder)
        guard let packet = av_packet_alloc(), let frame = av_frame_alloc(), codec != nil else { throw .corrupt("FFmpeg ran out of memory") }
        self.packet = packet
        self.frame = frame
        // One thread: the export already decodes a photo or video per core.
        codec!.pointee.thread_count = 1
        var status = avcodec_parameters_to_context(codec, parameters)
        if status >= 0 { status = avcodec_open2(codec, decoder, nil) }
        guard status >= 0 else { throw input.error(status, doing: "open its decoder") }
    }

    deinit {
        avcodec_free_context(&codec)
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    /// The first frame at or after `time` seconds (the last one when the clip ends before).
    func frame(at time: Double) throws(ProbeError) -> VideoPoster.Frame? {
        let base = stream.pointee.time_base
        guard base.num > 0, base.den > 0 else { return nil }
        let start = stream.pointee.start_time != cffmpeg_no_pts() ? stream.pointee.start_time : 0
        let target = start + Int64(time * Double(base.den) / Double(base.num))
        if av_seek_frame(input.context, stream.pointee.index, target, AVSEEK_FLAG_BACKWARD) < 0 {
            // Not seekable (a stream cut short): from the start.
            _ = av_seek_frame(input.context, stream.pointee.index, Int64.min + 1, AVSEEK_FLAG_BACKWARD)
        }
        avcodec_flush_buffers(codec)
        var latest: VideoPoster.Frame?
        var decoded = 0
        var ended = false
        while decoded < VideoPoster.framesPerCandidate {
            if !ended {
                let read = av_read_frame(input.context, packet)
                if read < 0 {
                    if read == cffmpeg_error_exit() { throw input.error(read, doing: "read its frames") }
                    ended = true
                    avcodec_send_packet(codec, nil)  // drain what the decoder holds
                } else {
                    defer { av_packet_unref(packet) }
                    guard packet.pointee.stream_index == stream.pointee.index else { continue }
                    let sent = avcodec_send_packet(codec, packet)
                    if sent < 0 && sent != cffmpeg_error_again() { continue }  // a damaged packet: the next one may decode
                }
            }
            while true {
                let received = avcodec_receive_frame(codec, frame)
                if received == cffmpeg_error_again() { break }
                if received < 0 { return latest }  // drained
                decoded += 1
                let pts = frame.pointee.best_effort_timestamp != cffmpeg_no_pts() ? frame.pointee.best_effort_timestamp : target
                if let image = rgb(frame) {
                    latest = VideoPoster.Frame(image: image, time: Double(pts - start) * Double(base.num) / Double(base.den))
                }
                av_frame_unref(frame)
                if pts >= target, latest != nil { return latest }
            }
            if ended && decoded == 0 { return latest }
        }
        return latest
    }

    /// The frame as 8-bit RGB at its stored size (libswscale, with the frame's own matrix and
    /// range); an HDR frame tone-mapped to SDR first, as the web version is (`VideoTranscoder`),
    /// so the poster and the first frame played agree.
    private func rgb(_ frame: UnsafeMutablePointer<AVFrame>) -> RGBImage? {
        if VideoTranscoder.isHDR(frame.pointee.color_trc) { return toneMapped(frame) }
        let (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
        guard width > 0, height > 0, let format = AVPixelFormat(rawValue: frame.pointee.format) as AVPixelFormat?,
              let scaler = sws_getContext(Int32(width), Int32(height), format, Int32(width), Int32(height), AV_PIX_FMT_RGB24,
                                          Int32(SWS_BICUBIC), nil, nil, nil) else { return nil }
        defer { sws_freeContext(scaler) }
        let hd = frame.pointee.colorspace == AVCOL_SPC_BT709 || (frame.pointee.colorspace == AVCOL_SPC_UNSPECIFIED && height >= 720)
        let coefficients = sws_getCoefficients(hd ? SWS_CS_ITU709 : SWS_CS_ITU601)
        let fullRange: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
        sws_setColorspaceDetails(scaler, coefficients, fullRange, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let scaled = pixels.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var planes: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(width * 3), 0, 0, 0]
            return withUnsafePointer(to: frame.pointee.data) { data in
                withUnsafePointer(to: frame.pointee.linesize) { linesize in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                        linesize.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                            sws_scale(scaler, source, sourceStrides, 0, Int32(height), &planes, &strides)
                        }
                    }
                }
            }
        }
        return scaled == Int32(height) ? RGBImage(width: width, height: height, pixels: pixels) : nil
    }
}

extension FrameDecoder {
    /// An HDR frame as SDR 8-bit RGB through libavfilter (`VideoTranscoder.toneMapping`, full range).
    fileprivate func toneMapped(_ frame: UnsafeMutablePointer<AVFrame>) -> RGBImage? {
        var graph: UnsafeMutablePointer<AVFilterGraph>? = avfilter_graph_alloc()
        defer { avfilter_graph_free(&graph) }
        guard let graph else { return nil }
        var source: UnsafeMutablePointer<AVFilterContext>?, sink: UnsafeMutablePointer<AVFilterContext>?
        let base = stream.pointee.time_base
        let arguments = "video_size=\(frame.pointee.width)x\(frame.pointee.height):pix_fmt=\(frame.pointee.format)"
            + ":time_base=\(max(1, base.num))/\(max(1, base.den)):pixel_aspect=1/1"
        guard avfilter_graph_create_filter(&source, avfilter_get_by_name("buffer"), "in", arguments, nil, graph) >= 0,
              avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph) >= 0,
              cffmpeg_graph_link(graph, source, sink, VideoTranscoder.toneMapping + ":r=pc,format=rgb24") >= 0,
              av_buffersrc_add_frame_flags(source, frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)) >= 0 else { return nil }
        var out: UnsafeMutablePointer<AVFrame>? = av_frame_alloc()
        defer { av_frame_free(&out) }
        guard let out, av_buffersink_get_frame(sink, out) >= 0 else { return nil }
        let (width, height) = (Int(out.pointee.width), Int(out.pointee.height))
        guard let row = out.pointee.data.0, width > 0, height > 0 else { return nil }
        let stride = Int(out.pointee.linesize.0)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0 ..< height {
            for x in 0 ..< width * 3 { pixels[y * width * 3 + x] = row[y * stride + x] }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}

extension RGBImage {
    /// The standard deviation of the picture's luma (every 4th pixel of every 4th row): near 0
    /// for a black or flat frame.
    var lumaDeviation: Double {
        var sum = 0.0, squares = 0.0, count = 0.0
        for y in stride(from: 0, to: height, by: 4) {
            for x in stride(from: 0, to: width, by: 4) {
                let i = (y * width + x) * 3
                let luma = 0.299 * Double(pixels[i]) + 0.587 * Double(pixels[i + 1]) + 0.114 * Double(pixels[i + 2])
                sum += luma
                squares += luma * luma
                count += 1
            }
        }
        guard count > 0 else { return 0 }
        let mean = sum / count
        return (max(0, squares / count - mean * mean)).squareRoot()
    }
}
