/// Who sees an album, as its `album.toml` or `index.md` says (`hidden`, `access`): the one
/// answer every listing, page and feed asks.
public enum AlbumVisibility: Sendable, Hashable {
    /// Listed on the index, in browse pages, search, the map and the sitemap.
    case `public`
    /// `hidden = true`: its pages are written under its usual address, but nothing lists it.
    case hidden
    /// `access = "unlisted"`: hidden, and under an address with a random part.
    case unlisted
    /// `access = "private"`: sealed with a password; only its password page is in the clear.
    case `private`

    /// Whether lists, browse pages, search, the map and the sitemap may show it or its photos.
    public var isListed: Bool { self == .public }

    /// Whether its address has a random part no one can guess (unlisted and private albums).
    public var hasUnguessableAddress: Bool { self == .unlisted || self == .private }
}
