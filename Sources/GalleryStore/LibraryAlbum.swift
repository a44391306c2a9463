/// An album of the library: its folder relative to the imported one ('' for the root), its
/// display name, and how many photos it holds.
public struct LibraryAlbum: Sendable, Hashable {
    public var path: String
    public var name: String
    public var photoCount: Int
    /// How many of them are videos (Live Photos count as photos).
    public var videoCount: Int
    /// The earliest and latest capture times of its photos (`PhotoMetadata.takenAt`), nil when
    /// none of them has a date.
    public var firstTakenAt: String?
    public var lastTakenAt: String?

    public init(path: String, name: String, photoCount: Int, videoCount: Int = 0, firstTakenAt: String? = nil, lastTakenAt: String? = nil) {
        self.path = path
        self.name = name
        self.photoCount = photoCount
        self.videoCount = videoCount
        self.firstTakenAt = firstTakenAt
        self.lastTakenAt = lastTakenAt
    }
}
