import CFFmpeg
import Foundation

/// Writes the demo's video clips with FFmpeg's libraries, as a phone writes them: HEVC in a
/// QuickTime file tagged `hvc1`, 30 frames a second, turned by a display matrix (a phone held
/// upright stores its frames sideways), with QuickTime metadata (the Live Photo's content
/// identifier among them). Silent: the demo has no sound to offer.
///
/// One encoder thread, so that the same frames make the same bytes (make-sample-data is seeded).
struct ClipWriter {
    enum Failure: Error, CustomStringConvertible {
        case ffmpeg(String, Int32)
        var description: String {
            switch self {
            case .ffmpeg(let what, let code):
                var message = [CChar](repeating: 0, count: 256)
                av_strerror(code, &message, message.count)
                return "cannot \(what): \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
            }
        }
    }

    /// Stored frame size (before the display matrix turns it).
    var width: Int
    var height: Int
    /// Degrees clockwise a player turns the picture (90: a phone held upright).
    var rotation = 0
    var framesPerSecond: Int32 = 30
    /// QuickTime metadata keys ("com.apple.quicktime.content.identifier") and values.
    var metadata: [String: String] = [:]

    /// Encodes `count` frames, `frame(i)` giving each as RGB rows (3 bytes a pixel), to `path`.
    func write(to path: String, count: Int, frame: (Int) -> [UInt8]) throws {
        guard let output = cffmpeg_output_context("mov", path) else { throw Failure.ffmpeg("make a QuickTime file", -1) }
        defer { avformat_free_context(output) }
        guard let codec = avcodec_find_encoder_by_name("libx265") else { throw Failure.ffmpeg("find libx265", -1) }
        var encoder: UnsafeMutablePointer<AVCodecContext>? = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&encoder) }
        guard let context = encoder else { throw Failure.ffmpeg("allocate the encoder", -1) }
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.time_base = AVRational(num: 1, den: framesPerSecond)
        context.pointee.framerate = AVRational(num: framesPerSecond, den: 1)
        context.pointee.gop_size = Int32(framesPerSecond)
        context.pointee.max_b_frames = 0
        context.pointee.thread_count = 1
        context.pointee.codec_tag = MKTAG("h", "v", "c", "1")
        context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        av_opt_set(context.pointee.priv_data, "preset", "fast", 0)
        av_opt_set(context.pointee.priv_data, "crf", "26", 0)
        av_opt_set(context.pointee.priv_data, "x265-params", "log-level=error:pools=none:frame-threads=1", 0)
        var status = avcodec_open2(context, codec, nil)
        guard status >= 0 else { throw Failure.ffmpeg("open libx265", status) }

        guard let stream = avformat_new_stream(output, nil) else { throw Failure.ffmpeg("add a stream", -1) }
        status = avcodec_parameters_from_context(stream.pointee.codecpar, context)
        guard status >= 0 else { throw Failure.ffmpeg("describe the stream", status) }
        stream.pointee.codecpar.pointee.codec_tag = MKTAG("h", "v", "c", "1")
        stream.pointee.time_base = context.pointee.time_base
        if rotation != 0 {
            var matrix = [Int32](repeating: 0, count: 9)
            // Set clockwise (what av_display_rotation_get reads back is counter-clockwise).
            av_display_rotation_set(&matrix, Double(rotation))
            status = cffmpeg_set_display_matrix(stream, matrix)
            guard status >= 0 else { throw Failure.ffmpeg("set the display matrix", status) }
        }
        // In key order: a dictionary's own order changes from run to run, and the bytes must not.
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { av_dict_set(&output.pointee.metadata, key, value, 0) }
        var options: OpaquePointer?
        av_dict_set(&options, "movflags", "use_metadata_tags", 0)
        defer { av_dict_free(&options) }
        status = avio_open(&output.pointee.pb, path, AVIO_FLAG_WRITE)
        guard status >= 0 else { throw Failure.ffmpeg("write \(path)", status) }
        defer { avio_closep(&output.pointee.pb) }
        status = avformat_write_header(output, &options)
        guard status >= 0 else { throw Failure.ffmpeg("write the header", status) }

        var picture: UnsafeMutablePointer<AVFrame>? = av_frame_alloc()
        defer { av_frame_free(&picture) }
        var packet: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let picture, let packet else { throw Failure.ffmpeg("allocate a frame", -1) }
        picture.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        picture.pointee.width = Int32(width)
        picture.pointee.height = Int32(height)
        status = av_frame_get_buffer(picture, 0)
        guard status >= 0 else { throw Failure.ffmpeg("allocate a frame", status) }
        guard let scaler = sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGB24, Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                                          SWS_BICUBIC, nil, nil, nil) else { throw Failure.ffmpeg("convert RGB to YUV", -1) }
        defer { sws_freeContext(scaler) }

        func drain() throws {
            while true {
                let received = avcodec_receive_packet(context, packet)
                if received == cffmpeg_error_again() || received == cffmpeg_error_eof() { return }
                guard received >= 0 else { throw Failure.ffmpeg("encode", received) }
                av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
                packet.pointee.stream_index = stream.pointee.index
                let written = av_interleaved_write_frame(output, packet)
                guard written >= 0 else { throw Failure.ffmpeg("write a frame", written) }
            }
        }
        for index in 0 ..< count {
            status = av_frame_make_writable(picture)
            guard status >= 0 else { throw Failure.ffmpeg("reuse a frame", status) }
            var rgb = frame(index)
            precondition(rgb.count == width * height * 3, "a frame of \(width)×\(height) RGB")
            // libswscale's SIMD readers take whole blocks past a row's end: padding to read.
            rgb.append(contentsOf: repeatElement(0, count: 64))
            rgb.withUnsafeBufferPointer { pixels in
                var source: [UnsafePointer<UInt8>?] = [pixels.baseAddress, nil, nil, nil]
                var strides: [Int32] = [Int32(width * 3), 0, 0, 0]
                withUnsafeMutablePointer(to: &picture.pointee.data) { planes in
                    planes.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                        withUnsafeMutablePointer(to: &picture.pointee.linesize) { lines in
                            lines.withMemoryRebound(to: Int32.self, capacity: 8) { lines in
                                _ = sws_scale(scaler, &source, &strides, 0, Int32(height), planes, lines)
                            }
                        }
                    }
                }
            }
            picture.pointee.pts = Int64(index)
            status = avcodec_send_frame(context, picture)
            guard status >= 0 else { throw Failure.ffmpeg("encode frame \(index)", status) }
            try drain()
        }
        status = avcodec_send_frame(context, nil)
        guard status >= 0 else { throw Failure.ffmpeg("finish encoding", status) }
        try drain()
        status = av_write_trailer(output)
        guard status >= 0 else { throw Failure.ffmpeg("finish \(path)", status) }
    }
}

/// FFmpeg's MKTAG: four characters as a little-endian code.
private func MKTAG(_ a: Character, _ b: Character, _ c: Character, _ d: Character) -> UInt32 {
    [a, b, c, d].enumerated().reduce(0) { $0 | UInt32($1.element.asciiValue ?? 0) << (8 * UInt32($1.offset)) }
}
