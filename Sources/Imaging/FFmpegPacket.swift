import CFFmpeg

/// An `AVPacket` owned by Swift: freed when let go, on every path.
final class FFmpegPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    init(path: String) throws(VideoError) {
        guard let packet = av_packet_alloc() else { throw VideoError(.outOfMemory, path: path, "FFmpeg could not allocate a packet") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}
