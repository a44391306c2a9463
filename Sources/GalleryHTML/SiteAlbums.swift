import Foundation
import GalleryConfig
import GalleryLayout
import GalleryStore

/// The albums a site shows, in the library's order, each with the stem its files are named
/// after, and the site's title.
struct SiteAlbums: Sendable {
    struct Album: Sendable {
        var path: String
        var name: String
        var count: Int
        /// How many of `count` are videos (the rest photos and Live Photos).
        var videoCount: Int
        /// "14–28 Jul 2024" (`DateRangeText`), nil when no photo has a date.
        var dates: String?
        var links: PageRenderer.AlbumLinks
        /// What `album.toml` or `index.md` says (title, description, cover, order, hidden).
        var settings: AlbumSettings?
        /// The title shown: the settings' or the folder's name.
        var title: String { settings?.title ?? name }
        /// Its data files' and plain pages' names.
        var data: AlbumData { AlbumData(stem: links.stem) }
        /// The name of its file `file`.
        func name(_ file: AlbumFile) -> String { SiteFileName.album(stem: links.stem, file).name }
    }

    let all: [Album]
    let photoCount: Int
    let videoCount: Int
    /// `[site] title`, else the one album's title, else the library folder's name.
    let title: String

    /// The albums of `database` that have photos, with their folders' own settings (read and
    /// checked here).
    init(database: GalleryDatabase, configuration: GalleryConfiguration) throws {
        guard let root = try database.libraryRoot() else { throw ExportError.noLibrary }
        let stored = try database.albums().filter { $0.photoCount > 0 }
        let several = stored.count > 1
        var used = Set<String>()
        var albums: [Album] = []
        for album in stored {
            let folder = album.path.isEmpty ? root : root + "/" + album.path
            let settings = try AlbumSettingsReader.read(folder: folder)
            albums.append(Album(
                path: album.path, name: album.name, count: album.photoCount, videoCount: album.videoCount,
                dates: DateRangeText.text(first: album.firstTakenAt, last: album.lastTakenAt),
                links: PageRenderer.AlbumLinks(home: several ? SiteFileName.home.name : nil,
                                               stem: several ? "album-\(Self.slug(album.name, used: &used))" : nil,
                                               unlisted: settings?.hidden ?? false),
                settings: settings))
        }
        all = albums
        photoCount = stored.reduce(0) { $0 + $1.photoCount }
        videoCount = stored.reduce(0) { $0 + $1.videoCount }
        let libraryName = URL(fileURLWithPath: root).lastPathComponent
        title = configuration.site.title
            ?? (albums.count == 1 ? albums[0].title : (libraryName.isEmpty || libraryName == "/" ? "Gallery" : libraryName))
    }

    /// The album whose files are named after `stem` (nil: a one-album site's album).
    func album(stem: String?) -> Album? {
        all.first { $0.links.stem == stem }
    }

    /// A stem for an album named `name`, not among `used`: its letters and digits, lowercased.
    private static func slug(_ name: String, used: inout Set<String>) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) { slug.append(character) } else if !slug.hasSuffix("-") { slug.append("-") }
        }
        slug = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        if slug.isEmpty { slug = "album" }
        // An album's view pages are named after its slug ("trip" → "trip-wheel"), so a slug
        // is free only if it and its view names are: albums "Trip" and "Trip wheel" must not
        // write the same page.
        func names(_ candidate: String) -> [String] {
            [candidate] + LayoutKind.allCases.filter { $0 != .masonry }.map { "\(candidate)-\($0.rawValue)" }
        }
        var candidate = slug
        var n = 2
        while names(candidate).contains(where: used.contains) {
            candidate = "\(slug)-\(n)"
            n += 1
        }
        used.formUnion(names(candidate))
        return candidate
    }
}
