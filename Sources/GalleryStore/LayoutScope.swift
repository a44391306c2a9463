import GalleryJSON

/// Where a layout's photos come from: one album (by its folder's path in the library, "" for
/// the root), a browse page's photos from every album, or the whole library.
public enum LayoutScope: Sendable, Hashable {
    case library
    case album(path: String)
    /// A browse page's photos from every album but `excluding` (the paths of unlisted albums,
    /// whose photos no public page may gather).
    case browse(BrowseSelection, excluding: [String] = [])
    /// The photos a search finds.
    case search(SearchScope)

    /// As `layouts.scope` stores it (and `gallery layouts` shows it): "library", "album:" +
    /// the path, or "browse:" + the selection ("browse:keyword:sunset"), preceded by the
    /// albums it leaves out as a JSON array ("browse:except=["private"]:keyword:sunset").
    public var stored: String {
        switch self {
        case .library: "library"
        case .album(let path): "album:" + path
        case .browse(let selection, let excluding) where excluding.isEmpty: "browse:" + selection.stored
        case .browse(let selection, let excluding): "browse:except=" + Self.json(excluding) + ":" + selection.stored
        case .search(let search): "search:" + search.stored
        }
    }

    private static func json(_ paths: [String]) -> String {
        // An array of strings always encodes.
        (try? JSON.string(paths)) ?? "[]"
    }

    private static func paths(_ json: String) -> [String]? {
        try? JSON.decode([String].self, from: json.utf8)
    }

    /// The scope `stored` names; nil for a text that names none.
    init?(stored: String) {
        if stored == "library" {
            self = .library
        } else if stored.hasPrefix("album:") {
            self = .album(path: String(stored.dropFirst("album:".count)))
        } else if stored.hasPrefix("search:") {
            guard let search = SearchScope(stored: String(stored.dropFirst("search:".count))) else { return nil }
            self = .search(search)
        } else if stored.hasPrefix("browse:") {
            var rest = Substring(stored.dropFirst("browse:".count))
            var excluding: [String] = []
            if rest.hasPrefix("except=") {
                // The array ends at the first "]:" after which the rest reads as JSON.
                rest = rest.dropFirst("except=".count)
                guard let end = rest.indices.first(where: { at in
                    rest[at...].hasPrefix("]:") && Self.paths(String(rest[...at])) != nil
                }) else { return nil }
                excluding = Self.paths(String(rest[...end])) ?? []
                rest = rest[rest.index(end, offsetBy: 2)...]
            }
            guard let selection = BrowseSelection(name: String(rest), favoritesRating: 4) else { return nil }
            self = .browse(selection, excluding: excluding)
        } else {
            return nil
        }
    }
}
