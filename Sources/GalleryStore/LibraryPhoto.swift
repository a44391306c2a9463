import PhotoFacts
/// A photo as people and other programs see it: the objects of `gallery photos --json` and
/// `GET /api/photos`. The key names are an interface; keep them stable.
public struct LibraryPhoto: Codable, Sendable, Hashable {
    public var id: Int64
    /// Relative to the imported folder, "/" separators.
    public var path: String
    public var album: String
    /// "jpeg", "heic", "mov", …: in JSON its raw value.
    public var format: MediaFormat
    /// "photo", "video", "live" or "animated".
    public var kind: MediaKind
    /// A video's length in seconds (a Live Photo's motion's); null for photos.
    public var duration: Double?
    /// A Live Photo's clip (kind "live"), or an animation's (kind "animated": the file itself); null for others.
    public var motion: LiveMotion?
    /// Stored pixels.
    public var width: Int
    public var height: Int
    /// EXIF orientation; in JSON its value, 1...8.
    public var orientation: Orientation
    /// After orientation (swapped for 5–8).
    public var displayWidth: Int
    public var displayHeight: Int
    /// displayWidth / displayHeight.
    public var aspectRatio: Double
    public var caption: String
    public var comment: String
    /// When and with what it was taken; in JSON as `takenAt`, `camera`, `lens`, `fNumber`,
    /// `exposureTime`, `iso`, `focalLength`, `latitude`, `longitude`, each `null` when unknown.
    public var metadata: PhotoMetadata
    /// As written; a hierarchical keyword ("Places|France|Paris") whole, its leaf too.
    public var keywords: [String] = []
    public var people: [String] = []
    /// 0 to 5 stars; null when unrated or rejected.
    public var rating: Int?
    public var rejected = false
    public var favorite = false
    /// `{"sublocation", "city", "state", "country"}`, null when none; under the location rule.
    public var place: PhotoPlace?
    /// The file the original download is made from when it is not `path` (a RAW+JPEG pair's
    /// raw); nil when the photo's own file is its original. Not in JSON.
    public var original: PhotoOriginal?
    /// The file the original download is copied from: the pair's raw, or the photo's own.
    public var originalPath: String { original?.path ?? path }

    private enum CodingKeys: String, CodingKey {
        case id, path, album, format, kind, duration, motion, width, height, orientation, displayWidth, displayHeight, aspectRatio, caption, comment
        case keywords, people, rating, rejected, favorite, place
        case takenAt, camera, cameraMake, cameraModel, lens, fNumber, exposureTime, iso, focalLength, latitude, longitude
    }

    init(id: Int64, path: String, album: String, format: MediaFormat, width: Int, height: Int, orientation: Orientation,
         displayWidth: Int, displayHeight: Int, aspectRatio: Double, caption: String, comment: String,
         kind: MediaKind = .photo, duration: Double? = nil, motion: LiveMotion? = nil, metadata: PhotoMetadata) {
        self.id = id
        self.path = path
        self.album = album
        self.format = format
        self.kind = kind
        self.duration = duration
        self.motion = motion
        self.width = width
        self.height = height
        self.orientation = orientation
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.aspectRatio = aspectRatio
        self.caption = caption
        self.comment = comment
        self.metadata = metadata
    }

    /// Takes keywords, people, rating, flags and place from `annotation`.
    mutating func describe(with annotation: Annotation) {
        keywords = annotation.keywords
        people = annotation.people
        rating = annotation.rating
        rejected = annotation.rejected
        favorite = annotation.favorite
        place = annotation.place
    }

    /// This photo without its GPS position (what a published page or API may show).
    public var withoutLocation: LibraryPhoto {
        var copy = self
        copy.metadata.latitude = nil
        copy.metadata.longitude = nil
        copy.place = nil
        return copy
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(path, forKey: .path)
        try container.encode(album, forKey: .album)
        try container.encode(format, forKey: .format)
        try container.encode(kind, forKey: .kind)
        try container.encode(duration, forKey: .duration)
        try container.encode(motion, forKey: .motion)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(orientation.rawValue, forKey: .orientation)
        try container.encode(displayWidth, forKey: .displayWidth)
        try container.encode(displayHeight, forKey: .displayHeight)
        try container.encode(aspectRatio, forKey: .aspectRatio)
        try container.encode(caption, forKey: .caption)
        try container.encode(comment, forKey: .comment)
        try container.encode(keywords, forKey: .keywords)
        try container.encode(people, forKey: .people)
        try container.encode(rating, forKey: .rating)
        try container.encode(rejected, forKey: .rejected)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(place, forKey: .place)
        // Unknown values are written as null, not left out: every object has every key.
        try container.encode(metadata.takenAt, forKey: .takenAt)
        try container.encode(metadata.camera, forKey: .camera)
        try container.encode(metadata.cameraMake, forKey: .cameraMake)
        try container.encode(metadata.cameraModel, forKey: .cameraModel)
        try container.encode(metadata.lens, forKey: .lens)
        try container.encode(metadata.fNumber, forKey: .fNumber)
        try container.encode(metadata.exposureTime, forKey: .exposureTime)
        try container.encode(metadata.iso, forKey: .iso)
        try container.encode(metadata.focalLength, forKey: .focalLength)
        try container.encode(metadata.latitude, forKey: .latitude)
        try container.encode(metadata.longitude, forKey: .longitude)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), path: try container.decode(String.self, forKey: .path),
            album: try container.decode(String.self, forKey: .album), format: try container.decode(MediaFormat.self, forKey: .format),
            width: try container.decode(Int.self, forKey: .width), height: try container.decode(Int.self, forKey: .height),
            orientation: Orientation(exifValue: try container.decode(Int.self, forKey: .orientation)),
            displayWidth: try container.decode(Int.self, forKey: .displayWidth),
            displayHeight: try container.decode(Int.self, forKey: .displayHeight),
            aspectRatio: try container.decode(Double.self, forKey: .aspectRatio),
            caption: try container.decode(String.self, forKey: .caption), comment: try container.decode(String.self, forKey: .comment),
            kind: try container.decodeIfPresent(MediaKind.self, forKey: .kind) ?? .photo,
            duration: try container.decodeIfPresent(Double.self, forKey: .duration),
            motion: try container.decodeIfPresent(LiveMotion.self, forKey: .motion),
            metadata: PhotoMetadata(
                takenAt: try container.decodeIfPresent(String.self, forKey: .takenAt),
                cameraMake: try container.decodeIfPresent(String.self, forKey: .cameraMake),
                cameraModel: try container.decodeIfPresent(String.self, forKey: .cameraModel),
                lens: try container.decodeIfPresent(String.self, forKey: .lens),
                fNumber: try container.decodeIfPresent(Double.self, forKey: .fNumber),
                exposureTime: try container.decodeIfPresent(Double.self, forKey: .exposureTime),
                iso: try container.decodeIfPresent(Int.self, forKey: .iso),
                focalLength: try container.decodeIfPresent(Double.self, forKey: .focalLength),
                latitude: try container.decodeIfPresent(Double.self, forKey: .latitude),
                longitude: try container.decodeIfPresent(Double.self, forKey: .longitude)))
        keywords = try container.decodeIfPresent([String].self, forKey: .keywords) ?? []
        people = try container.decodeIfPresent([String].self, forKey: .people) ?? []
        rating = try container.decodeIfPresent(Int.self, forKey: .rating)
        rejected = try container.decodeIfPresent(Bool.self, forKey: .rejected) ?? false
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
        place = try container.decodeIfPresent(PhotoPlace.self, forKey: .place)
    }
}
