import CFFmpeg
#if canImport(Glibc)
import Glibc
#endif

/// A video file opened with libavformat, closed when let go. Everything done with it runs
/// under one deadline: libavformat calls back while it waits on reading, and the callback ends
/// the work once the deadline has passed, so a damaged file cannot make it search forever.
final class VideoInput {
    let context: UnsafeMutablePointer<AVFormatContext>
    private let deadline: UnsafeMutablePointer<UInt64>
    let timeLimitSeconds: Double
    /// The file, as errors name it.
    let path: String

    /// FFmpeg's own log lines (a damaged packet, a partial file) stay out of the output: what
    /// went wrong reaches the user once, as the error or warning that names the file.
    private static let quiet: Void = av_log_set_level(AV_LOG_QUIET)

    /// `offset`: where the video starts in the file (an Android motion photo's MP4 follows its
    /// JPEG); libavformat then reads the rest of the file as if it were the whole file (its
    /// "subfile" protocol), so the MP4's own offsets hold. `format`: libavformat's demuxer to
    /// read it with ("gif", "apng") instead of the one its probe would pick, and its options.
    init(path: String, offset: Int64 = 0, format: String? = nil, demuxerOptions: KeyValuePairs<String, String> = [:],
         timeLimitSeconds: Double) throws(VideoError) {
        _ = Self.quiet
        guard let allocated = avformat_alloc_context() else { throw VideoError(.outOfMemory, path: path, "FFmpeg could not start") }
        deadline = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        deadline.pointee = monotonicNanoseconds() + UInt64(timeLimitSeconds * 1e9)
        self.timeLimitSeconds = timeLimitSeconds
        self.path = path
        allocated.pointee.interrupt_callback.callback = { opaque in
            guard let opaque else { return 0 }
            return monotonicNanoseconds() > opaque.assumingMemoryBound(to: UInt64.self).pointee ? 1 : 0
        }
        allocated.pointee.interrupt_callback.opaque = UnsafeMutableRawPointer(deadline)
        // Enough to find a transport stream's programs, not to read a long file.
        allocated.pointee.probesize = 5_000_000
        allocated.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
        var optional: UnsafeMutablePointer<AVFormatContext>? = allocated
        let url = offset > 0 ? "subfile,,start,\(offset),end,0,,:file:\(path)" : path
        // MP4 and MOV keep XMP (a `uuid` box, `udta/XMP_`): given as the "xmp" tag when asked.
        var options: OpaquePointer?
        av_dict_set(&options, "export_xmp", "1", 0)
        for (key, value) in demuxerOptions { av_dict_set(&options, key, value, 0) }
        let demuxer = format.flatMap { av_find_input_format($0) }
        let opened = avformat_open_input(&optional, url, demuxer, &options)
        av_dict_free(&options)
        guard opened >= 0, let context = optional else {
            // avformat_open_input frees the context when it fails.
            deadline.deallocate()
            throw VideoError(status: opened, doing: "read its container", path: path, timeLimitSeconds: timeLimitSeconds)
        }
        self.context = context
    }

    deinit {
        var closing: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&closing)
        deadline.deallocate()
    }

    var streams: [UnsafeMutablePointer<AVStream>] {
        UnsafeBufferPointer(start: context.pointee.streams, count: Int(context.pointee.nb_streams)).compactMap { $0 }
    }

    /// The default video stream (else any) that is not a cover picture, the largest if several; a transport stream's streams are
    /// found by reading its first packets (MP4, MOV and Matroska headers name every stream's size).
    func videoStream() throws(VideoError) -> UnsafeMutablePointer<AVStream>? {
        func best() -> UnsafeMutablePointer<AVStream>? {
            let videos = streams.filter { stream in
                stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                    && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
            }
            // The file's default stream, as players choose (a phone's motion file may carry a
            // second, larger track that is not the clip); the largest of them, or of all.
            let defaults = videos.filter { $0.pointee.disposition & AV_DISPOSITION_DEFAULT != 0 }
            return (defaults.isEmpty ? videos : defaults).max { a, b in
                Int(a.pointee.codecpar.pointee.width) * Int(a.pointee.codecpar.pointee.height)
                    < Int(b.pointee.codecpar.pointee.width) * Int(b.pointee.codecpar.pointee.height)
            }
        }
        if let found = best(), found.pointee.codecpar.pointee.width > 0, found.pointee.codecpar.pointee.height > 0 { return found }
        let found = avformat_find_stream_info(context, nil)
        guard found >= 0 else { throw error(found, doing: "find its streams") }
        return best()
    }

    /// What a failed FFmpeg call on this file means (`VideoError`, the one reading of statuses).
    func error(_ code: Int32, doing what: String) -> VideoError {
        VideoError(status: code, doing: what, path: path, timeLimitSeconds: timeLimitSeconds)
    }
}

/// CLOCK_MONOTONIC in nanoseconds (callable from the C interrupt callback, which captures nothing).
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
