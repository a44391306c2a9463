import GalleryConfig
import GalleryStore

/// The albums whose `album.toml` or `index.md` says `hidden` or `access = "unlisted"`: reachable by their own address,
/// never listed, and never gathered into a browse page (a year's, a person's…), whose photos
/// come from every other album. Read from the folders as the export reads them.
public enum UnlistedAlbums {
    /// Their paths in the library, sorted.
    public static func paths(database: GalleryDatabase) throws -> [String] {
        guard let root = try database.libraryRoot() else { return [] }
        return try database.albums().compactMap { album in
            let folder = album.path.isEmpty ? root : root + "/" + album.path
            return try AlbumSettingsReader.read(folder: folder)?.isUnlisted == true ? album.path : nil
        }.sorted()
    }
}
