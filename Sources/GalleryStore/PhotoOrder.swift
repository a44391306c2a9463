/// The order photos are shown in within an album, and laid out in.
public enum PhotoOrder: String, Sendable, Hashable, CaseIterable, Codable {
    /// Capture order (`taken_at`), photos without a date after the others by name.
    case date
    /// Natural file-name order ("IMG_2" before "IMG_10").
    case name

    /// The ORDER BY terms over photos `p` joined to albums `a`.
    var orderBy: String {
        switch self {
        case .date: "a.path, p.taken_at IS NULL, p.taken_at, p.sort_key, p.path"
        case .name: "a.path, p.sort_key, p.path"
        }
    }

    /// The same across albums (a browse page's photos): by date whatever album holds them.
    var acrossAlbumsOrderBy: String {
        switch self {
        case .date: "p.taken_at IS NULL, p.taken_at, a.path, p.sort_key, p.path"
        case .name: "a.path, p.sort_key, p.path"
        }
    }
}
