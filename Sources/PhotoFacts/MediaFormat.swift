/// What a library file is, as the library stores it (`photos.format`, `photos --json`'s
/// `format`): an image format or a video container, each by its raw value ("jpeg", "mov").
public enum MediaFormat: Sendable, Hashable {
    case image(ImageFormat)
    case video(VideoContainer)
    /// A format this version does not know (a library written by a newer one): kept as stored,
    /// its images not made.
    case unknown(String)

    public init(rawValue: String) {
        if let format = ImageFormat(rawValue: rawValue) {
            self = .image(format)
        } else if let container = VideoContainer(rawValue: rawValue) {
            self = .video(container)
        } else {
            self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .image(let format): format.rawValue
        case .video(let container): container.rawValue
        case .unknown(let value): value
        }
    }
}

extension MediaFormat: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
