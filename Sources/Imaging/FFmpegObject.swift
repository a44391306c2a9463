import CFFmpeg

/// An FFmpeg object owned by Swift: allocated by FFmpeg, freed by FFmpeg's own function when
/// let go, on every path (an `init` that throws half-way included).
final class FFmpegObject<Object> {
    let pointer: UnsafeMutablePointer<Object>
    private let release: (UnsafeMutablePointer<UnsafeMutablePointer<Object>?>) -> Void

    /// - Parameters:
    ///   - what: the object, in words ("a frame"), for the error when FFmpeg cannot make it.
    ///   - path: the file it is for.
    init(_ what: String, path: String, allocate: () -> UnsafeMutablePointer<Object>?,
         release: @escaping (UnsafeMutablePointer<UnsafeMutablePointer<Object>?>) -> Void) throws(VideoError) {
        guard let object = allocate() else { throw VideoError(.outOfMemory, path: path, "FFmpeg could not allocate \(what)") }
        pointer = object
        self.release = release
    }

    deinit {
        var object: UnsafeMutablePointer<Object>? = pointer
        release(&object)
    }
}

typealias FFmpegFrame = FFmpegObject<AVFrame>
typealias FFmpegPacket = FFmpegObject<AVPacket>
typealias FFmpegCodecContext = FFmpegObject<AVCodecContext>

extension FFmpegObject where Object == AVFrame {
    convenience init(path: String) throws(VideoError) {
        try self.init("a frame", path: path, allocate: av_frame_alloc, release: av_frame_free)
    }
}

extension FFmpegObject where Object == AVPacket {
    convenience init(path: String) throws(VideoError) {
        try self.init("a packet", path: path, allocate: av_packet_alloc, release: av_packet_free)
    }
}
