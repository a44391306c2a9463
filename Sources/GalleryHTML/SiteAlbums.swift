import Crypto
import Foundation
import GalleryConfig
import GalleryLayout
import GalleryStore

/// The albums a site shows, in the library's order, each with the stem its files are named
/// after, and the site's title.
struct SiteAlbums: Sendable {
    struct Album: Sendable {
        /// Where its photos come from: a folder of the library, or every listed album for a
        /// browse page (the layout service resolves it to a `LayoutScope`).
        enum Photos: Sendable, Hashable {
            case folder(path: String)
            case browse(BrowseSelection)
        }
        var photos: Photos
        var name: String
        var count: Int
        /// How many of `count` are videos (the rest photos and Live Photos).
        var videoCount: Int
        /// "14–28 Jul 2024" (`DateRangeText`), nil when no photo has a date.
        var dates: String?
        var links: PageRenderer.AlbumLinks
        /// What `album.toml` or `index.md` says (title, description, cover, order, hidden).
        var settings: AlbumSettings?
        /// The album's folder in the library ("" for the root); nil for a browse page.
        var path: String? {
            if case .folder(let path) = photos { path } else { nil }
        }
        /// A browse page's photos (from every listed album); nil for a folder's album.
        var browse: BrowseSelection? {
            if case .browse(let selection) = photos { selection } else { nil }
        }
        /// A private album on the site that shows the others: its page is a password box, its
        /// own site is sealed under `private/TOKEN/` (`PrivateAlbumSite`).
        var isPrivate: Bool { visibility == .private && !isOwnSite }
        /// Who sees it (`album.toml`, `index.md`); a browse page is public.
        var visibility: AlbumVisibility { settings?.visibility ?? .public }
        /// The album of a private album's own site (`SiteExporter.onlyAlbum`).
        var isOwnSite = false
        /// The folder its own site is sealed in: "private/" + its stem's unguessable token.
        var privateFolder: String? {
            guard isPrivate, let stem = links.stem, let dash = stem.lastIndex(of: "-") else { return nil }
            return "private/" + stem[stem.index(after: dash)...]
        }
        /// The title shown: the settings' or the folder's name (a browse page's title).
        var title: String { settings?.title ?? name }
        /// Its data files' and plain pages' names.
        var data: AlbumData { AlbumData(stem: links.stem) }
        /// The name of its file `file`.
        func name(_ file: AlbumFile) -> String { SiteFileName.album(stem: links.stem, file).name }
    }

    let all: [Album]
    /// The browse pages, by kind in `[browse] by` order (listed on the index page of a site of
    /// several albums, on browse.html on a one-album site), of the kinds the site shows (places
    /// only with `--publish-location`; people, keywords and favourites only where `[content]`
    /// shows people, keywords and ratings).
    let browse: [(kind: GalleryConfiguration.BrowseKind, pages: [Album])]
    /// Each year's months, linked from the year's page (not the index).
    let months: [Album]
    var browsePages: [Album] { browse.flatMap(\.pages) + months }
    let photoCount: Int
    let videoCount: Int
    /// `[site] title`, else the one album's title, else the library folder's name.
    let title: String

    /// The albums of `database` that have photos, with their folders' own settings (read and
    /// checked here).
    /// - Parameter only: the album of a private album's own site: the site shows it alone, as a
    ///   one-album site whose home link leads back to the site it is sealed in.
    init(database: GalleryDatabase, configuration: GalleryConfiguration, publishLocation: Bool = false, only: String? = nil) throws {
        guard let root = try database.libraryRoot() else { throw ExportError.noLibrary }
        let stored = try database.albums().filter { $0.photoCount > 0 && (only == nil || $0.path == only) }
        let several = stored.count > 1
        var used = Set<String>()
        var albums: [Album] = []
        let secret = try database.siteSecret()
        for album in stored {
            let folder = album.path.isEmpty ? root : root + "/" + album.path
            let settings = try AlbumSettingsReader.read(folder: folder)
            // An unlisted album's address has a part no one can guess from its name (even on
            // a site of one album, whose home page is then the empty index), and so has the
            // folder a private album's own site is sealed in.
            let visibility = settings?.visibility ?? .public
            let unguessable = only == nil && visibility.hasUnguessableAddress
            let stem = several || unguessable ? "album-\(Self.slug(album.name, used: &used))" : nil
            albums.append(Album(
                photos: .folder(path: album.path), name: album.name, count: album.photoCount, videoCount: album.videoCount,
                dates: DateRangeText.text(first: album.firstTakenAt, last: album.lastTakenAt),
                links: PageRenderer.AlbumLinks(home: only != nil ? "../../" + SiteFileName.home.name : several || unguessable ? SiteFileName.home.name : nil,
                                               stem: unguessable ? stem.map { Self.unlistedStem($0, path: album.path, secret: secret, used: &used) } : stem,
                                               isListed: only != nil || visibility.isListed,
                                               views: visibility == .private ? [.masonry] : nil),
                settings: settings, isOwnSite: only != nil))
        }
        all = albums
        // A private album's own site has no browse pages (its `[browse] by` is empty).
        (browse, months) = try Self.browsePages(database: database, configuration: configuration, publishLocation: publishLocation,
                                                unlisted: albums.filter { !$0.links.isListed }.compactMap(\.path), used: &used)
        photoCount = stored.reduce(0) { $0 + $1.photoCount }
        videoCount = stored.reduce(0) { $0 + $1.videoCount }
        let libraryName = URL(fileURLWithPath: root).lastPathComponent
        title = configuration.site.title
            ?? (albums.count == 1 ? albums[0].title : (libraryName.isEmpty || libraryName == "/" ? "Gallery" : libraryName))
    }

    /// The album or browse page whose files are named after `stem` (nil: a one-album site's album).
    func album(stem: String?) -> Album? {
        all.first { $0.links.stem == stem } ?? browsePages.first { $0.links.stem == stem }
    }

    /// The browse pages the library has photos for, each named after its kind and name: a
    /// year's "year-2024", the others their name's letters and a hash of it ("keyword-sunset-
    /// 1c9f0b3e"), so that any name in any script, with any '/', '..', '?', '#' or space, gives
    /// a safe file name that stays the same from export to export and differs from every other.
    private static func browsePages(database: GalleryDatabase, configuration: GalleryConfiguration, publishLocation: Bool,
                                    unlisted: [String], used: inout Set<String>) throws -> (kinds: [(kind: GalleryConfiguration.BrowseKind, pages: [Album])], months: [Album]) {
        let found = try database.browsePages(favoritesRating: configuration.browse.favoritesRating, excluding: unlisted.sorted())
        let words = SiteWords(language: configuration.site.language)
        let content = configuration.content
        var kinds: [(kind: GalleryConfiguration.BrowseKind, pages: [Album])] = []
        var months: [Album] = []
        for kind in configuration.browse.by {
            let summaries: [BrowsePageSummary]
            switch kind {
            case .years: summaries = found.years
            case .places: summaries = publishLocation ? found.places : []
            case .people: summaries = content.people == .show ? found.people : []
            case .keywords: summaries = content.keywords == .show ? found.keywords : []
            case .favorites: summaries = content.ratings == .show ? found.favorites.map { [$0] } ?? [] : []
            }
            func page(_ summary: BrowsePageSummary) -> Album {
                // Names people typed are hashed into the file name; a year's or month's digits are safe as they are.
                let (prefix, name, title, hashed): (String, String, String, Bool) = switch summary.selection {
                case .year(let year): ("year", String(year), String(year), false)
                case .month(let year, let month): ("month", "\(year)-\(month < 10 ? "0" : "")\(month)", Self.monthTitle(year: year, month: month, language: configuration.site.language), false)
                case .place(let place): ("place", place, place, true)
                case .person(let person): ("person", person, person, true)
                case .keyword(let keyword): ("keyword", keyword, keyword, true)
                case .favorites: ("favorites", "", words.browse["favorites"] ?? "Favourites", false)
                case .all: ("all", "", "", false)  // never listed: the search index's order
                }
                let stem = browseStem(prefix: prefix, name: name, hashed: hashed, used: &used)
                return Album(photos: .browse(summary.selection), name: title, count: summary.photoCount, videoCount: summary.videoCount,
                             dates: DateRangeText.text(first: summary.firstTakenAt, last: summary.lastTakenAt),
                             links: PageRenderer.AlbumLinks(home: SiteFileName.home.name, stem: stem, views: [.masonry]),
                             settings: nil)
            }
            var pages = summaries.map(page)
            if kind == .years {
                // A year's page links its months' pages.
                let monthPages = found.months.map(page)
                months += monthPages
                for (index, year) in pages.enumerated() {
                    guard case .year(let number)? = year.browse else { continue }
                    let own = monthPages.filter {
                        if case .month(let y, _)? = $0.browse { return y == number } else { return false }
                    }
                    pages[index].links.parts = own.map { ($0.title, SiteFileName.album(stem: $0.links.stem, .page(.masonry)).name) }
                    // Without script its months' plain pages show its photos page by page.
                    pages[index].links.hasPlainPages = own.reduce(0) { $0 + $1.count } != year.count
                }
            }
            if !pages.isEmpty { kinds.append((kind, pages)) }
        }
        return (kinds, months)
    }

    /// "July 2024" in the site's language ("juillet 2024", "2024年7月").
    static func monthTitle(year: Int, month: Int, language: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate("MMMMy")
        guard let date = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"), year: year, month: month, day: 15).date else {
            return "\(year)-\(month)"
        }
        return formatter.string(from: date)
    }

    /// "keyword-" + the name's ASCII letters and digits (at most 40) + "-" + 8 hex digits of
    /// its case-folded text's FNV-1a hash; "-2", "-3"… should two names still meet.
    private static func browseStem(prefix: String, name: String, hashed: Bool, used: inout Set<String>) -> String {
        var slug = ""
        for character in name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil) where slug.count < 40 {
            if character.isASCII && (character.isLetter || character.isNumber) { slug.append(character) } else if !slug.hasSuffix("-") { slug.append("-") }
        }
        slug = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        var hash: UInt32 = 2_166_136_261
        for byte in name.lowercased().precomposedStringWithCanonicalMapping.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        var base = [prefix, slug.isEmpty ? nil : slug, hashed ? String(repeating: "0", count: 8 - hex.count) + hex : nil].compactMap { $0 }.joined(separator: "-")
        if base == prefix, prefix != "favorites" { base += "-page" }
        var candidate = base
        var n = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(n)"
            n += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// An unlisted album's stem: its slug and 16 hex digits of HMAC-SHA-256(the library's
    /// secret, its path), the same at every export of the library, unguessable without it.
    static func unlistedStem(_ stem: String, path: String, secret: String, used: inout Set<String>) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(("unlisted:" + path).utf8), using: SymmetricKey(data: Data(secret.utf8)))
        let token = code.prefix(8).map { String(format: "%02x", $0) }.joined()
        let names = [stem + "-" + token] + LayoutKind.allCases.filter { $0 != .masonry }.map { "\(stem)-\(token)-\($0.rawValue)" }
        used.formUnion(names)
        return names[0]
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
