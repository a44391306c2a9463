import CFFmpeg

/// An `AVCodecContext` owned by Swift (`FFmpegObject`): freed when let go, whether or not it
/// was opened (an `init` that throws half-way no longer leaks it).
extension FFmpegObject where Object == AVCodecContext {
    /// A decoder for `stream`'s codec, opened with the stream's parameters. `threads`: 0 for
    /// every core.
    static func decoder(for stream: UnsafeMutablePointer<AVStream>, threads: Int32, path: String) throws(VideoError) -> FFmpegCodecContext {
        guard let parameters = stream.pointee.codecpar else { throw VideoError(.corruptInput, path: path, "a stream has no parameters") }
        let kind = parameters.pointee.codec_type == AVMEDIA_TYPE_VIDEO ? "video" : "sound"
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoError(.unsupportedCodec, path: path,
                             "FFmpeg has no decoder for its \(kind) (\(String(cString: avcodec_get_name(parameters.pointee.codec_id))))")
        }
        let context = try FFmpegCodecContext(codec, path: path)
        context.pointer.pointee.thread_count = threads
        context.pointer.pointee.pkt_timebase = stream.pointee.time_base
        // FFmpeg's own limit on a picture's size, checked before it sizes any buffer: a damaged
        // header that declares a giant frame is refused, as a giant photo is.
        context.pointer.pointee.max_pixels = Int64(ImageLimits.maximumPixels)
        var status = avcodec_parameters_to_context(context.pointer, parameters)
        if status >= 0 { status = avcodec_open2(context.pointer, codec, nil) }
        guard status >= 0 else { throw VideoError(status: status, doing: "open its \(kind) decoder", path: path) }
        return context
    }

    convenience init(_ codec: UnsafePointer<AVCodec>, path: String) throws(VideoError) {
        try self.init("a codec", path: path, allocate: { avcodec_alloc_context3(codec) }, release: avcodec_free_context)
    }
}
