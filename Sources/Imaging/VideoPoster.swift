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

    public static func frame(path: String, timeLimitSeconds: Double = 30) throws(VideoError) -> Frame {
        do throws(VideoError) {
            return try representativeFrame(path: path, timeLimitSeconds: timeLimitSeconds)
        } catch {
            throw VideoError(error.cause, path: error.path, "cannot make its poster: \(error.detail)")
        }
    }

    private static func representativeFrame(path: String, timeLimitSeconds: Double) throws(VideoError) -> Frame {
        // libavformat would open a still image as a one-frame video: only containers.
        guard VideoProbe.container(atPath: path) != nil else { throw VideoError(.corruptInput, path: path, "it is not a video container") }
        let input = try VideoInput(path: path, timeLimitSeconds: timeLimitSeconds)
        defer { withExtendedLifetime(input) {} }
        guard let stream = try input.videoStream() else { throw VideoError(.corruptInput, path: path, "it has no video stream") }
        let decoder = try FrameDecoder(input: input, stream: stream, path: path)
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
            if best.map({ deviation > $0.deviation }) ?? true { best = (frame, deviation) }
        }
        guard let best else {
            let damaged = decoder.damagedPackets > 0 ? " (\(decoder.damagedPackets) damaged packets)" : ""
            throw VideoError(.corruptInput, path: path, "no frame of it could be decoded\(damaged)")
        }
        return best.frame
    }
}

/// Decodes frames of one stream at given times. Every FFmpeg object it holds is owned by a
/// Swift object, so any path out of it, a throwing one included, frees them.
private final class FrameDecoder {
    let input: VideoInput
    let stream: UnsafeMutablePointer<AVStream>
    let path: String
    let codec: FFmpegCodecContext
    let packet: FFmpegPacket
    /// What the decoder hands back, and the latest frame kept from it (only the frame chosen
    /// is ever turned into RGB).
    let decoded: FFmpegFrame
    let kept: FFmpegFrame
    let converter: FrameConverter
    /// Packets the decoder refused and frames it could not finish.
    private(set) var damagedPackets = 0

    init(input: VideoInput, stream: UnsafeMutablePointer<AVStream>, path: String) throws(VideoError) {
        self.input = input
        self.stream = stream
        self.path = path
        // One thread: the export already decodes a photo or video per core.
        codec = try FFmpegCodecContext.decoder(for: stream, threads: 1, path: path)
        packet = try FFmpegPacket(path: path)
        decoded = try FFmpegFrame(path: path)
        kept = try FFmpegFrame(path: path)
        converter = try FrameConverter(path: path)
    }

    /// The first frame at or after `time` seconds (the last one when the clip ends before).
    func frame(at time: Double) throws(VideoError) -> VideoPoster.Frame? {
        let base = stream.pointee.time_base
        guard base.num > 0, base.den > 0, time.isFinite else { return nil }
        let start = stream.pointee.start_time != cffmpeg_no_pts() ? stream.pointee.start_time : 0
        let offset = time * Double(base.den) / Double(base.num)
        let target = start &+ (offset < 9e18 ? Int64(offset) : 0)
        if av_seek_frame(input.context, stream.pointee.index, target, AVSEEK_FLAG_BACKWARD) < 0 {
            // Not seekable (a stream cut short): from the start.
            _ = av_seek_frame(input.context, stream.pointee.index, Int64.min + 1, AVSEEK_FLAG_BACKWARD)
        }
        avcodec_flush_buffers(codec.pointer)
        av_frame_unref(kept.pointer)
        var keptPTS: Int64?
        var count = 0
        var ended = false
        /// Takes every frame the decoder has ready; true once one reaches `target`.
        func receive() -> Bool {
            while true {
                let received = avcodec_receive_frame(codec.pointer, decoded.pointer)
                if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return false }
                if received < 0 {
                    damagedPackets += 1
                    return false
                }
                count += 1
                let pts = decoded.pointer.pointee.best_effort_timestamp != cffmpeg_no_pts() ? decoded.pointer.pointee.best_effort_timestamp : target
                av_frame_unref(kept.pointer)
                av_frame_move_ref(kept.pointer, decoded.pointer)
                keptPTS = pts
                if pts >= target { return true }
            }
        }
        reading: while count < VideoPoster.framesPerCandidate && !ended {
            let read = av_read_frame(input.context, packet.pointer)
            if read < 0 {
                if read == cffmpeg_error_exit() { throw input.error(read, doing: "read its frames") }
                ended = true
                // Drain what the decoder holds.
                if avcodec_send_packet(codec.pointer, nil) >= 0, receive() { break reading }
                break
            }
            defer { av_packet_unref(packet.pointer) }
            guard packet.pointer.pointee.stream_index == stream.pointee.index else { continue }
            // A full decoder (EAGAIN) takes the same packet again once its frames are taken.
            while true {
                let sent = avcodec_send_packet(codec.pointer, packet.pointer)
                if sent < 0 && sent != cffmpeg_error_again() { damagedPackets += 1 }  // a damaged packet: the next one may decode
                let before = count
                if receive() { break reading }
                if sent != cffmpeg_error_again() || count == before { break }
            }
        }
        guard let keptPTS, kept.pointer.pointee.width > 0 else { return nil }
        guard let image = rgb(kept.pointer) else { return nil }
        return VideoPoster.Frame(image: image, time: Double(keptPTS - start) * Double(base.num) / Double(base.den))
    }

    /// The frame as 8-bit RGB at its stored size; an HDR frame tone-mapped to SDR first, as
    /// the web version is (`VideoTranscoder`), so the poster and the first frame played agree.
    private func rgb(_ frame: UnsafeMutablePointer<AVFrame>) -> RGBImage? {
        if VideoTranscoder.isHDR(frame.pointee.color_trc) { return toneMapped(frame) }
        return converter.rgb(frame)
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
              av_buffersrc_add_frame_flags(source, frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)) >= 0,
              av_buffersrc_close(source, cffmpeg_no_pts(), 0) >= 0 else { return nil }
        guard let out = try? FFmpegFrame(path: path), av_buffersink_get_frame(sink, out.pointer) >= 0 else { return nil }
        let (width, height) = (Int(out.pointer.pointee.width), Int(out.pointer.pointee.height))
        guard let rows = out.pointer.pointee.data.0, width > 0, height > 0, out.pointer.pointee.format == AV_PIX_FMT_RGB24.rawValue,
              Int(out.pointer.pointee.linesize.0) >= width * 3 else { return nil }
        return FrameConverter.packed(rows: rows, stride: Int(out.pointer.pointee.linesize.0), width: width, height: height)
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
