import PhotoFacts

/// What a video's container says about it, read from its headers without decoding a frame.
public struct VideoProbeResult: Sendable, Hashable {
    public var container: VideoContainer
    /// The coded frame size, as stored.
    public var width: Int
    public var height: Int
    /// The display matrix's rotation (and mirroring) as the EXIF orientation that turns the
    /// stored frame upright: 6 for a phone held upright (90° clockwise), 3, 8, or 1.
    public var orientation: Orientation
    /// Width over height of one stored pixel (1 for square pixels; 32/27 for a 16:9 DV frame).
    public var sampleAspectRatio: Double
    /// Seconds; nil when the container does not say.
    public var duration: Double?
    /// FFmpeg's codec names: "h264", "hevc", "vp9", "av1", "mpeg4"...; "aac", "opus"...
    public var videoCodec: String
    public var audioCodec: String?
    /// When and with what it was filmed, and where: the same fields as a photo's EXIF gives.
    public var takenAt: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Apple's content identifier (`com.apple.quicktime.content.identifier`): the still of a
    /// Live Photo carries the same one.
    public var contentIdentifier: String?
    /// What the clip says of itself in words (title, description, keywords; its XMP's other
    /// fields too), and what of it could not be read.
    public var description = PhotoDescription()
    public var descriptionWarnings: [String] = []

    public init(container: VideoContainer, width: Int, height: Int, orientation: Orientation = .up, sampleAspectRatio: Double = 1,
                duration: Double? = nil, videoCodec: String, audioCodec: String? = nil) {
        self.container = container
        self.width = width
        self.height = height
        self.orientation = orientation
        self.sampleAspectRatio = sampleAspectRatio
        self.duration = duration
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
    }

    /// The frame's width as shown: the stored width stretched by the pixels' shape.
    var squareWidth: Int { max(1, Int((Double(width) * sampleAspectRatio).rounded())) }
    /// Size as displayed: square pixels, then the rotation.
    public var displayWidth: Int { orientation.swapsDimensions ? height : squareWidth }
    public var displayHeight: Int { orientation.swapsDimensions ? squareWidth : height }
}
