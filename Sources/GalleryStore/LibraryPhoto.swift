/// A photo as people and other programs see it: the objects of `gallery photos --json` and
/// `GET /api/photos`. The key names are an interface; keep them stable.
public struct LibraryPhoto: Codable, Sendable, Hashable {
    public var id: Int64
    /// Relative to the imported folder, "/" separators.
    public var path: String
    public var album: String
    public var format: String
    /// Stored pixels.
    public var width: Int
    public var height: Int
    /// EXIF orientation, 1...8.
    public var orientation: Int
    /// After orientation (swapped for 5–8).
    public var displayWidth: Int
    public var displayHeight: Int
    /// displayWidth / displayHeight.
    public var aspectRatio: Double
    public var caption: String
    public var comment: String
}
