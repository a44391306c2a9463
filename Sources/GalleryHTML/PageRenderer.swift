import GalleryJSON
import GalleryLayout
import GalleryConfig
import GallerySitePlan
import GalleryStore

/// One photo's cell as a page draws it.
struct CellModel: Sendable {
    var photoID: Int64
    /// The photo's place in the album (0-based).
    var index: Int
    var caption: String
    var comment: String
    /// Its place in each band of the album grid (entry b: band b), texts' lines included.
    var placements: [CellPlacement]
    /// Displayed width / height.
    var aspectRatio: Double
    /// Grid image URLs (1×, 2× and, from a photo that wide, 3×, with their widths), the large
    /// view's URL and width; nil when the photo could not be decoded.
    var thumbnails: [(url: String, width: Int)]?
    var large: String?
    var largeWidth: Int?
    /// The original file's copy in the site (`[content] downloads = "original"`).
    var original: String?
    var intrinsicHeight: Int
    /// Why the photo has no image (the cell then shows a placeholder).
    var failure: String?
    /// The photo's dominant colour ("#rrggbb"), drawn in its place until the image arrives.
    var placeholderColor: String?
    /// When it was taken (ISO 8601, the camera's clock) and the camera line
    /// (`ShotDescription`), shown in the lightbox.
    var takenAt: String?
    var shot: String?
    /// Latitude and longitude, only when the site publishes locations.
    var location: [Double]?
    /// A photo, a video, a Live Photo or an animation, and a video's length in seconds.
    var kind: MediaKind = .photo
    var duration: Double?
    /// What the lightbox plays (a video's web rendition or original), nil for a photo.
    var video: String?
    /// A Live Photo's clip (its web version), played muted over the still; an animation's web
    /// video, played looped.
    var motion: String?
    /// Its keywords, the people named in it, its stars and its place in words, for the
    /// lightbox (each empty or nil when the site hides it: `[content]`, the location rule).
    var keywords: [String] = []
    var people: [String] = []
    var rating: Int?
    /// Its place's named parts, from the smallest (its sublocation) to its country
    /// (`placeParts`): each may have a browse page.
    var placeParts: [String] = []
}

extension CellModel {
    /// The `srcset` of its image: the grid images, then the large view where it is wider than
    /// they are (a 3× phone's wide column, a photo too small for the 3× grid image).
    /// The script inserts it as written (`CellMarkup`).
    var srcset: String? {
        guard let thumbnails, let last = thumbnails.last else { return nil }
        var candidates = thumbnails
        if let large, let largeWidth, largeWidth > last.width { candidates.append((large, largeWidth)) }
        return candidates.map { "\(HTML.escape($0.url)) \($0.width)w" }.joined(separator: ", ")
    }

    /// The same images by pixel density, for an image never drawn wider than the first grid
    /// image (a plain page's: `gallery.css` `.grid.flow`): the first is 1×, the others their
    /// widths over its. It needs no `sizes`, which the width candidates do (316 bytes on every
    /// image of a plain page).
    var densitySrcset: String? {
        guard let thumbnails, let first = thumbnails.first, let last = thumbnails.last else { return nil }
        var candidates = Array(thumbnails.dropFirst())
        if let large, let largeWidth, largeWidth > last.width { candidates.append((large, largeWidth)) }
        return candidates.map { "\(HTML.escape($0.url)) \(HTML.number(HTML.rounded(Double($0.width) / Double(first.width), digits: 2)))x" }.joined(separator: ", ")
    }
}

/// Renders pages. Export and server use this one renderer, so they cannot differ.
struct PageRenderer {
    let geometry: SiteGeometry
    /// The album grid's bands (`geometry.fluid`).
    let fluid: FluidMasonry
    let siteTitle: String
    /// The person's choices (`gallery.toml`): words, language, theme, views, downloads.
    let configuration: GalleryConfiguration
    let words: SiteWords
    /// Fonts every page preloads (`SiteStyle.firstScreenFonts`).
    var preloadedFonts: [String] = []
    /// The search page every page's search box leads to; nil on a site without photos.
    var searchPage: String?
    /// The map page, on a site that publishes locations and has Leaflet (`SiteLeaflet`).
    var mapPage: String?
    /// The site's Atom feed, which every page's head names (`SiteSnapshot.feedFiles`).
    var siteFeed: String?
    /// Photo pages' names, "{id}" for the photo's id (`AlbumFile.photoPage`), on a site that has them.
    var photoPage: String?
    /// The browse pages' links (`SiteFileName.browseLinks`), on a site that has such pages: the
    /// lightbox links a photo's people, keywords and place parts through it.
    var browseLinks: String?

    init(geometry: SiteGeometry, siteTitle: String, configuration: GalleryConfiguration = GalleryConfiguration(), words: SiteWords? = nil) {
        self.geometry = geometry
        fluid = geometry.fluid
        self.siteTitle = siteTitle
        self.configuration = configuration
        self.words = words ?? SiteWords(language: configuration.site.language)
    }

    /// The one writer of a photo's cell and items.
    var markup: CellMarkup { CellMarkup(words: words, fluid: fluid) }

    /// The album views the site offers, in the configured order.
    var views: [LayoutKind] { configuration.content.views }

    /// Where an album's pages are: its other views' pages, and the site's index if any.
    struct AlbumLinks {
        var home: String?
        var stem: String?
        /// Listed on the site (its album is public): an album that is not asks search engines to
        /// stay away from its pages, and no list, browse page or sitemap shows it.
        var isListed = true
        /// The views it offers, when not the site's (a browse page: its grid only).
        var views: [LayoutKind]? = nil
        /// Pages within it, linked under its title (a year's months).
        var parts: [(title: String, link: String)] = []
        /// Whether its photos have plain pages of its own (`AlbumFiles.hasPlainPages`): not a
        /// year's, whose months (its `parts`) hold every one of its photos.
        var hasPlainPages = true
        /// Its photos on the map (map.html?album=STEM), when some have a published location.
        var map: String? = nil
        /// The list of browse pages (browse.html), from a one-album site's album.
        var browse: String? = nil
        /// Its ZIP (`[downloads] album_zip`): the file, the name a browser saves it as, its size.
        var zip: (file: String, downloadName: String, size: UInt64)? = nil
        /// Its own Atom feed (feeds/STEM.atom), a public album's on a site of several.
        var feed: String? = nil
    }

    /// Where the page's part of the album is: the whole album on the album page (its first
    /// screenful as HTML, the rest in data files), or one page of the album's plain pages.
    struct GridContent {
        /// The cells written as HTML.
        var cells: [CellModel]
        /// How many photos the album has.
        var count: Int
        /// How many of them are videos.
        var videoCount = 0
        /// A plain page's list, its own photos (its cells indexed from 0: nothing on it says
        /// where it lies in the album, which photos inserted before it would change). The album
        /// page writes no count of its list: the script sets it from the index (`albumPage`).
        var listCount: Int? = nil
        /// The album's layout data (its `index` file), for a page that shows the whole album:
        /// its cells at the engine's places, the grid as tall as its tallest column in each
        /// band (its `heights` style sheet). Nil for a plain page's grid: its cells in flow, in
        /// the band's columns, each row as tall as its tallest cell (no place written on any
        /// cell, their texts wrapped by the browser: `CellMarkup.Placed.isInFlow`).
        var data: AlbumData?
        /// Links to the album's plain pages, below the grid.
        var pages: PageLinks
        /// The page's own file name (for its canonical address).
        var fileName: String
        /// The picture social previews show (the album's first large view).
        var image: String?
        /// The album's description and its box in each band (entry b).
        var description: (html: String, boxes: [(width: Double, height: Double)])? = nil
    }

    /// The album's plain pages (every photo reachable without script), as a page links them.
    struct PageLinks {
        var album: String
        var first: String?
        var previous: String?
        var next: String?
        /// "Page 3", on a plain page.
        var position: String?
    }

    /// An album's masonry page, or one of its plain pages (`content.data` nil). The album's page
    /// does not hold the album's count (`subtitle`) nor anything else that photos added at the
    /// end change: they would rewrite the first screen of every page that shows them (4.7 MB
    /// of the 25 MB a day added to a 100,000-photo site rewrote, on 65 pages). Its heights'
    /// style sheet, which they rewrite anyway, writes the subtitle (`AlbumData.heightsStyle`:
    /// there before the first paint, read by screen readers), and the script sets each cell's
    /// `aria-setsize` from the index.
    func albumPage(title: String, subtitle: String, links: AlbumLinks, content: GridContent) -> String {
        var html = head(title: content.pages.position.map { "\(title) · \($0)" } ?? title, page: content.fileName,
                        image: content.image, scripts: content.data.map { [$0.indexFile, $0.columnsFile] } ?? [],
                        styles: content.data.map { [$0.heightsFile] } ?? [], noindex: !links.isListed, feed: (links.feed, title))
        html += header(title: title, subtitle: content.data == nil ? subtitle : nil, links: links, current: .masonry)
        html += "<main>\n"
        if let description = content.description {
            // Its box in every band, measured: the grid below starts where computed.
            let boxes = description.boxes.enumerated().map { b, box in "--dw\(b):\(HTML.px(box.width))px;--dh\(b):\(HTML.px(box.height))px" }
                .joined(separator: ";")
            html += "<div class=\"album-description\" style=\"\(boxes)\">\(description.html)</div>\n"
        }
        let grid = content.data == nil ? "grid flow" : "grid"
        // With its data file, the script takes the grid over: it draws the cells near the
        // viewport from the data and lets go of the others (gallery.js).
        let data = content.data.map { " data-layout=\"\(HTML.escape($0.indexFile))\"" } ?? ""
        // A plain page's count is its own; the album's is not in its page (below).
        let count = content.data == nil ? " data-count=\"\(content.listCount ?? content.count)\"" : ""
        html += "<div class=\"\(grid)\" role=\"list\" aria-label=\"\(HTML.escape(words.label("Photos")))\"\(count)\(data)>\n"
        for cell in content.cells {
            html += markup.cell(cell, placed: .init(position: cell.index + 1, isInFlow: content.data == nil)) + "\n"
        }
        html += "</div>\n" + pageLinks(content.pages, holding: content.videoCount == 0 ? .photos : content.videoCount == content.count ? .videos : .photosAndVideos) + "</main>\n"
        return html + lightbox(listed: links.isListed) + foot()
    }

    /// Links through the album's plain pages: on the album page, to the first; on a plain
    /// page, to the previous and next ones and back to the album.
    private func pageLinks(_ pages: PageLinks, holding: SiteWords.Holding) -> String {
        var parts: [String] = []
        if let position = pages.position {
            if let previous = pages.previous { parts.append("<a href=\"\(HTML.escape(previous))\" rel=\"prev\">\(HTML.escape(words.previous))</a>") }
            parts.append("<span>\(HTML.escape(position))</span>")
            if let next = pages.next { parts.append("<a href=\"\(HTML.escape(next))\" rel=\"next\">\(HTML.escape(words.next))</a>") }
            parts.append("<a href=\"\(HTML.escape(pages.album))\">\(HTML.escape(words.wholeAlbum))</a>")
        } else if let first = pages.first {
            parts.append("<a href=\"\(HTML.escape(first))\">\(HTML.escape(words.allPageByPage(holding)))</a>")
        }
        if parts.isEmpty { return "" }
        return "<nav class=\"pages\" aria-label=\"\(HTML.escape(words.label("Pages of this album")))\">" + parts.joined(separator: " ") + "</nav>\n"
    }

    /// The page header: the site link, the title, and the album's views, this one marked.
    /// `subtitle` nil: the album's, written by its heights' style sheet (`albumPage`); `note`
    /// follows it.
    func header(title: String, subtitle: String?, note: String = "", links: AlbumLinks, current: LayoutKind) -> String {
        var html = "<header class=\"site-header\">" + searchBox()
        if let home = links.home { html += "<a class=\"home\" href=\"\(HTML.escape(home))\">← \(HTML.escape(siteTitle))</a>" }
        html += "<h1>\(HTML.escape(title))</h1><p class=\"meta\">" + (subtitle.map(HTML.escape) ?? "<span class=\"album-summary\"></span>") + HTML.escape(note)
        if let map = links.map { html += " · <a class=\"map-link\" href=\"\(HTML.escape(map))\">\(HTML.escape(words.map))</a>" }
        if let browse = links.browse { html += " · <a class=\"browse-link\" href=\"\(HTML.escape(browse))\">\(HTML.escape(words.browseTitle))</a>" }
        if let zip = links.zip {
            html += " · <a class=\"zip-link\" href=\"\(HTML.escape(zip.file))\" download=\"\(HTML.escape(zip.downloadName))\" type=\"application/zip\" data-size=\"\(zip.size)\">"
                + "\(HTML.escape(words.downloadAll)) (\(HTML.escape(words.fileSize(zip.size))))</a>"
        }
        html += "</p>"
        if !links.parts.isEmpty {
            html += "<nav class=\"parts\">" + links.parts.map { "<a href=\"\(HTML.escape($0.link))\">\(HTML.escape($0.title))</a>" }.joined(separator: " ") + "</nav>"
        }
        // A browse page has its grid only: no views to choose from.
        if let own = links.views, own.count <= 1 { return html + "</header>\n" }
        let views = links.views ?? self.views
        html += "<nav class=\"views\" aria-label=\"\(HTML.escape(words.label("Views of this album")))\">"
        for view in views {
            let marker = view == current ? " aria-current=\"page\"" : ""
            html += "<a href=\"\(HTML.escape(SiteFileName.album(stem: links.stem, .page(view)).name))\" data-view=\"\(view.rawValue)\"\(marker)>\(HTML.escape(words.views[view] ?? view.title))</a>"
        }
        return html + "</nav></header>\n"
    }

    /// The search box every page has: a form that opens the search page with `?q=` (which
    /// searches as the visitor types); empty on a site without photos.
    func searchBox() -> String {
        guard let searchPage else { return "" }
        return "<form class=\"search-box\" action=\"\(HTML.escape(searchPage))\" method=\"get\" role=\"search\">"
            + "<input type=\"search\" name=\"q\" placeholder=\"\(HTML.escape(words.searchPlaceholder))\" aria-label=\"\(HTML.escape(words.searchPlaceholder))\" "
            + "autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\" enterkeyhint=\"search\" maxlength=\"200\">"
            + "</form>"
    }

    /// The search page: the box, what it found (drawn by the script from the search index,
    /// `SiteSearch`, as a grid placed by the engine's rule), and the lightbox.
    func searchPage(homeLink: String?) -> String {
        let index = SiteFileName.search(.index).name
        var html = head(title: "\(words.search) · \(siteTitle)", page: SiteFileName.search(.page).name, scripts: [index], noindex: true)
        html += "<header class=\"site-header search-header\">" + searchBox()
        if let homeLink { html += "<a class=\"home\" href=\"\(HTML.escape(homeLink))\">← \(HTML.escape(siteTitle))</a>" }
        html += "<h1>\(HTML.escape(words.search))</h1><p class=\"meta search-status\" role=\"status\"></p></header>\n<main>\n"
        html += "<noscript><p class=\"grid-message\">\(HTML.escape(words.searchNeedsScript))</p></noscript>\n"
        html += "<div class=\"grid\" role=\"list\" aria-label=\"\(HTML.escape(words.label("Photos found")))\" data-search=\"\(HTML.escape(index))\"></div>\n</main>\n"
        return html + lightbox(listed: true) + foot()
    }

    /// The map page: the photos whose location is published, in the clusters the export
    /// computed for every zoom (`MapClusters`), drawn by Leaflet on the tiles of `[map]`; the
    /// script (gallery-9-map.js) draws a zoom's clusters in view from data/map.points.js (an
    /// album's from data/map.points-STEM.js: `albums`, those with photos on it, `?album=STEM`),
    /// and opens photos in the lightbox.
    func mapPage(homeLink: String?, count: Int, albums: [(stem: String, title: String, count: Int)]) -> String {
        let points = SiteFileName.mapPoints(stem: nil).name
        var html = head(title: "\(words.map) · \(siteTitle)", page: SiteFileName.mapPage.name, scripts: [points], styles: [SiteFileName.leaflet("leaflet.css").name])
        html += "<header class=\"site-header map-header\">" + searchBox()
        if let homeLink { html += "<a class=\"home\" href=\"\(HTML.escape(homeLink))\">← \(HTML.escape(siteTitle))</a>" }
        html += "<h1>\(HTML.escape(words.map))</h1><p class=\"meta map-count\">\(HTML.escape(words.photoCount(count)))</p>"
        if albums.count > 1 {
            // Each album's count, which the header says when its map is shown.
            html += "<nav class=\"parts map-albums\">" + albums.map {
                "<a href=\"\(HTML.escape(SiteFileName.mapPage.name + "?album=" + $0.stem))\" data-album=\"\(HTML.escape($0.stem))\" "
                    + "data-count-text=\"\(HTML.escape(words.photoCount($0.count)))\">\(HTML.escape($0.title))</a>"
            }.joined(separator: " ") + "</nav>"
        }
        let map = configuration.map
        let albumPoints = SiteFileName.mapPoints(stem: "{album}").name
        html += "</header>\n<main>\n<div class=\"map\" role=\"region\" aria-label=\"\(HTML.escape(words.map))\" data-points=\"\(HTML.escape(points))\" "
            + "data-album-points=\"\(HTML.escape(albumPoints))\" "
            + "data-tiles=\"\(HTML.escape(map.tiles))\" data-attribution=\"\(HTML.escape(map.attribution))\" data-attribution-url=\"\(HTML.escape(map.attributionURL))\"></div>\n</main>\n"
        return html + lightbox(listed: true) + foot(scripts: [SiteFileName.leaflet("leaflet.js").name])
    }

    /// The signs the pages write beside their words: the way home, the lightbox's buttons,
    /// the separator of a title.
    static let symbols = "← ‹ › × · →"

    /// The lightbox as a page carries it: the dialog with the site's settings for it, which
    /// the script fills with its buttons, player and texts (gallery-5-lightbox.js) — it opens
    /// only with script, and its 1.9 KB of markup were on every page, plain pages too (42 MB
    /// of a 100,000-photo site). The settings: each photo's time in the slideshow ("5",
    /// "2.5"); on a `listed` page of a site with photo pages their names (what its share
    /// button shares); the browse pages' links (the photo's chips); and, when the site offers
    /// downloads, what the download link gets (the photo's large view or its original file).
    func lightbox(listed: Bool) -> String {
        let seconds = configuration.slideshow.seconds
        let secondsText = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        let pages = listed ? photoPage.map { " data-photo-page=\"\(HTML.escape($0))\"" } ?? "" : ""
        let links = browseLinks.map { " data-browse-links=\"\(HTML.escape($0))\"" } ?? ""
        let download = configuration.content.downloads == .none ? "" : " data-download=\"\(configuration.content.downloads.rawValue)\""
        return "<div class=\"lightbox\" data-slideshow-seconds=\"\(secondsText)\"\(pages)\(links)\(download) hidden tabindex=\"-1\" role=\"dialog\" "
            + "aria-modal=\"true\" aria-label=\"\(HTML.escape(words.label("Photo")))\"></div>\n"
    }

    /// The grid images' `sizes`: the inner width at each column count, as the bands draw it.
    var imageSizes: String { fluid.imageSizes }

    /// `sizes` of an album card's cover, cropped to a square card.
    func coverSizes(aspectRatio: Double) -> String { fluid.imageSizes(times: max(1, aspectRatio)) }

    struct AlbumCard {
        var name: String
        var link: String
        var count: Int
        var videoCount = 0
        var dates: String?
        /// A private album's card: its name (or a neutral one), a lock, nothing of its photos.
        var isPrivate = false
        /// The cover: the cell of the album's chosen cover or first photo.
        var cover: CellModel?
    }

    /// A kind of browse page on the index: its heading and its pages (title, file, photos).
    struct BrowseList {
        var kind: String
        var heading: String
        var pages: [(title: String, link: String, count: Int)]
    }

    /// The most pages of one kind the index lists (the rest are reached from the lightbox's
    /// keywords, people and places).
    static let mostBrowseLinks = 60

    /// How many album covers the index loads at once: two rows of the widest band's cards, what
    /// a first screen shows.
    static let eagerCovers = 8

    func indexPage(albums: [AlbumCard], browse: [BrowseList] = [], photoCount: Int, videoCount: Int = 0, image: String?) -> String {
        var html = head(title: siteTitle, page: "index.html", image: image)
        html += "<header class=\"site-header\">" + searchBox() + "<h1>\(HTML.escape(siteTitle))</h1>"
        if !configuration.site.description.isEmpty {
            html += "<p class=\"site-description\">\(HTML.escape(configuration.site.description))</p>"
        }
        html += "<p class=\"meta\">\(HTML.escape(words.albumCount(albums.count))), \(HTML.escape(words.itemCount(photoCount, videos: videoCount)))"
        if let mapPage { html += " · <a class=\"map-link\" href=\"\(HTML.escape(mapPage))\">\(HTML.escape(words.map))</a>" }
        html += "</p></header>\n<main class=\"albums\" data-cards=\"\(albums.count)\">\n"
        for (position, album) in albums.enumerated() {
            html += "<a class=\"album-card\" href=\"\(HTML.escape(album.link))\">"
            if let cover = album.cover, let first = cover.thumbnails?.first, let srcset = cover.srcset {
                // A square crop of the cover: a landscape fills it by its height, so it needs
                // its aspect ratio times the card's width.
                // The first screen's covers load at once (the first before anything else), the rest as they come near.
                let loading = position < Self.eagerCovers ? (position == 0 ? "loading=\"eager\" fetchpriority=\"high\"" : "loading=\"eager\"") : "loading=\"lazy\""
                html += "<img src=\"\(HTML.escape(first.url))\" srcset=\"\(srcset)\" sizes=\"\(coverSizes(aspectRatio: cover.aspectRatio))\" alt=\"\" \(loading) decoding=\"async\" width=\"\(Int(geometry.innerWidth))\" height=\"\(Int(geometry.innerWidth))\">"
            } else {
                html += "<span class=\"placeholder\"\(album.isPrivate ? " data-private" : "")></span>"
            }
            if album.isPrivate {
                html += "<span class=\"album-name\">\(HTML.escape(album.name))</span><span class=\"album-count\">\(HTML.escape(words.privateAlbum))</span></a>\n"
                continue
            }
            html += "<span class=\"album-name\">\(HTML.escape(album.name))</span><span class=\"album-count\">\(HTML.escape(words.itemCount(album.count, videos: album.videoCount)))</span>"
            if let dates = album.dates { html += "<span class=\"album-dates\">\(HTML.escape(dates))</span>" }
            html += "</a>\n"
        }
        html += "</main>\n" + browseLists(browse, cards: albums.count)
        return html + foot()
    }

    /// A private album's page on the site: its title (or a neutral one) and a password box,
    /// nothing else of it. The script (gallery-9-private.js) unwraps the album's key from
    /// FOLDER/key.json with the password (WebCrypto, gallery-private.js), hands it to the
    /// service worker (gallery-sw.js) and opens FOLDER/index.html, the album's own site, which
    /// the worker opens file by file.
    func privateAlbumPage(title: String, links: AlbumLinks, folder: String) -> String {
        var html = head(title: title, page: SiteFileName.album(stem: links.stem, .page(.masonry)).name, noindex: true)
        html += "<header class=\"site-header\">"
        if let home = links.home { html += "<a class=\"home\" href=\"\(HTML.escape(home))\">← \(HTML.escape(siteTitle))</a>" }
        html += "<h1>\(HTML.escape(title))</h1></header>\n<main class=\"private\">\n"
        html += "<form class=\"private-form\" data-folder=\"\(HTML.escape(folder))/\" data-wrong=\"\(HTML.escape(words.wrongPassword))\" "
            + "data-opening=\"\(HTML.escape(words.opening))\" data-server=\"\(HTML.escape(words.privateNeedsServer))\" data-damaged=\"\(HTML.escape(words.privateDamaged))\">"
        html += "<p>\(HTML.escape(words.privateAsk))</p>"
        html += "<label>\(HTML.escape(words.password)) <input type=\"password\" name=\"password\" autocomplete=\"current-password\" required></label>"
        html += "<button type=\"submit\">\(HTML.escape(words.open))</button><p class=\"private-message\" role=\"status\" aria-live=\"polite\"></p></form>\n"
        html += "<noscript><p class=\"grid-message\">\(HTML.escape(words.privateNeedsServer))</p></noscript>\n</main>\n"
        return html + foot(scripts: [SiteFileName.privateScript.name])
    }

    /// The browse pages of a one-album site (browse.html): the lists a site of several albums
    /// has below its album cards.
    func browsePage(homeLink: String, browse: [BrowseList]) -> String {
        var html = head(title: "\(words.browseTitle) · \(siteTitle)", page: SiteFileName.browse.name)
        html += "<header class=\"site-header\">" + searchBox()
        html += "<a class=\"home\" href=\"\(HTML.escape(homeLink))\">← \(HTML.escape(siteTitle))</a>"
        html += "<h1>\(HTML.escape(words.browseTitle))</h1></header>\n"
        return html + "<main class=\"browse-page\">\n" + browseLists(browse) + "</main>\n" + foot()
    }

    /// The browse pages by kind: a heading and the first `mostBrowseLinks` pages of each.
    /// - Parameter cards: on the index, how many album cards are above: the lists take their
    ///   width and left edge (`.index-browse`).
    private func browseLists(_ browse: [BrowseList], cards: Int? = nil) -> String {
        guard !browse.isEmpty else { return "" }
        let index = cards.map { " index-browse\" data-cards=\"\($0)" } ?? ""
        var html = "<nav class=\"browse\(index)\" aria-label=\"\(HTML.escape(words.browseTitle))\">\n"
        for list in browse {
            // A kind whose one page says its heading (the favourites) needs no heading.
            let heading = list.pages.count == 1 && list.pages[0].title == list.heading ? "" : "<h2>\(HTML.escape(list.heading))</h2>"
            html += "<section class=\"browse-kind\" data-browse=\"\(HTML.escape(list.kind))\">\(heading)<ul>"
            for page in list.pages.prefix(Self.mostBrowseLinks) {
                html += "<li><a href=\"\(HTML.escape(page.link))\">\(HTML.escape(page.title))</a> <span class=\"browse-count\">\(page.count)</span></li>"
            }
            html += "</ul></section>\n"
        }
        return html + "</nav>\n"
    }

    /// - Parameters:
    ///   - page: the page's file name, for its canonical address and social previews
    ///     (written only when the site has a `base_url`).
    ///   - image: the picture social previews show.
    ///   - scripts: data files the page's script loads at once: fetched while the page loads,
    ///     run when the script asks for them.
    ///   - styles: style sheets before the site's own (Leaflet's, on the map page).
    ///   - feed: the album's own feed and its title, named beside the site's.
    ///   - bodyAttributes: what the page's `<body>` carries (" class=…"), for its script.
    ///   - preview: a photo page's: its own description and the large image's size for the
    ///     previews, and the folder it is in (`<base>`: the site's files are one folder up).
    func head(title: String, page: String, image: String? = nil, scripts: [String] = [], styles: [String] = [], noindex: Bool = false,
              feed: (link: String?, title: String)? = nil, preview: PhotoPreview? = nil, bodyAttributes: String = "") -> String {
        let site = configuration.site
        // Fonts are fetched in CORS mode, so their preloads say `crossorigin` or go unused.
        let fonts = preloadedFonts.map { font in
            "<link rel=\"preload\" href=\"\(HTML.escape(font))\" as=\"font\" type=\"font/\(font.split(separator: ".").last ?? "woff")\" crossorigin>\n"
        }.joined()
        let data = fonts + scripts.map { "<link rel=\"preload\" href=\"\(HTML.escape($0))\" as=\"script\">\n" }.joined()
        var meta = ""
        if !site.description.isEmpty { meta += "<meta name=\"description\" content=\"\(HTML.escape(site.description))\">\n" }
        if !site.author.isEmpty { meta += "<meta name=\"author\" content=\"\(HTML.escape(site.author))\">\n" }
        let scheme = switch configuration.look.theme {
        case .light: "light"
        case .dark: "dark"
        case .auto: "light dark"
        }
        meta += "<meta name=\"color-scheme\" content=\"\(scheme)\">\n"
        if noindex { meta += "<meta name=\"robots\" content=\"noindex\">\n" }
        // Feed readers find the feeds from any page: the site's, and an album's own on its pages.
        if let siteFeed { meta += "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"\(HTML.escape(siteFeed))\" title=\"\(HTML.escape(siteTitle))\">\n" }
        if let feed, let link = feed.link { meta += "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"\(HTML.escape(link))\" title=\"\(HTML.escape(feed.title))\">\n" }
        if let base = site.baseURL {
            // Social previews and search engines need absolute addresses.
            let address = base + (page == "index.html" ? "" : page)
            meta += "<link rel=\"canonical\" href=\"\(HTML.escape(address))\">\n"
            meta += "<meta property=\"og:type\" content=\"\(preview == nil ? "website" : "article")\">\n"
            meta += "<meta property=\"og:title\" content=\"\(HTML.escape(title))\">\n"
            meta += "<meta property=\"og:url\" content=\"\(HTML.escape(address))\">\n"
            meta += "<meta property=\"og:site_name\" content=\"\(HTML.escape(siteTitle))\">\n"
            let description = preview?.description ?? site.description
            if !description.isEmpty {
                meta += "<meta property=\"og:description\" content=\"\(HTML.escape(description))\">\n"
                if preview != nil { meta += "<meta name=\"twitter:description\" content=\"\(HTML.escape(description))\">\n" }
            }
            meta += "<meta property=\"og:locale\" content=\"\(HTML.escape(site.language.replacingOccurrences(of: "-", with: "_")))\">\n"
            if let image {
                meta += "<meta property=\"og:image\" content=\"\(HTML.escape(base + image))\">\n"
                if let preview {
                    meta += "<meta property=\"og:image:width\" content=\"\(preview.imageWidth)\">\n<meta property=\"og:image:height\" content=\"\(preview.imageHeight)\">\n"
                    if !preview.alt.isEmpty { meta += "<meta property=\"og:image:alt\" content=\"\(HTML.escape(preview.alt))\">\n" }
                }
                meta += "<meta name=\"twitter:card\" content=\"summary_large_image\">\n"
                meta += "<meta name=\"twitter:image\" content=\"\(HTML.escape(base + image))\">\n"
            } else {
                meta += "<meta name=\"twitter:card\" content=\"summary\">\n"
            }
            meta += "<meta name=\"twitter:title\" content=\"\(HTML.escape(title))\">\n"
        }
        return """
        <!doctype html>
        <html lang="\(HTML.escape(site.language))" data-theme="\(configuration.look.theme.rawValue)"\(words.scriptWordsJSON.map { " data-words=\"\(HTML.escape($0))\"" } ?? "")>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="gallery">
        \(preview.map { "<base href=\"\(HTML.escape($0.base))\">\n" } ?? "")<title>\(HTML.escape(title))</title>
        \(meta)\(styles.map { "<link rel=\"stylesheet\" href=\"\(HTML.escape($0))\">\n" }.joined())<link rel="stylesheet" href="gallery.css">
        \(data)</head>
        <body\(bodyAttributes)>

        """
    }

    /// - Parameter scripts: scripts gallery.js needs first (Leaflet's, on the map page), run in order.
    func foot(scripts: [String] = []) -> String {
        let site = configuration.site
        var parts: [String] = []
        if !site.copyright.isEmpty { parts.append("<span class=\"copyright\">\(HTML.escape(site.copyright))</span>") }
        if !site.author.isEmpty, !site.copyright.contains(site.author) { parts.append("<span class=\"author\">\(HTML.escape(site.author))</span>") }
        parts.append(HTML.escape(words.madeWith))
        let before = scripts.map { "<script src=\"\(HTML.escape($0))\" defer></script>\n" }.joined()
        return "<footer class=\"site-footer\">\(parts.joined(separator: " · "))</footer>\n\(before)<script src=\"gallery.js\" defer></script>\n</body>\n</html>\n"
    }
}
