/// A photo with the content hash of its file: what a page needs to name the photo's images
/// (they are named by content hash) and to find their placeholder colour.
public struct StoredPhoto: Sendable, Hashable {
    public var photo: LibraryPhoto
    /// "xxh64:…", as `photos.content_hash`.
    public var contentHash: String
}
