/// What a video's web rendition is: H.264 and AAC in an MP4 whose index comes first, so that
/// every browser plays it (Safari plays neither WebM nor most MKV, Firefox no HEVC) and starts
/// before the whole file has arrived; at most `maxHeight` "p" (the shorter side: a 1080p limit
/// fits 1920×1080 and an upright 1080×1920 alike).
public struct VideoRendition: Sendable, Hashable {
    /// libx264's constant rate factor (lower is better and larger): 23 is its own default and
    /// what sigal and most web pipelines use.
    public static let defaultQuality = 23
    public static let defaultMaxHeight = 1080
    public static let qualityRange = 0 ... 51

    /// The rendition's frame, upright, square pixels (even sides: 4:2:0 chroma needs them).
    public var width: Int
    public var height: Int

    /// The rendition of a clip shown `displayWidth`×`displayHeight`: the same size when its
    /// shorter side is within `maxHeight`, else scaled down to it.
    public init(displayWidth: Int, displayHeight: Int, maxHeight: Int) {
        let shorter = max(1, min(displayWidth, displayHeight))
        let scale = min(1, Double(max(2, maxHeight)) / Double(shorter))
        func even(_ side: Int) -> Int { max(2, Int((Double(side) * scale / 2).rounded()) * 2) }
        width = even(displayWidth)
        height = even(displayHeight)
    }

    /// Whether the original can be copied as it is (its streams into a new MP4, without its
    /// tags): H.264 in 8-bit 4:2:0 with square pixels within the size, and AAC or no sound, in
    /// an MP4 or QuickTime file. Anything else is encoded.
    static func canCopy(_ probe: VideoProbeResult, pixelFormatIs420: Bool, maxHeight: Int) -> Bool {
        [.mp4, .mov, .m4v].contains(probe.container)
            && probe.videoCodec == "h264" && pixelFormatIs420
            && (probe.audioCodec == nil || probe.audioCodec == "aac")
            && abs(probe.sampleAspectRatio - 1) < 0.001
            && min(probe.width, probe.height) <= maxHeight
    }
}
