import CFFmpeg

/// An `AVFrame` owned by Swift: freed (with the picture it references) when let go, on every
/// path, a throwing one included.
final class FFmpegFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init(path: String) throws(VideoError) {
        guard let frame = av_frame_alloc() else { throw VideoError(.outOfMemory, path: path, "FFmpeg could not allocate a frame") }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }
}
