import GalleryLayout

/// Failures of the library database, as facts (the command line adds what to type about them).
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// The database was written by a newer `gallery` (it holds migrations this binary lacks).
    case newerSchema(path: String, unknownMigrations: [String])
    case cannotOpen(path: String, reason: String)
    case unknownAlbum(name: String, known: [String])
    /// A browse page (`BrowseSelection.name`) that no photo is on: what there is of its kind.
    case emptyBrowsePage(name: String, kind: String, known: [String])
    /// A name that starts like a browse page's but is not one ("month:2024-13").
    case malformedBrowseName(name: String, expected: String)
    /// A layout's items were asked for with another kind's codec (masonry items of a
    /// justified layout, or the reverse): its chunks are its own kind's bytes.
    case layoutKind(stored: LayoutKind, asked: LayoutKind)

    public var description: String {
        switch self {
        case .newerSchema(let path, let unknown):
            return "\(path) was written by a newer version of gallery (schema \(unknown.joined(separator: ", ")) is unknown to this one); upgrade gallery to read it"
        case .cannotOpen(let path, let reason):
            return "cannot open the database \(path): \(reason)"
        case .unknownAlbum(let name, let known):
            let list = known.isEmpty ? "the library has no albums yet" : "known albums: " + known.map { "'\($0)'" }.joined(separator: ", ")
            return "no album named '\(name)'; \(list)"
        case .emptyBrowsePage(let name, let kind, let known):
            let list = known.isEmpty ? "the library has none" : "the library has " + known.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
                + (known.count > 12 ? " and \(known.count - 12) more" : "")
            return "no photo is on '\(name)'; of \(kind), \(list)"
        case .malformedBrowseName(let name, let expected):
            return "'\(name)' names no album and no browse page: it must be \(expected)"
        case .layoutKind(let stored, let asked):
            return "the stored layout is \(stored.rawValue), not \(asked.rawValue): its items cannot be read as \(asked.rawValue) items"
        }
    }
}
