import Foundation
import GalleryConfig
import GalleryLayout
import GalleryService
import GallerySitePlan
import GalleryStore
import GalleryWork
import Synchronization
import TextMetrics

/// The site of one library revision, any file of it made on its own: a page, a data file, the
/// style sheet or a font, each from the stored layouts and measurements and only the photos it
/// shows. `gallery export` makes every file in turn; `gallery serve` makes each the first time
/// it is asked for, so its first answer does not wait for the rest of the site. One renderer
/// for both: they cannot differ.
///
/// Images are not files of the snapshot: they are named by content hash (`ImageFileName`) and
/// made by `PhotoImages`. The pages are made in `SiteSnapshot+Pages`, the style sheet and
/// fonts by `SiteStyle`.
public final class SiteSnapshot: Sendable {
    let context: SiteContext
    let renderer: PageRenderer
    /// The library revision the snapshot shows.
    public let revision: Int64
    let albums: SiteAlbums
    /// Where the browse pages of people and keywords are (the lightbox links to them).
    let browseLinks: BrowseLinks

    /// `publishLocation`: pages carry the photos' GPS positions (never unless asked for).
    public convenience init(database: GalleryDatabase, geometry: SiteGeometry? = nil, publishLocation: Bool = false,
                            configuration: GalleryConfiguration = GalleryConfiguration(),
                            warnings: @escaping @Sendable (String) -> Void = { _ in }) throws {
        try self.init(context: SiteContext(database: database, geometry: geometry ?? SiteGeometry(configuration),
                                           measurer: TextMeasurer(warn: warnings, paragraphCacheLimit: 2_000),
                                           publishLocation: publishLocation, configuration: configuration))
    }

    /// `listing`: the site's albums and browse pages as read already (`listing(context:jobs:)`),
    /// else read here.
    init(context: SiteContext, listing: SiteListing? = nil) throws {
        self.context = context
        revision = try context.database.libraryRevision()
        albums = try listing?.albums ?? SiteAlbums(database: context.database, configuration: context.configuration,
                                                   publishLocation: context.publishLocation, only: context.onlyAlbum)
        preparedScopes = Mutex(listing?.browseScopes ?? [:])
        browseLinks = BrowseLinks(albums)
        mappedAlbums = context.publishLocation
            ? try context.database.locatedAlbums(excluding: context.excludedAlbums) : []
        hasMap = !mappedAlbums.isEmpty && SiteLeaflet.isInstalled
        var renderer = PageRenderer(geometry: context.geometry, siteTitle: albums.title, configuration: context.configuration, words: context.words)
        renderer.searchPage = albums.photoCount > 0 ? SiteFileName.search(.page).name : nil
        renderer.mapPage = hasMap ? SiteFileName.mapPage.name : nil
        renderer.siteFeed = Self.feedAlbums(albums, configuration: context.configuration).isEmpty ? nil : SiteFileName.feed(stem: nil).name
        renderer.photoPage = Self.hasPhotoPages(context) ? SiteFileName.photoPagePattern : nil
        renderer.browseLinks = browseLinks.isEmpty ? nil : SiteFileName.browseLinks.name
        self.renderer = renderer
    }

    /// Whether the site has a page of album cards (several albums, or none, or an unlisted one
    /// whose pages are not the home page).
    var hasIndexPage: Bool { albums.all.count != 1 || albums.all[0].links.stem != nil }

    /// Whether the site has browse.html: a one-album site with browse pages (a site of several
    /// lists them on its index page).
    var hasBrowsePage: Bool { !hasIndexPage && !albums.browse.isEmpty }

    /// Whether the site has a private album (its password page, `gallery-private.js` and the
    /// service worker).
    var hasPrivateAlbums: Bool { albums.all.contains(where: \.isPrivate) }

    /// Whether the site has a search page (it has photos).
    var hasSearch: Bool { albums.photoCount > 0 }

    /// The listed albums with a photo whose location is published (by path): the map's. Empty
    /// unless the site publishes locations.
    let mappedAlbums: Set<String>

    /// The stems of the albums with a map of their own (`mappedAlbums`, on a site of several).
    var mapStems: [String] {
        albums.all.filter { $0.path.map(mappedAlbums.contains) == true }.compactMap(\.links.stem)
    }

    /// Whether the site has a map page: it publishes locations, some photo has one, and Leaflet
    /// is installed (`SiteLeaflet`; looked for once per snapshot, not at every page).
    let hasMap: Bool

    /// Whether the site offers the justified view (its layouts and data files are made only then).
    var hasJustified: Bool { renderer.views.contains(.justified) }

    var photoCount: Int { albums.photoCount }

    // MARK: - Files by name

    /// The bytes of the site's file `name` ("index.html", "data/index.chunk-3.js",
    /// "fonts/…"), or nil when the site has no such file.
    public func render(_ name: String) throws -> [UInt8]? {
        guard let parsed = SiteFileName(parsing: name, isAlbumStem: { stem in albums.album(stem: stem) != nil }, photoAlbum: photoPageAlbum) else { return nil }
        switch parsed {
        case .album(let stem, let file): return try render(file, stem: stem)
        // A one-album site's home page is its album's page (listed with the album's files).
        case .home where !hasIndexPage: return try render(.page(.masonry), stem: nil)
        case .search(let file):
            guard hasSearch, try search().files.contains(file) else { return nil }
            return try render(file).map { Array($0.utf8) }
        // Written by their own writers: images (named by content), album ZIPs (streamed, not
        // held in memory), private albums' sealed sites (`PrivateAlbumSite`).
        case .image, .albumZip, .sealed: return nil
        case .stylesheet, .script, .font, .home, .sitemap, .sitemapPages, .feed, .mapPage, .mapPoints, .mapPart, .leaflet, .browse, .browseLinks, .privateScript, .serviceWorker:
            return try hasSiteWide(parsed) ? try renderSiteWide(parsed) : nil
        }
    }

    /// A site-wide file of the list (`fileList`).
    private func renderSiteWide(_ file: SiteFileName) throws -> [UInt8]? {
        switch file {
        case .stylesheet: return Array(try style().css.utf8)
        case .script: return Array(SiteAssets.script.utf8)
        case .font(let name): return try style().fonts["fonts/" + name]
        case .home: return Array(try indexPage().utf8)
        case .sitemap: return Array(try sitemapIndex().utf8)
        case .sitemapPages: return Array(try sitemapPages().utf8)
        case .feed(let stem): return Array(try feed(stem: stem).utf8)
        case .mapPage: return Array(try mapPage().utf8)
        case .mapPoints(let stem): return Array(try mapPoints(stem: stem).script.utf8)
        case .mapPart(let digest):
            for stem in [nil] + mapStems {
                if let part = try mapPoints(stem: stem).parts.first(where: { $0.digest == digest }) { return Array(part.script.utf8) }
            }
            return nil
        case .leaflet(let name): return SiteLeaflet.contents(name)
        case .browse: return Array(try browsePage().utf8)
        case .browseLinks: return Array(try browseLinks.script().utf8)
        case .privateScript: return Array(SiteAssets.privateScript.utf8)
        case .serviceWorker: return Array(SiteAssets.serviceWorkerScript.utf8)
        case .album, .search, .image, .albumZip, .sealed: return nil
        }
    }

    /// An album's file, if the site has it: a view it offers, a page or chunk within the album.
    private func render(_ file: AlbumFile, stem: String?) throws -> [UInt8]? {
        guard let album = albums.album(stem: stem), try has(file, of: album) else { return nil }
        if let page = try privatePage(album) { return Array(page.utf8) }
        return Array(try render(file, of: try source(album)).utf8)
    }

    /// A private album's one page on the site: its password box, nothing of the album but its
    /// name (or not even that: `hide_title`). Nil for any other album.
    func privatePage(_ album: SiteAlbums.Album) throws -> String? {
        guard album.isPrivate else { return nil }
        guard let folder = album.privateFolder else { throw ExportError.cannotWrite(path: album.path ?? album.title, reason: "a private album needs a folder of its own") }
        let title = album.settings?.hideTitle == true ? renderer.words.privateAlbum : album.title
        return try pageRenderer().privateAlbumPage(title: title, links: album.links, folder: folder)
    }

    /// The views `album` offers: the site's, or a browse page's grid only.
    func views(of album: SiteAlbums.Album) -> [LayoutKind] { album.links.views ?? renderer.views }

    /// Which files `album` has (a private album's: its password page, without reading its photos).
    func albumFiles(of album: SiteAlbums.Album) throws -> AlbumFiles {
        guard !album.isPrivate else { return AlbumFiles(isPrivate: true, cuts: AlbumCuts(ids: []), views: views(of: album)) }
        let source = try source(album), cuts = try source.cuts()
        var files = AlbumFiles(isPrivate: false, cuts: cuts, views: views(of: album), sharedChunks: try sharedChunks(source).sharedIDs(cuts),
                               hasPlainPages: album.links.hasPlainPages, hasDataFiles: try dataTwins().dataStem(of: album.links.stem) == album.links.stem)
        files.sitemapParts = sitemapParts(of: album, files: files, source: source)
        return files
    }

    /// Which of `source`'s chunks are runs of the search's blocks (`SharedChunks`): a browse
    /// page's (its grid only), on a site with search; made once per snapshot.
    func sharedChunks(_ source: AlbumSource) throws -> SharedChunks {
        guard hasSearch, case .browse(let selection, _) = source.scope, selection != .all, source.links.views == [.masonry] else { return .none }
        if let known = madeShared.withLock({ $0[source.scope] }) { return known }
        let order = try searchOrder()
        let shared = SharedChunks(ids: try source.photoIDs(), cuts: try source.cuts(), positions: order.positions, blocks: order.blocks)
        madeShared.withLock { $0[source.scope] = shared }
        return shared
    }
    private let madeShared = Mutex<[LayoutScope: SharedChunks]>([:])

    /// The browse pages that show exactly an earlier page's photos (`DataTwins`): of the pages
    /// with a grid only, those of equal counts and dates have their photos compared. Made once
    /// per snapshot, their sources made under its lock: `makeSource` must never ask for it.
    func dataTwins() throws -> DataTwins {
        try madeTwins.withLock { made in
            if let made { return made }
            let pages = albums.browsePages.filter { $0.browse != nil && $0.browse != .all && views(of: $0) == [.masonry] }
                .compactMap { page in page.links.stem.map { (stem: $0, page: page) } }
            let byStem = Dictionary(pages.map { ($0.stem, $0.page) }) { first, _ in first }
            let twins = try DataTwins(pages: pages.map { ($0.stem, "\($0.page.count) \($0.page.videoCount) \($0.page.dates ?? "-")") }) { stem in
                guard let page = byStem[stem] else { return [] }
                return try source(page).photoIDs()
            }
            made = twins
            return twins
        }
    }
    private let madeTwins = Mutex<DataTwins?>(nil)

    /// The data files the pages of `source` load: its own, or its twin's (`DataTwins`).
    func data(of source: AlbumSource) throws -> AlbumData {
        let stem = try dataTwins().dataStem(of: source.links.stem)
        return stem == source.links.stem ? source.data : AlbumData(stem: stem)
    }

    /// The search's order: each listed photo's place in it, and its blocks (`SiteSearch.blocks`).
    private func searchOrder() throws -> (positions: [Int64: Int], blocks: AlbumCuts) {
        if let known = madeSearchOrder.withLock({ $0 }) { return known }
        let all = try source(searchAlbum)
        let ids = try all.photoIDs()
        let order = (positions: Dictionary(ids.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }, blocks: try all.cuts())
        madeSearchOrder.withLock { $0 = order }
        return order
    }
    private let madeSearchOrder = Mutex<(positions: [Int64: Int], blocks: AlbumCuts)?>(nil)

    /// An album's files, named, in the order an export writes them: data before the pages that
    /// load it, its photos' own pages last.
    func files(of album: SiteAlbums.Album) throws -> [(name: String, file: AlbumFile)] {
        var files = try albumFiles(of: album).all
        if hasPhotoPages(album) { files += try source(album).photoIDs().map(AlbumFile.photoPage) }
        return files.map { (album.name($0), $0) }
    }

    // MARK: - Albums

    /// Each album's source, or the slot it is being made in.
    private let sources = Mutex<[SiteAlbums.Album.Photos: SourceSlot]>([:])

    /// Where one album's source is made, under its own lock: an export makes two albums'
    /// sources at once (their layouts computed again after a change), while two requests for
    /// one album wait for one source — storing its layouts twice at once, each would replace
    /// the other's, and one would read the items of layouts that are gone.
    private final class SourceSlot: Sendable {
        let made = Mutex<AlbumSource?>(nil)
    }

    /// The album's source, made once per snapshot (its layouts are computed first if the
    /// library changed since they were stored).
    func source(_ album: SiteAlbums.Album) throws -> AlbumSource {
        let slot = sources.withLock { sources in
            if let known = sources[album.photos] { return known }
            let slot = SourceSlot()
            sources[album.photos] = slot
            return slot
        }
        return try slot.made.withLock { made in
            if let made { return made }
            let source = try makeSource(album)
            made = source
            return source
        }
    }

    private func makeSource(_ album: SiteAlbums.Album) throws -> AlbumSource {
        var links = album.links
        if hasMap, album.path.map(mappedAlbums.contains) == true {
            // A one-album site's album (no stem) has the whole map.
            links.map = SiteFileName.mapPage.name + (album.links.stem.map { "?album=" + $0 } ?? "")
        }
        if hasBrowsePage, album.browse == nil { links.browse = SiteFileName.browse.name }
        if let stem = album.links.stem, hasFeed(album) { links.feed = SiteFileName.feed(stem: stem).name }
        if let zip = try albumZip(album) {
            links.zip = (SiteFileName.albumZip(stem: album.links.stem, key: zip.key).name, zip.downloadName, zip.archive.size)
        }
        let scope: LayoutScope = switch album.photos {
        case .folder(let path): .album(path: path)
        case .browse(let selection): try preparedScopes.withLock { $0[selection] } ?? context.layouts.browseScope(selection)
        }
        return try AlbumSource(scope: scope, name: album.title, links: links, context: context,
                               description: album.settings?.descriptionHTML.flatMap(AlbumDescription.init(html:)),
                               coverFile: album.settings?.cover, videoCount: album.videoCount)
    }

    /// What a snapshot lists of the library before any page (`SiteListing`), read while an
    /// export makes its images: its albums and browse pages, and every browse page's scope as
    /// the library spells it with its photos counted for its revision, on `jobs` cores — a
    /// query or two a page, which a build made one page after the other as it reached it (7 %
    /// of a caption's build at 100,000 photos, with 340 pages). A page that cannot be prepared
    /// is left to `source` (and to its error).
    static func listing(context: SiteContext, jobs: Int) throws -> SiteListing {
        let albums = try SiteAlbums(database: context.database, configuration: context.configuration, publishLocation: context.publishLocation,
                                    only: context.onlyAlbum)
        let database = context.database, layouts = context.layouts
        let scopes = Mutex<[BrowseSelection: LayoutScope]>([:])
        try? ParallelWork.forEach(albums.browsePages.compactMap(\.browse), jobs: jobs) { selection in
            guard let scope = try? layouts.browseScope(selection) else { return }
            try? database.countPhotos(of: scope)
            scopes.withLock { $0[selection] = scope }
        }
        return SiteListing(albums: albums, browseScopes: scopes.withLock { $0 })
    }
    private let preparedScopes: Mutex<[BrowseSelection: LayoutScope]>

    private let zips = Mutex<[String: AlbumZip]>([:])

    /// The album's ZIP as its files are now (`[downloads] album_zip`; nil without it, for a
    /// browse page, or when a file cannot be read: `albumZipProblems` says which), laid out
    /// once per snapshot.
    func albumZip(_ album: SiteAlbums.Album) throws -> AlbumZip? {
        // A private album's ZIP is made on its own site, and sealed with it.
        guard context.configuration.downloads.albumZip, let path = album.path, !album.isPrivate else { return nil }
        if let known = zips.withLock({ $0[path] }) { return known }
        guard let root = try context.database.libraryRoot() else { return nil }
        let photos = try context.database.photos(album: album.path)
        let stored = try context.database.storedPhotos(ids: photos.map(\.id))
        do {
            let zip = try AlbumZip(photos: photos.compactMap { stored[$0.id] }, albumPath: path, root: root, title: album.title)
            zips.withLock { $0[path] = zip }
            return zip
        } catch let error as AlbumZipError {
            albumZipProblems.withLock { $0[path] = error.description }
            return nil
        }
    }

    /// Writes the album ZIP `name` ("downloads/album-coast-KEY.zip") into `folder` if the site
    /// has it as the library is now (a server asked for it), unless it is there already.
    /// - Returns: false when the site has no such file (another key: the album changed since).
    public func writeAlbumZip(named name: String, into folder: URL) throws -> Bool {
        guard case .albumZip(let stem, let key)? = SiteFileName(parsing: name, isAlbumStem: { stem in albums.album(stem: stem) != nil }),
              let album = albums.all.first(where: { $0.links.stem == stem }), let zip = try albumZip(album), zip.key == key else { return false }
        _ = try write(zip, of: album, into: folder)
        return true
    }

    /// Writes `zip`, `album`'s ZIP, into `folder` unless a file of its name and size is there
    /// (its name is its contents' digest); returns its name.
    func write(_ zip: AlbumZip, of album: SiteAlbums.Album, into folder: URL) throws -> String {
        let name = SiteFileName.albumZip(stem: album.links.stem, key: zip.key).name
        let url = folder.appending(path: name)
        if (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.uint64Value != zip.archive.size {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try zip.archive.write(to: url.path)
        }
        return name
    }

    /// Seals the private album whose folder is `folder` ("private/0123…") into `site` as an
    /// export does (`PrivateAlbumSite`: its own site made beside the library, then sealed), for
    /// `gallery serve`, which has no one to ask: its password from the environment or its
    /// password_file.
    /// - Returns: false when no private album of the site has that folder.
    public func writePrivateAlbum(folder: String, into site: URL) throws -> Bool {
        guard let album = albums.all.first(where: { $0.privateFolder == folder }) else { return false }
        guard let found = try PrivateAlbumSite.find(database: context.database, environment: ProcessInfo.processInfo.environment, ask: { _ in nil })
            .first(where: { $0.path == album.path }) else { return false }
        let exporter = SiteExporter(database: context.database, outFolder: site.path, geometry: context.geometry,
                                    publishLocation: context.publishLocation, configuration: context.configuration)
        _ = try PrivateAlbumSite(album: found, folder: folder, page: album.name(.page(.masonry)), siteTitle: albums.title)
            .write(into: site, exporter: exporter, events: { _ in })
        return true
    }

    /// Why an album has no ZIP, by album path: the export says so.
    let albumZipProblems = Mutex<[String: String]>([:])

    /// Lets go of an album's source (an export, once it has written the album's files).
    func forget(_ album: SiteAlbums.Album) {
        _ = sources.withLock { $0.removeValue(forKey: album.photos) }
    }

    func render(_ file: AlbumFile, of album: AlbumSource) throws -> String {
        let geometry = context.geometry
        switch file {
        case .index:
            return try album.data.indexScript(cuts: try album.cuts(), geometry: geometry, fluid: context.fluid, shared: try sharedChunks(album))
        case .columns:
            return try album.data.columnsScript(starts: try context.fluid.bands.map { try album.groupStarts(band: $0) })
        case .heights:
            let views = album.links.views ?? renderer.views
            let turning = views.contains(.wheel) || views.contains(.carousel)
            return album.data.heightsStyle(try context.fluid.bands.map { try album.gridHeightTerms(band: $0) }, summary: album.subtitle, views: .init(
                turning: turning ? album.count : nil,
                carouselContent: views.contains(.carousel) ? renderer.carouselContentWidth(count: album.count) : nil,
                rowsHeights: views.contains(.justified) ? try album.justifiedLayouts().map(\.layout.contentHeight) : nil))
        case .ids:
            return try album.data.idsScript(try album.photoIDs(try album.photos(of: file)))
        case .dates:
            return try album.data.datesScript(try album.monthStarts(try album.photos(of: file), justified: (album.links.views ?? renderer.views).contains(.justified)))
        case .chunk:
            let cells = try album.cells(try album.photos(of: file))
            let views = album.links.views ?? renderer.views
            return try album.data.chunkScript(cells: cells, markup: renderer.markup, withItems: views.contains { $0 != .masonry && $0 != .circle })
        case .shapes:
            return try album.data.shapesScript(shapes: try album.shapes(try album.photos(of: file)),
                                               lineHeights: [context.caption.lineHeight, context.comment.lineHeight])
        case .justifiedFrames:
            return try album.data.justifiedFramesScript(frames: try album.justifiedChunkFrames(try album.photos(of: file)))
        case .justifiedBounds(let id, let chunks):
            let chunk = try album.cuts().chunk(firstID: id) ?? 0
            return try album.data.justifiedBoundsScript(bounds: try album.justifiedRunBounds(chunk ..< chunk + chunks))
        case .justifiedIndex:
            return try album.data.justifiedIndexScript(bounds: try album.justifiedGroupBounds(),
                                                       cuts: try album.cuts(), geometry: geometry, fluid: context.justified)
        case .page(let view):
            return try page(view, of: album)
        case .plainPage(let id):
            return try plainPage(firstID: id, of: album)
        case .photoPage(let id):
            return try photoPage(id, of: album)
        case .sitemap(let part):
            return try albums.album(stem: album.links.stem).map { try sitemapPart(part, of: $0) } ?? ""
        }
    }

    /// The renderer of pages: `renderer` with the fonts its pages preload, which makes the
    /// style first.
    func pageRenderer() throws -> PageRenderer {
        var pages = renderer
        pages.preloadedFonts = try style().firstScreenFonts
        return pages
    }

    // MARK: - Search

    /// What search finds in: every listed photo by date across albums (`BrowseSelection.all`),
    /// its cells written by the same code as an album's.
    var searchAlbum: SiteAlbums.Album {
        SiteAlbums.Album(photos: .browse(.all), name: "", count: albums.photoCount, videoCount: albums.videoCount, dates: nil,
                         links: PageRenderer.AlbumLinks(home: nil, stem: "search", views: [.masonry]), settings: nil)
    }

    private let madeSearch = Mutex<SiteSearch?>(nil)

    /// The search's document numbers of the export this one follows (`SearchNumbering`), set
    /// before the search is made; nil: numbered afresh (`gallery serve`, a first export).
    let previousSearchNumbering = Mutex<SearchNumbering?>(nil)
    /// Every photo's render stamp, once read (`renderStamps`).
    let madeStamps = Mutex<[Int64: String]?>(nil)

    private let madeMaps = Mutex<[String: SiteMapPoints]>([:])

    /// The map of the album whose stem is `stem` (nil: the site's) as its page loads it, made
    /// once per snapshot.
    func mapPoints(stem: String?) throws -> SiteMapPoints {
        if let made = madeMaps.withLock({ $0[stem ?? ""] }) { return made }
        let map = try search().mapPoints(stem: stem)
        madeMaps.withLock { $0[stem ?? ""] = map }
        return map
    }

    /// The search index, made once per snapshot.
    func search() throws -> SiteSearch {
        try madeSearch.withLock { made in
            if let made { return made }
            let search = try SiteSearch(all: try source(searchAlbum), places: context.publishLocation,
                                        monthNames: SearchScope.monthNames(language: context.configuration.site.language),
                                        albumStems: Dictionary(albums.all.map { ($0.name, $0.links.stem ?? "") }) { first, _ in first },
                                        signature: Self.programIdentity, numbering: previousSearchNumbering.withLock { $0 })
            made = search
            return search
        }
    }

    /// A file of the search: its page or a file of its index; nil when the index has no such file.
    func render(_ file: SearchFile) throws -> String? {
        switch file {
        case .page: return try pageRenderer().searchPage(homeLink: SiteFileName.home.name)
        case .index: return try search().indexScript(fluid: context.fluid)
        case .terms(let key): return try search().termsScript(key: key, recent: false)
        case .recentTerms(let key): return try search().termsScript(key: key, recent: true)
        case .docs(let id): return try search().documentsScript(id, all: try source(searchAlbum), markup: renderer.markup)
        }
    }

    /// The map page: every published location's photo, clustered, its lightbox; each album
    /// with photos on it linked, with how many.
    func mapPage() throws -> String {
        let points = try search().points
        var counts: [String: Int] = [:]
        for point in points { counts[point.stem, default: 0] += 1 }
        return try pageRenderer().mapPage(homeLink: SiteFileName.home.name, count: points.count, albums: albums.all.filter { $0.path.map(mappedAlbums.contains) == true }
            .compactMap { album in album.links.stem.map { (stem: $0, title: album.title, count: counts[$0] ?? 0) } })
    }

    // MARK: - Style sheet and fonts

    private let madeStyle = Mutex<SiteStyle?>(nil)

    /// The style sheet and its fonts, made once per snapshot.
    func style() throws -> SiteStyle {
        // Under the lock: requests that ask at once wait for one cut of the fonts.
        try madeStyle.withLock { made in
            if let made { return made }
            let site = context.configuration.site
            let own = [renderer.siteTitle, site.description, site.author, site.copyright]
                + albums.all.map(\.title) + albums.browsePages.map(\.title) + albums.all.flatMap { album in
                    album.settings?.descriptionHTML.flatMap(AlbumDescription.init(html:))?.blocks.map(\.text) ?? []
                }
            let style = try SiteStyle(context: context, words: renderer.words, own: own)
            made = style
            return style
        }
    }
}
