/// What the site's search index takes of one photo: its words (`LibraryPhoto.searchTokens`),
/// and where it was taken and in which album, for the map's points.
public struct PhotoSearchWords: Sendable, Equatable {
    public var words: [String]
    public var album: String
    public var latitude: Double?
    public var longitude: Double?
}
