import GalleryLayout

/// The name of a file of the site, relative to its folder. Every name a page links to, a data
/// file lists, an export writes or a server answers is made by `name` and read back by
/// `init(parsing:isAlbumStem:)`; nothing else builds one or takes one apart.
enum SiteFileName: Hashable, Sendable {
    /// gallery.css
    case stylesheet
    /// gallery.js
    case script
    /// sitemap.xml: the site's sitemaps (a sitemap index): sitemap-pages.xml, the site's own
    /// pages (`sitemapPages`), and each listed album's parts (`AlbumFile.sitemap`).
    case sitemap
    case sitemapPages
    /// The Atom feeds, on a site with `base_url`: feed.atom (the site's), feeds/STEM.atom (a
    /// public album's, on a site of several).
    case feed(stem: String?)
    /// index.html: the album cards, or on a one-album site the album's own page.
    case home
    /// fonts/FILE: a face cut to the site's characters, named by its family and a digest.
    case font(String)
    /// A file of the album whose pages are named after `stem` ("album-coast"); nil on a
    /// one-album site, whose album page is the home page.
    case album(stem: String?, AlbumFile)
    case image(ImageFileName)
    /// search.html and its index: data/search.index.js, data/search.terms-HEX.js (a shard by
    /// its key's UTF-8 bytes in hex: keys are words' first letters in any script),
    /// data/search.recent-HEX.js (a shard of the added photos' words),
    /// data/search.docs-ID.js ("search" is no album's stem: theirs start "album-", a browse
    /// kind's name or "favorites").
    case search(SearchFile)
    /// map.html, its points (data/map.points.js, an album's data/map.points-STEM.js, which list
    /// their parts, data/map.part-DIGEST.js: `SiteMapPoints`), and Leaflet's files with their
    /// licences (leaflet/FILE), only on a site that publishes locations.
    case mapPage
    case mapPoints(stem: String?)
    case mapPart(digest: String)
    case leaflet(String)
    /// browse.html: the browse pages' list on a one-album site (a site of several albums lists
    /// them on its index page).
    case browse
    /// data/browse.links.js: where each browse page of a person, keyword or place is, by its
    /// folded name (`BrowseLinks`), which the lightbox links a photo's names to; on a site with
    /// such pages.
    case browseLinks
    /// downloads/STEM-KEY.zip: an album's original files (`[downloads] album_zip`), named by
    /// the digest of what it holds (`AlbumZip.key`); "index" for a one-album site's album.
    case albumZip(stem: String?, key: String)
    /// gallery-private.js (WebCrypto: a private album's key and files, `Assets/private.js`) and
    /// gallery-sw.js (the service worker that opens a private album's sealed files), on a site
    /// with a private album.
    case privateScript
    case serviceWorker
    /// FOLDER/PATH: a file of a private album's own site, sealed (`SealedFile`), in its folder
    /// ("private/" + 16 hex digits); FOLDER/key.json, its key wrapped by its password.
    case sealed(folder: String, path: String)

    /// A photo page's name, "{id}" for the photo's id: the lightbox's share button makes it too.
    static let photoPagePattern = "photo/{id}.html"

    /// Every character a name of a data file can have: the script names a file it could not
    /// load on the page.
    static let characters = "abcdefghijklmnopqrstuvwxyz0123456789-./"

    var name: String {
        switch self {
        case .stylesheet: return "gallery.css"
        case .script: return "gallery.js"
        case .sitemap: return "sitemap.xml"
        case .sitemapPages: return "sitemap-pages.xml"
        case .feed(nil): return "feed.atom"
        case .feed(let stem?): return "feeds/\(stem).atom"
        case .home: return "index.html"
        case .font(let file): return "fonts/" + file
        case .image(let image): return image.name
        case .search(.page): return "search.html"
        case .search(.index): return "data/search.index.js"
        case .search(.terms(let key)): return "data/search.terms-\(Self.hex(key)).js"
        case .search(.recentTerms(let key)): return "data/search.recent-\(Self.hex(key)).js"
        case .search(.docs(let id)): return "data/search.docs-\(id).js"
        case .mapPage: return "map.html"
        case .browse: return "browse.html"
        case .browseLinks: return "data/browse.links.js"
        case .albumZip(let stem, let key): return "downloads/\(stem ?? "index")-\(key).zip"
        case .privateScript: return "gallery-private.js"
        case .serviceWorker: return "gallery-sw.js"
        case .sealed(let folder, let path): return folder + "/" + path
        case .mapPoints(nil): return "data/map.points.js"
        case .mapPoints(let stem?): return "data/map.points-\(stem).js"
        case .mapPart(let digest): return "data/map.part-\(digest).js"
        case .leaflet(let file): return "leaflet/" + file
        case .album(let stem, let file):
            // Data files and plain pages carry a dot after the base, which no stem has.
            let base = stem ?? "index"
            switch file {
            case .page(.masonry): return stem.map { "\($0).html" } ?? "index.html"
            case .page(let view): return stem.map { "\($0)-\(view.rawValue).html" } ?? "\(view.rawValue).html"
            case .plainPage(let id): return "\(base).page-\(id).html"
            // Beside the pages: a sitemap lists only addresses in its own folder and below.
            case .sitemap(let part): return "\(base).sitemap-\(part).xml"
            case .index: return "data/\(base).index.js"
            case .columns: return "data/\(base).columns.js"
            case .heights: return "data/\(base).heights.css"
            case .ids(let id, let chunks): return "data/\(base).ids-\(id)-\(chunks).js"
            case .dates(let id, let chunks): return "data/\(base).dates-\(id)-\(chunks).js"
            case .chunk(let id): return "data/\(base).chunk-\(id).js"
            case .shapes(let id, let chunks): return "data/\(base).shapes-\(id)-\(chunks).js"
            case .justifiedIndex: return "data/\(base).justified.index.js"
            case .justifiedFrames(let id): return "data/\(base).justified-\(id).js"
            case .justifiedBounds(let id, let chunks): return "data/\(base).bounds-\(id)-\(chunks).js"
            // One folder for every album's: a photo's id is the site's, not its album's.
            case .photoPage(let id): return Self.photoPagePattern.replacingOccurrences(of: "{id}", with: String(id))
            }
        }
    }

    /// The file `name` names, or nil. An album's view page ("album-trip-wheel.html") could
    /// also read as another album's page ("album-trip-wheel"): `isAlbumStem` says which stems
    /// exist (nil: the one album of a one-album site), and album stems are chosen so that no
    /// two albums' names meet (`SiteAlbums.slug`).
    /// `photoAlbum` gives a photo's album's stem (`.some(nil)`: a one-album site's), or nil
    /// when the photo has no page.
    init?(parsing name: String, isAlbumStem: (String?) -> Bool, photoAlbum: (Int64) -> String?? = { _ in nil }) {
        switch name {
        case "gallery.css": self = .stylesheet; return
        case "gallery.js": self = .script; return
        case "sitemap.xml": self = .sitemap; return
        case "sitemap-pages.xml": self = .sitemapPages; return
        case "feed.atom": self = .feed(stem: nil); return
        case "index.html": self = .home; return
        case "search.html": self = .search(.page); return
        case "browse.html": self = .browse; return
        case "data/browse.links.js": self = .browseLinks; return
        case "gallery-private.js": self = .privateScript; return
        case "gallery-sw.js": self = .serviceWorker; return
        case "data/search.index.js": self = .search(.index); return
        case "map.html": self = .mapPage; return
        case "data/map.points.js": self = .mapPoints(stem: nil); return
        default: break
        }
        if name.hasPrefix("data/map.part-"), name.hasSuffix(".js") {
            // A part's digest (`SiteMapPoints`; "{n}" in the template its listing names them by).
            let digest = String(name.dropFirst("data/map.part-".count).dropLast(".js".count))
            guard digest.utf8.count == 16, digest.utf8.allSatisfy({ (48 ... 57).contains($0) || (97 ... 102).contains($0) }) else { return nil }
            self = .mapPart(digest: digest)
            return
        }
        if name.hasPrefix("data/map.points-"), name.hasSuffix(".js") {
            let stem = String(name.dropFirst("data/map.points-".count).dropLast(".js".count))
            guard !stem.isEmpty, isAlbumStem(stem) else { return nil }
            self = .mapPoints(stem: stem)
            return
        }
        if let id = Self.number(in: name, after: "photo/", before: ".html") {  // photoPagePattern
            guard let stem = photoAlbum(Int64(id)) else { return nil }
            self = .album(stem: stem, .photoPage(Int64(id)))
            return
        }
        if name.hasPrefix("feeds/"), name.hasSuffix(".atom") {
            let stem = String(name.dropFirst("feeds/".count).dropLast(".atom".count))
            guard !stem.isEmpty, !stem.contains("/"), isAlbumStem(stem) else { return nil }
            self = .feed(stem: stem)
            return
        }
        if name.hasPrefix("downloads/"), name.hasSuffix(".zip") {
            let base = name.dropFirst("downloads/".count).dropLast(".zip".count)
            guard let dash = base.lastIndex(of: "-") else { return nil }
            let key = String(base[base.index(after: dash)...]), stemName = String(base[..<dash])
            let stem: String? = stemName == "index" ? nil : stemName
            guard key.count == 16, key.allSatisfy(\.isHexDigit), key == key.lowercased(), !stemName.isEmpty, isAlbumStem(stem) else { return nil }
            self = .albumZip(stem: stem, key: key)
            return
        }
        if name.hasPrefix("leaflet/") {
            let file = name.dropFirst("leaflet/".count)
            guard SiteLeaflet.files.contains(String(file)) else { return nil }
            self = .leaflet(String(file))
            return
        }
        if name.hasPrefix("data/search.terms-"), name.hasSuffix(".js") {
            guard let key = Self.text(hex: name.dropFirst("data/search.terms-".count).dropLast(".js".count)) else { return nil }
            self = .search(.terms(key: key))
            return
        }
        if name.hasPrefix("data/search.recent-"), name.hasSuffix(".js") {
            guard let key = Self.text(hex: name.dropFirst("data/search.recent-".count).dropLast(".js".count)) else { return nil }
            self = .search(.recentTerms(key: key))
            return
        }
        if let number = Self.number(in: name, after: "data/search.docs-", before: ".js") {
            self = .search(.docs(Int64(number)))
            return
        }
        if name.hasPrefix("fonts/") {
            let file = name.dropFirst("fonts/".count)
            guard !file.isEmpty, !file.contains("/") else { return nil }
            self = .font(String(file))
            return
        }
        if let image = ImageFileName(parsing: name) {
            self = .image(image)
            return
        }
        let isData = name.hasPrefix("data/")
        let rest = isData ? name.dropFirst("data/".count) : name[...]
        guard !rest.contains("/") else { return nil }
        if !isData, rest.hasSuffix(".html"), !rest.dropLast(".html".count).contains(".") {
            guard let page = Self.viewPage(rest.dropLast(".html".count), isAlbumStem: isAlbumStem) else { return nil }
            self = page
            return
        }
        if let dot = rest.firstIndex(of: ".") {
            let base = rest[..<dot], suffix = rest[rest.index(after: dot)...]
            let stem: String? = base == "index" ? nil : String(base)
            guard !base.isEmpty, isAlbumStem(stem), let file = Self.albumFile(suffix, isData: isData) else { return nil }
            self = .album(stem: stem, file)
            return
        }
        return nil
    }

    /// A view page's name without ".html" ("wheel", "album-trip", "album-trip-wheel").
    private static func viewPage(_ page: Substring, isAlbumStem: (String?) -> Bool) -> SiteFileName? {
        for view in LayoutKind.allCases where view != .masonry {
            if page == view.rawValue, isAlbumStem(nil) { return .album(stem: nil, .page(view)) }
            if page.hasSuffix("-" + view.rawValue) {
                let stem = String(page.dropLast(view.rawValue.count + 1))
                if isAlbumStem(stem) { return .album(stem: stem, .page(view)) }
            }
        }
        return isAlbumStem(String(page)) ? .album(stem: String(page), .page(.masonry)) : nil
    }

    /// `text`'s UTF-8 bytes in lowercase hex.
    private static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 { bytes += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text `hex` writes as `hex` (lowercase, whole bytes, valid UTF-8, no control
    /// characters), else nil: one name a key.
    private static func text(hex: some StringProtocol) -> String? {
        let digits = Array(hex.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0, digits.count <= 64 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        for at in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[at]), let low = value(digits[at + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard let text = String(validating: bytes, as: UTF8.self),
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return text
    }

    /// The number between `prefix` and `suffix` in `text` ("chunk-" 3 ".js"), written as
    /// `String(number)` writes it, or nil.
    private static func number(in text: some StringProtocol, after prefix: String, before suffix: String) -> Int? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count > prefix.count + suffix.count else { return nil }
        let digits = text.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0, String(value) == digits else { return nil }
        return value
    }

    /// What follows an album's base and its dot: "index.js", "chunk-317.js", "page-317.html", …
    /// (a chunk, its plain page and its frames by their first photo's id; a run of a group's
    /// chunks, its shapes, ids and months, by its first photo's id and how many chunks:
    /// "shapes-317-16.js").
    private static func albumFile(_ suffix: Substring, isData: Bool) -> AlbumFile? {
        func number(_ prefix: String, _ ext: String) -> Int? { Self.number(in: suffix, after: prefix, before: ext) }
        // A run of chunks: "PREFIX" + its first photo's id + "-" + how many chunks + ".js".
        func run(_ prefix: String) -> (Int, Int)? {
            guard suffix.hasPrefix(prefix), suffix.hasSuffix(".js") else { return nil }
            let parts = suffix.dropFirst(prefix.count).dropLast(".js".count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let id = Self.number(in: parts[0], after: "", before: ""), let chunks = Self.number(in: parts[1], after: "", before: ""),
                  chunks > 0 else { return nil }
            return (id, chunks)
        }
        guard isData else {
            if let part = number("sitemap-", ".xml") { return part >= 1 ? .sitemap(part) : nil }
            return number("page-", ".html").map { .plainPage(Int64($0)) }
        }
        switch suffix {
        case "index.js": return .index
        case "columns.js": return .columns
        case "heights.css": return .heights
        case "justified.index.js": return .justifiedIndex
        default:
            if let chunk = number("chunk-", ".js") { return .chunk(Int64(chunk)) }
            if let (id, chunks) = run("shapes-") { return .shapes(Int64(id), chunks: chunks) }
            if let (id, chunks) = run("ids-") { return .ids(Int64(id), chunks: chunks) }
            if let (id, chunks) = run("dates-") { return .dates(Int64(id), chunks: chunks) }
            if let (id, chunks) = run("bounds-") { return .justifiedBounds(Int64(id), chunks: chunks) }
            if let chunk = number("justified-", ".js") { return .justifiedFrames(Int64(chunk)) }
            return nil
        }
    }
}
