/// Where a layout's photos come from: one album (by its folder's path in the library, "" for
/// the root) or the whole library.
public enum LayoutScope: Sendable, Hashable {
    case library
    case album(path: String)

    /// As `layouts.scope` stores it (and `gallery layouts` shows it): "library" or
    /// "album:" + the path.
    public var stored: String {
        switch self {
        case .library: "library"
        case .album(let path): "album:" + path
        }
    }

    /// The scope `stored` names; nil for a text that names none.
    init?(stored: String) {
        if stored == "library" {
            self = .library
        } else if stored.hasPrefix("album:") {
            self = .album(path: String(stored.dropFirst("album:".count)))
        } else {
            return nil
        }
    }
}
