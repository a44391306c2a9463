import GalleryConfig
import GalleryStore

/// The albums whose photos no listing gathers (browse pages, search, the map, other albums'
/// sites): every album that is not public (`AlbumVisibility.isListed`). Their own pages are
/// still made, reachable by their address. Read from the folders as the export reads them.
public enum ExcludedAlbums {
    /// Their paths in the library, sorted.
    /// - Throws: a `ConfigurationError` naming the album file that cannot be read.
    public static func paths(database: GalleryDatabase) throws -> [String] {
        guard let root = try database.libraryRoot() else { return [] }
        return try database.albums().compactMap { album in
            let folder = album.path.isEmpty ? root : root + "/" + album.path
            let visibility = try AlbumSettingsReader.read(folder: folder)?.visibility ?? .public
            return visibility.isListed ? nil : album.path
        }.sorted()
    }

    /// `paths`, or every album when an album file cannot be read: until it is fixed (the page
    /// that shows the album reports it), listings gather nothing rather than an unlisted
    /// album's photos.
    public static func pathsOrEveryAlbum(database: GalleryDatabase) -> [String] {
        (try? paths(database: database)) ?? ((try? database.albums().map(\.path)) ?? [])
    }
}
