import CFFmpeg
#if canImport(Glibc)
import Glibc
import PhotoFacts
#endif

/// Reads a video's size, rotation, duration, codecs and capture metadata from its container
/// with libavformat: the headers only (MP4's `moov`, Matroska's segment info), never a decoded
/// frame; a transport stream, which has no header, is read a few packets in. Every file gets a
/// time limit, so a damaged one that would have libavformat search forever ends in an error.
public enum VideoProbe {
    /// Longest a probe may take before it gives up on a file.
    public static let timeLimitSeconds = 10.0

    public static func probe(path: String) throws(ProbeError) -> VideoProbeResult {
        guard let container = container(atPath: path) else { throw .notAnImage }
        return try probe(path: path, container: container)
    }

    /// The video container of the file at `path` by its first bytes; nil for anything else (an
    /// image, or a file that cannot be read: the photo probe then says why).
    public static func container(atPath path: String, offset: Int64 = 0) -> VideoContainer? {
        var head = [UInt8](repeating: 0, count: 512)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let count = pread(descriptor, &head, head.count, off_t(offset))
        close(descriptor)
        return count > 0 ? VideoContainer.sniff(Array(head.prefix(count))) : nil
    }

    /// `offset`: where the video starts in the file (the MP4 inside an Android motion photo).
    public static func probe(path: String, offset: Int64 = 0, container: VideoContainer) throws(ProbeError) -> VideoProbeResult {
        let input: VideoInput, found: UnsafeMutablePointer<AVStream>?
        do throws(VideoError) {
            input = try VideoInput(path: path, offset: offset, timeLimitSeconds: timeLimitSeconds)
            found = try input.videoStream()
        } catch {
            throw ProbeError(error)
        }
        // The streams below are the input's memory: it stays open until the probe returns.
        defer { withExtendedLifetime(input) {} }
        let context = input.context
        guard let video = found else {
            throw .corrupt("the \(container.rawValue.uppercased()) file has no video stream (an audio file?)")
        }
        let streams = input.streams
        let parameters = video.pointee.codecpar.pointee
        let (width, height) = (Int(parameters.width), Int(parameters.height))
        guard width > 0, height > 0 else { throw .zeroSize(width: width, height: height) }
        guard width <= 16_384, height <= 16_384 else { throw .tooLarge(width: width, height: height) }
        var result = VideoProbeResult(container: container, width: width, height: height,
                                      videoCodec: String(cString: avcodec_get_name(parameters.codec_id)))
        result.orientation = orientation(cffmpeg_display_matrix(video))
        let sar = parameters.sample_aspect_ratio.num > 0 ? parameters.sample_aspect_ratio : video.pointee.sample_aspect_ratio
        if sar.num > 0, sar.den > 0 { result.sampleAspectRatio = Double(sar.num) / Double(sar.den) }
        result.duration = duration(context, video)
        let audio = streams.first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
        result.audioCodec = audio.map { String(cString: avcodec_get_name($0.pointee.codecpar.pointee.codec_id)) }
        let metadata = VideoMetadata(format: context.pointee.metadata, stream: video.pointee.metadata)
        result.takenAt = metadata.takenAt
        result.cameraMake = metadata.make
        result.cameraModel = metadata.model
        (result.latitude, result.longitude) = metadata.location.map { ($0.latitude, $0.longitude) } ?? (nil, nil)
        result.contentIdentifier = metadata.contentIdentifier
        result.description = metadata.description
        result.descriptionWarnings = metadata.descriptionWarnings
        return result
    }

    private static func duration(_ context: UnsafeMutablePointer<AVFormatContext>, _ stream: UnsafeMutablePointer<AVStream>) -> Double? {
        if context.pointee.duration != cffmpeg_no_pts(), context.pointee.duration > 0 {
            return Double(context.pointee.duration) / Double(AV_TIME_BASE)
        }
        let base = stream.pointee.time_base
        guard stream.pointee.duration != cffmpeg_no_pts(), stream.pointee.duration > 0, base.den > 0 else { return nil }
        return Double(stream.pointee.duration) * Double(base.num) / Double(base.den)
    }

    /// The display matrix as an EXIF orientation. FFmpeg gives the matrix's rotation
    /// counter-clockwise; a negative determinant is a mirror image.
    static func orientation(_ matrix: UnsafePointer<Int32>?) -> Orientation {
        guard let matrix else { return .up }
        let angle = av_display_rotation_get(matrix)
        guard angle.isFinite else { return .up }
        var clockwise = Int((-angle).rounded()) % 360
        if clockwise < 0 { clockwise += 360 }
        let quarter = ((clockwise + 45) / 90) % 4
        let mirrored = Int64(matrix[0]) * Int64(matrix[4]) - Int64(matrix[1]) * Int64(matrix[3]) < 0
        // EXIF: 1 upright, 6 turn 90° clockwise, 3 turn 180°, 8 turn 270°; mirrored 2, 7, 4, 5.
        let value = mirrored ? [2, 7, 4, 5][quarter] : [1, 6, 3, 8][quarter]
        return Orientation(exifValue: value)
    }

}
