/// An album of the library: its folder relative to the imported one ('' for the root), its
/// display name, and how many photos it holds.
public struct LibraryAlbum: Sendable, Hashable {
    public var path: String
    public var name: String
    public var photoCount: Int

    public init(path: String, name: String, photoCount: Int) {
        self.path = path
        self.name = name
        self.photoCount = photoCount
    }
}
