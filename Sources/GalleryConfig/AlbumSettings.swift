/// What a person says about one album, in `album.toml` or in the front matter and body of
/// `index.md` in the album's folder (`AlbumSettingsReader`).
public struct AlbumSettings: Sendable, Equatable {
    /// Shown instead of the folder's name (the album's address keeps the folder's name).
    public var title: String?
    /// The album's story, as HTML (from Markdown), shown above the grid.
    public var descriptionHTML: String?
    /// A photo's file name in the album: its picture on the index and in social previews.
    public var cover: String?
    /// Albums with an order come first on the index, smallest first; the others after, by name.
    public var order: Int?
    /// Left off the index and the sitemap, and asked not to be indexed; its pages are still
    /// written (reachable by its address, album-NAME.html).
    public var hidden = false
    /// Who may see it: everyone (listed), whoever has its address (`unlisted`: hidden too, and
    /// under an address with a random part).
    public var access = Access.public

    public enum Access: String, Sendable, CaseIterable {
        case `public`, unlisted, `private`
    }

    /// A private album's password: the file it is in (`password_file`, relative to the album's
    /// folder), or the password itself (`password`: accepted with a warning, since album files
    /// get copied and committed). `AlbumPassword` finds it.
    public var passwordFile: String?
    public var password: String?
    /// A private album's public page says a neutral title instead of its own.
    public var hideTitle = false

    /// Who sees the album: `access` first (an unlisted or private album is hidden too), then
    /// `hidden`.
    public var visibility: AlbumVisibility {
        switch access {
        case .private: .private
        case .unlisted: .unlisted
        case .public: hidden ? .hidden : .public
        }
    }

    public init(title: String? = nil, descriptionHTML: String? = nil, cover: String? = nil, order: Int? = nil, hidden: Bool = false,
                access: Access = .public) {
        self.title = title
        self.descriptionHTML = descriptionHTML
        self.cover = cover
        self.order = order
        self.hidden = hidden
        self.access = access
    }
}
