import Foundation
import GalleryConfig
import GalleryLayout
import GalleryService
import GalleryStore
import Synchronization
import TextMetrics

/// The site of one library revision, any file of it made on its own: a page, a data file, the
/// style sheet or a font, each from the stored layouts and measurements and only the photos it
/// shows. `gallery export` makes every file in turn; `gallery serve` makes each the first time
/// it is asked for, so its first answer does not wait for the rest of the site. One renderer
/// for both: they cannot differ.
///
/// Images are not files of the snapshot: they are named by content hash (`ImagePlan`) and
/// made by the exporter (all at once, or one photo at a time for the server).
public final class SiteSnapshot: Sendable {
    let context: SiteContext
    let renderer: PageRenderer
    /// The library revision the snapshot shows.
    public let revision: Int64
    let albums: [Album]
    let photoCount: Int

    struct Album: Sendable {
        var path: String
        var name: String
        var count: Int
        /// "14–28 Jul 2024" (`DateRangeText`), nil when no photo has a date.
        var dates: String?
        var links: PageRenderer.AlbumLinks
        /// What `album.toml` or `index.md` says (title, description, cover, order, hidden).
        var settings: AlbumSettings?
        /// The title shown: the settings' or the folder's name.
        var title: String { settings?.title ?? name }
        /// Its data files' and plain pages' names.
        var data: AlbumData { AlbumData(albumPage: LayoutKind.masonry.page(albumStem: links.stem)) }
    }

    /// A file of one album.
    enum AlbumFile: Hashable {
        case page(LayoutKind)
        case plainPage(Int)
        case index, ids
        case chunk(Int)
        case rowsIndex
        case rowsFrames(Int)
    }

    /// `publishLocation`: pages carry the photos' GPS positions (never unless asked for).
    public convenience init(database: GalleryDatabase, geometry: SiteGeometry? = nil, publishLocation: Bool = false,
                            configuration: GalleryConfiguration = GalleryConfiguration(),
                            warnings: @escaping @Sendable (String) -> Void = { _ in }) throws {
        try self.init(context: SiteContext(database: database, geometry: geometry ?? SiteGeometry(configuration),
                                           measurer: TextMeasurer(warn: warnings, paragraphCacheLimit: 2_000),
                                           publishLocation: publishLocation, configuration: configuration))
    }

    init(context: SiteContext) throws {
        self.context = context
        let database = context.database
        revision = try database.libraryRevision()
        guard let root = try database.libraryRoot() else { throw ExportError.noLibrary }
        let stored = try database.albums().filter { $0.photoCount > 0 }
        let several = stored.count > 1
        var used = Set<String>()
        var albums: [Album] = []
        for album in stored {
            // An album folder's own words, read (and checked) with the library.
            let folder = album.path.isEmpty ? root : root + "/" + album.path
            let settings = try AlbumSettingsReader.read(folder: folder)
            albums.append(Album(
                path: album.path, name: album.name, count: album.photoCount,
                dates: DateRangeText.text(first: album.firstTakenAt, last: album.lastTakenAt),
                links: PageRenderer.AlbumLinks(home: several ? "index.html" : nil,
                                               stem: several ? "album-\(Self.slug(album.name, used: &used))" : nil,
                                               unlisted: settings?.hidden ?? false),
                settings: settings))
        }
        self.albums = albums
        photoCount = stored.reduce(0) { $0 + $1.photoCount }
        let libraryName = URL(fileURLWithPath: root).lastPathComponent
        let title = context.configuration.site.title
            ?? (albums.count == 1 ? albums[0].title : (libraryName.isEmpty || libraryName == "/" ? "Gallery" : libraryName))
        renderer = PageRenderer(geometry: context.geometry, siteTitle: title, configuration: context.configuration, words: context.words)
    }

    /// Whether the site has a page of album cards (several albums, or none).
    var hasIndexPage: Bool { albums.count != 1 }

    // MARK: - Files by name

    /// The bytes of the site's file `name` ("index.html", "data/index.chunk-3.js",
    /// "fonts/…"), or nil when the site has no such file.
    public func render(_ name: String) throws -> [UInt8]? {
        switch name {
        case "gallery.css": return Array(try style().css.utf8)
        case "gallery.js": return Array(SiteAssets.script.utf8)
        case "index.html" where hasIndexPage: return Array(try indexPage().utf8)
        case "sitemap.xml" where context.configuration.site.baseURL != nil: return Array(try sitemap().utf8)
        default: break
        }
        if name.hasPrefix("fonts/") { return try style().fonts[name] }
        guard let (album, file) = albumFile(named: name) else { return nil }
        return Array(try render(file, of: try source(album)).utf8)
    }

    /// Which album file `name` is, if any.
    func albumFile(named name: String) -> (Album, AlbumFile)? {
        for album in albums {
            for view in renderer.views where view.page(albumStem: album.links.stem) == name {
                return (album, .page(view))
            }
        }
        // The album's other files all start with its base and a dot (no base has one).
        let isData = name.hasPrefix("data/")
        let rest = isData ? name.dropFirst("data/".count) : name[...]
        guard let dot = rest.firstIndex(of: "."), let album = albums.first(where: { $0.data.base == rest[..<dot] }) else { return nil }
        let suffix = rest[rest.index(after: dot)...]
        func number(_ prefix: String, _ ext: String) -> Int? {
            guard suffix.hasPrefix(prefix), suffix.hasSuffix(ext) else { return nil }
            let digits = suffix.dropFirst(prefix.count).dropLast(ext.count)
            guard let value = Int(digits), String(value) == digits else { return nil }
            return value
        }
        let chunks = AlbumData.chunkCount(photos: album.count)
        if !isData {
            guard let page = number("page-", ".html"), page >= 1, page <= AlbumData.pageCount(photos: album.count) else { return nil }
            return (album, .plainPage(page))
        }
        switch suffix {
        case "index.js": return (album, .index)
        case "ids.js": return (album, .ids)
        case "rows.index.js" where hasRows: return (album, .rowsIndex)
        default:
            if let chunk = number("chunk-", ".js"), chunk < chunks { return (album, .chunk(chunk)) }
            if hasRows, let chunk = number("rows-", ".js"), chunk < chunks { return (album, .rowsFrames(chunk)) }
            return nil
        }
    }

    /// Whether the site offers the rows view (its layouts and data files are made only then).
    var hasRows: Bool { renderer.views.contains(.justified) }

    /// The site's pages for search engines, when it knows its address (`base_url`).
    func sitemap() throws -> String {
        guard let base = context.configuration.site.baseURL else { return "" }
        var pages: [String] = hasIndexPage ? ["index.html"] : []
        for album in albums where !album.links.unlisted {
            pages += renderer.views.map { $0.page(albumStem: album.links.stem) }
            pages += (0 ..< AlbumData.pageCount(photos: album.count)).map { album.data.plainPage($0 + 1) }
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages {
            xml += "<url><loc>\(HTML.escape(base + (page == "index.html" ? "" : page)))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// An album's files in the order an export writes them.
    func files(of album: Album) -> [(name: String, file: AlbumFile)] {
        let data = album.data
        let chunks = AlbumData.chunkCount(photos: album.count)
        var files: [(String, AlbumFile)] = [(data.indexFile, .index), (data.idsFile, .ids)]
        files += (0 ..< chunks).map { (data.chunkFile($0), .chunk($0)) }
        if hasRows {
            files += (0 ..< chunks).map { (data.rowsFramesFile($0), .rowsFrames($0)) }
            files.append((data.rowsIndexFile, .rowsIndex))
        }
        files += renderer.views.map { ($0.page(albumStem: album.links.stem), .page($0)) }
        files += (0 ..< AlbumData.pageCount(photos: album.count)).map { (data.plainPage($0 + 1), .plainPage($0 + 1)) }
        return files
    }

    // MARK: - Albums

    private let sources = Mutex<[String: AlbumSource]>([:])

    /// The album's source, made once per snapshot (its layouts are computed first if the
    /// library changed since they were stored).
    func source(_ album: Album) throws -> AlbumSource {
        // Made under the lock: two requests storing an album's layouts at once would each
        // replace the other's, and one would read the items of layouts that are gone.
        try sources.withLock { sources in
            if let known = sources[album.path] { return known }
            let made = try AlbumSource(path: album.path, name: album.title, links: album.links, context: context,
                                       description: album.settings?.descriptionHTML.flatMap(AlbumDescription.init(html:)),
                                       coverFile: album.settings?.cover)
            sources[album.path] = made
            return made
        }
    }

    /// Lets go of an album's source (an export, once it has written the album's files).
    func forget(_ album: Album) {
        _ = sources.withLock { $0.removeValue(forKey: album.path) }
    }

    func render(_ file: AlbumFile, of album: AlbumSource) throws -> String {
        let geometry = context.geometry
        switch file {
        case .index:
            return try album.data.indexScript(count: album.count, bounds: try album.columns.map { try album.chunkBounds(columns: $0) }, geometry: geometry)
        case .ids:
            return try album.data.idsScript(try album.photoIDs())
        case .chunk(let number):
            let cells = try album.cells(number * AlbumData.chunkSize ..< (number + 1) * AlbumData.chunkSize)
            return try album.data.chunkScript(number: number, cells: cells, geometry: geometry)
        case .rowsFrames(let number):
            let range = number * AlbumData.chunkSize ..< min((number + 1) * AlbumData.chunkSize, album.count)
            return try album.data.rowsFramesScript(number: number, frames: try album.rowsFrames(range), count: album.count)
        case .rowsIndex:
            return try album.data.rowsIndexScript(bounds: try album.columns.map { try album.rowsChunkBounds(columns: $0) },
                                                  count: album.count, geometry: geometry)
        case .page(let view):
            return try page(view, of: album)
        case .plainPage(let number):
            return try plainPage(number, of: album)
        }
    }

    private func page(_ view: LayoutKind, of album: AlbumSource) throws -> String {
        let geometry = context.geometry
        switch view {
        case .masonry:
            let pageCount = AlbumData.pageCount(photos: album.count)
            let plain = PageRenderer.PageLinks(album: view.page(albumStem: album.links.stem), first: pageCount > 0 ? album.data.plainPage(1) : nil)
            let heights = Dictionary(uniqueKeysWithValues: zip(album.columns, album.layouts.map(\.layout.contentHeight)))
            let cells = try album.cells(startingAbove: AlbumData.firstScreenHeight)
            let description = try album.description.map { description in
                (html: description.blocks.map { "<p class=\"comment\">\($0.html)</p>" }.joined(),
                 boxes: try description.boxes(geometry: geometry, style: context.comment, measurer: context.measurer))
            }
            return renderer.albumPage(title: album.name, subtitle: album.subtitle, links: album.links, content: .init(
                cells: cells, count: album.count, heights: heights,
                data: album.data, pages: plain, fileName: view.page(albumStem: album.links.stem),
                image: try album.cover()?.large ?? cells.first?.large, description: description))
        case .justified:
            let (firstScreen, rows) = try album.rowsFirstScreen(startingAbove: AlbumData.firstScreenHeight)
            return renderer.justifiedPage(title: album.name, subtitle: album.subtitle, links: album.links, cells: firstScreen, rows: rows,
                                          data: album.data.rowsIndexFile)
        case .wheel:
            let cells = try album.cells(0 ..< renderer.wheelCardsWritten(count: album.count))
            return renderer.wheelPage(title: album.name, subtitle: album.subtitle, links: album.links, count: album.count, cells: cells,
                                      data: album.data.indexFile)
        case .carousel:
            let cells = try album.cells(0 ..< PageRenderer.cardWindow)
            return renderer.carouselPage(title: album.name, subtitle: album.subtitle, links: album.links, count: album.count, cells: cells,
                                         data: album.data.indexFile)
        case .circle:
            let cells = try album.cells(0 ..< geometry.circleMaximumItems)
            return renderer.circlePage(title: album.name, subtitle: album.subtitle, links: album.links, count: album.count, cells: cells)
        }
    }

    /// Plain page `number`: its photos as a masonry layout of their own, computed with the
    /// engine, so that nothing on it depends on the photos after it (adding photos to the
    /// album rewrites only the last plain page).
    private func plainPage(_ number: Int, of album: AlbumSource) throws -> String {
        let geometry = context.geometry
        let first = (number - 1) * AlbumData.pageSize
        var shown = try album.cells(first ..< first + AlbumData.pageSize)
        var heights: [Int: Double] = [:]
        for k in album.columns {
            let layout = try MasonryLayout(
                width: geometry.width(columns: k),
                items: shown.map { MasonryItem(aspectRatio: $0.aspectRatio, captionHeight: $0.captionHeight, commentHeight: $0.commentHeight) },
                options: geometry.options(columns: k))
            heights[k] = layout.contentSize.height
            for position in shown.indices {
                guard let frame = layout.attributes(at: position)?.frame else { continue }
                shown[position].frames[k] = (frame.x, frame.y, frame.width, frame.height)
            }
        }
        let pageCount = AlbumData.pageCount(photos: album.count)
        let around = PageRenderer.PageLinks(
            album: LayoutKind.masonry.page(albumStem: album.links.stem),
            previous: number > 1 ? album.data.plainPage(number - 1) : nil,
            next: number < pageCount ? album.data.plainPage(number + 1) : nil, position: renderer.words.page(number))
        let range = renderer.words.photoRange(first + 1, first + shown.count)
        return renderer.albumPage(title: album.name, subtitle: range, links: album.links, content: .init(
            cells: shown, count: album.count, listOffset: first, listCount: shown.count, heights: heights, data: nil, pages: around,
            fileName: album.data.plainPage(number), image: shown.first?.large))
    }

    private func indexPage() throws -> String {
        var image: String?
        // Albums with an order first (smallest first), then the others by path; unlisted ones not at all.
        let listed = albums.filter { !$0.links.unlisted }.enumerated().sorted { a, b in
            switch (a.element.settings?.order, b.element.settings?.order) {
            case let (x?, y?) where x != y: x < y
            case (_?, nil): true
            case (nil, _?): false
            default: a.offset < b.offset
            }
        }.map(\.element)
        let cards = try listed.map { album in
            let source = try source(album)
            let first = try source.cover() ?? source.cells(0 ..< 1).first
            if image == nil { image = first?.large }
            return PageRenderer.AlbumCard(name: album.title, link: LayoutKind.masonry.page(albumStem: album.links.stem), count: album.count,
                                          dates: album.dates, cover: first?.thumbnails?.first?.url)
        }
        return renderer.indexPage(albums: cards, photoCount: photoCount, image: image)
    }

    // MARK: - Style sheet and fonts

    struct Style: Sendable {
        var css: String
        /// Font files by name ("fonts/…").
        var fonts: [String: [UInt8]]
    }

    private let madeStyle = Mutex<Style?>(nil)

    /// The style sheet and the fonts it names, cut to the characters the site shows: each face
    /// gets the characters the measurement drew with it (kept in the library at import), plus
    /// the pages' own words.
    func style() throws -> Style {
        // Under the lock: requests that ask at once wait for one cut of the fonts.
        try madeStyle.withLock { made in
            if let made { return made }
            let style = try makeStyle()
            made = style
            return style
        }
    }

    /// Words the pages and the script write, beside the captions and comments: their
    /// characters go into the fonts too.
    static let chromeText = "Photo unavailable Made with gallery photos albums ← ‹ › × 0123456789, "
        + "Photos Page Previous Next → The whole album All page by – "
        + "Some could not be shown: is missing damaged. Reload or see them below Only first can This loaded "
        + "abcdefghijklmnopqrstuvwxyz-./ "
        + LayoutKind.allCases.map(\.title).joined(separator: " ")
        + " · ISO mm f/ s Map " + DateRangeText.months.joined(separator: " ")

    private func makeStyle() throws -> Style {
        let database = context.database, measurer = context.measurer
        // Characters found for other fonts (a font package upgraded since the import), or a
        // library made before they were kept: found again now, before the fonts are cut.
        let measuring = AnnotationMeasurer(database: database, measurer: measurer, caption: context.caption, comment: context.comment)
        let styles = context.textStyles
        var kept = try database.fontCharacters()
        if kept.styles != measuring.fontCharactersStyles {
            try measuring.ensureMeasured(widths: [context.geometry.innerWidth])
            kept = try database.fontCharacters()
        }
        var characters: [FontFace: Set<Unicode.Scalar>] = [:]
        for (face, text) in kept.characters where FileManager.default.fileExists(atPath: face.path) {
            characters[FontFace(family: face.family, path: face.path, index: face.index, package: face.package), default: []]
                .formUnion(text.unicodeScalars)
        }
        let site = context.configuration.site
        let own = [Self.chromeText, renderer.words.allText, renderer.siteTitle, site.description, site.author, site.copyright]
            + albums.map(\.title) + albums.flatMap { album in
                album.settings?.descriptionHTML.flatMap(AlbumDescription.init(html:))?.blocks.map(\.text) ?? []
            }
        for style in styles {
            characters.merge(try measurer.charactersByFace(own, style: style)) { $0.union($1) }
        }
        var fonts: [String: [UInt8]] = [:]
        var urls: [String: String] = [:]
        var seen = Set<String>()
        let fallbacks = characters.keys.filter { face in !styles.contains { $0.fonts.contains(face) } }
            .sorted { ($0.family, $0.path) < ($1.family, $1.path) }
        for face in styles.flatMap(\.fonts) + fallbacks where seen.insert(face.family).inserted {
            guard let used = characters[face], !used.isEmpty,
                  let bytes = try FontSubsetter.subset(face, characters: used) else { continue }
            let ext = face.path.hasSuffix(".ttf") ? "ttf" : "otf"
            let slug = face.family.lowercased().unicodeScalars.map { $0.properties.isAlphabetic || ("0" ... "9").contains($0) ? String($0) : "-" }.joined()
            // The name carries a digest of the subset's bytes: the file changes whenever the
            // site's characters do, and `gallery serve` lets browsers keep fonts/ for a year.
            var digest: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
            for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01B3 }
            let name = "fonts/" + slug + "-" + String(String(digest, radix: 16).prefix(12)) + "." + ext
            fonts[name] = bytes
            urls[face.family] = name
        }
        let listed = Set(styles.flatMap(\.fonts))
        let fallbackFaces = characters.keys.filter { !listed.contains($0) && urls[$0.family] != nil }
        let textCSS = TextStyle.css(for: styles, fallbackFaces: fallbackFaces) { urls[$0.family] }
        return Style(css: SiteAssets.stylesheet(geometry: context.geometry, textCSS: textCSS, fallbackFaces: fallbackFaces, styles: (context.caption, context.comment),
                                                accent: context.configuration.look.accent), fonts: fonts)
    }

    // MARK: - Names

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
