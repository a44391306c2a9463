/// Where a layout's photos come from: one album (by its folder's path in the library, "" for
/// the root), a browse page's photos from every album, or the whole library.
public enum LayoutScope: Sendable, Hashable {
    case library
    case album(path: String)
    case browse(BrowseSelection)

    /// As `layouts.scope` stores it (and `gallery layouts` shows it): "library", "album:" +
    /// the path, or "browse:" + the selection ("browse:keyword:sunset").
    public var stored: String {
        switch self {
        case .library: "library"
        case .album(let path): "album:" + path
        case .browse(let selection): "browse:" + selection.stored
        }
    }

    /// The scope `stored` names; nil for a text that names none.
    init?(stored: String) {
        if stored == "library" {
            self = .library
        } else if stored.hasPrefix("album:") {
            self = .album(path: String(stored.dropFirst("album:".count)))
        } else if stored.hasPrefix("browse:"), let selection = BrowseSelection(name: String(stored.dropFirst("browse:".count)), favoritesRating: 4) {
            self = .browse(selection)
        } else {
            return nil
        }
    }
}
