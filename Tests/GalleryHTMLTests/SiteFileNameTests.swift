import GalleryLayout
import Imaging
@testable import GalleryHTML
import Testing

/// Every site file name is made and read back by one type.
@Suite("SiteFileName: every site file name made and parsed in one place")
struct SiteFileNameTests {
    /// Stems of a site whose album slugs met ("Trip wheel" took "trip-wheel" first, so "Trip"
    /// became "trip-2"): a view page of one must not read as another's page.
    static let stems: Set<String?> = ["album-trip-wheel", "album-trip-2", "album-coast"]

    static func parse(_ name: String, stems: Set<String?> = stems) -> SiteFileName? {
        SiteFileName(parsing: name) { stems.contains($0) }
    }

    @Test("each kind of name reads back as what made it")
    func roundTrip() {
        var files: [SiteFileName] = [.stylesheet, .script, .sitemap, .sitemapPages, .home, .font("dejavu-sans-0a1b2c3d4e5f.ttf"),
                                     .image(ImageFileName(key: "00ff00ff00ff00ff", size: .grid(width: 236))),
                                     .image(ImageFileName(key: "00ff00ff00ff00ff", size: .grid(width: 708), quality: 80)),
                                     .image(ImageFileName(key: "00ff00ff00ff00ff", size: .grid(width: 472), isWebP: true)),
                                     .image(ImageFileName(key: "00ff00ff00ff00ff", size: .grid(width: 708), quality: 80, isWebP: true)),
                                     .image(ImageFileName(key: "0123456789abcdef", size: .large(width: 1600, height: 1067))),
                                     .image(ImageFileName(key: "0123456789abcdef", size: .original(extension: "heic"))),
                                     .search(.page), .search(.index), .search(.terms(key: "a")), .search(.terms(key: "łódź")), .search(.terms(key: "東京")), .search(.terms(key: "20")), .search(.docs(0)), .search(.docs(3124)),
                                     .mapPage, .browse, .browseLinks, .albumZip(stem: "album-trip-2", key: "0123456789abcdef"), .mapPoints(stem: nil), .mapPoints(stem: "album-trip-wheel"), .mapPart(digest: "0123456789abcdef"), .leaflet("leaflet.js"), .leaflet("images/layers.png"), .leaflet("LICENSE-leaflet.txt"),
                                     .feed(stem: nil), .feed(stem: "album-trip-wheel")]
        let albumFiles: [AlbumFile] = LayoutKind.allCases.map(AlbumFile.page)
            + [.plainPage(1), .plainPage(12), .sitemap(1), .sitemap(3), .index, .dates(0, chunks: 2), .dates(5, chunks: 64), .chunk(0), .chunk(31), .shapes(0, chunks: 1), .shapes(97, chunks: 16), .ids(0, chunks: 1), .ids(44, chunks: 3), .justifiedIndex, .justifiedFrames(0), .justifiedFrames(7)]
        for stem in Self.stems {
            files += albumFiles.map { .album(stem: stem, $0) }
        }
        for file in files {
            #expect(Self.parse(file.name) == file, "\(file.name)")
        }
        // A one-album site: its album page is the home page, its views sit beside it.
        let single: Set<String?> = [nil]
        for file in albumFiles where file != .page(.masonry) {
            #expect(Self.parse(SiteFileName.album(stem: nil, file).name, stems: single) == .album(stem: nil, file))
        }
        #expect(SiteFileName.album(stem: nil, .page(.masonry)).name == "index.html")
        #expect(SiteFileName.album(stem: nil, .chunk(3)).name == "data/index.chunk-3.js")
    }

    @Test("the names an export writes, as pages and scripts link them")
    func knownNames() {
        #expect(SiteFileName.album(stem: "album-coast", .page(.justified)).name == "album-coast-justified.html")
        #expect(SiteFileName.album(stem: "album-coast", .plainPage(2)).name == "album-coast.page-2.html")
        #expect(SiteFileName.album(stem: "album-coast", .justifiedIndex).name == "data/album-coast.justified.index.js")
        #expect(SiteFileName.album(stem: "album-coast", .justifiedFrames(4)).name == "data/album-coast.justified-4.js")
        #expect(ImageFileName(key: "00ff00ff00ff00ff", size: .large(width: 1600, height: 900), quality: 70).name == "large/00ff00ff00ff00ff-1600x900-q70.jpg")
        #expect(ImageFileName(key: "00ff00ff00ff00ff", size: .grid(width: 236), isWebP: true).name == "thumbs/00ff00ff00ff00ff-236.webp")
        #expect(ImageFileName(key: "00ff00ff00ff00ff", size: .grid(width: 236), quality: 70, isWebP: true).encoding == .webp)
        #expect(ImageFileName(key: "00ff00ff00ff00ff", size: .original(extension: "webp"), isWebP: true).name == "originals/00ff00ff00ff00ff.webp")
        #expect(Self.parse("album-trip-wheel.html") == .album(stem: "album-trip-wheel", .page(.masonry)))
        #expect(Self.parse("album-trip-2-wheel.html") == .album(stem: "album-trip-2", .page(.wheel)))
        #expect(Self.parse("album-trip-wheel-wheel.html") == .album(stem: "album-trip-wheel", .page(.wheel)))
        #expect(SiteFileName.mapPoints(stem: "album-coast").name == "data/map.points-album-coast.js")
        #expect(Self.parse("data/map.points-album-nowhere.js") == nil && Self.parse("data/map.points-.js") == nil)
        #expect(SiteFileName.feed(stem: nil).name == "feed.atom" && SiteFileName.feed(stem: "album-coast").name == "feeds/album-coast.atom")
        #expect(Self.parse("feeds/album-nowhere.atom") == nil && Self.parse("feeds/.atom") == nil && Self.parse("feeds/album-coast.xml") == nil)
        #expect(SiteFileName.albumZip(stem: nil, key: "00ff00ff00ff00ff").name == "downloads/index-00ff00ff00ff00ff.zip")
        #expect(Self.parse("downloads/index-00ff00ff00ff00ff.zip", stems: [nil]) == .albumZip(stem: nil, key: "00ff00ff00ff00ff"))
        for bad in ["downloads/album-nowhere-00ff00ff00ff00ff.zip", "downloads/album-coast-00FF00FF00FF00FF.zip", "downloads/album-coast-00ff.zip",
                    "downloads/-00ff00ff00ff00ff.zip", "downloads/album-coast-00ff00ff00ff00fg.zip", "downloads/album-coast/../x-00ff00ff00ff00ff.zip"] {
            #expect(Self.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("names no export writes are nil, not a near match", arguments: [
        "", "index", "gallery.CSS", "fonts/", "fonts/a/b.ttf", "album-nope.html", "album-nope-wheel.html", "wheel.html",
        "data/album-coast.chunk-.js", "data/album-coast.chunk-03.js", "data/album-coast.chunk--1.js", "data/album-coast.chunk-1.json",
        "data/album-coast.rows.js", "data/album-nope.index.js", "data/index.index.js", "album-coast.page-0x1.html", "album-coast.page-2.htm",
        "album-coast.sitemap-0.xml", "album-coast.sitemap-01.xml", "data/album-coast.sitemap-1.xml", "album-coast.sitemap-1.html", "sitemap-1.xml",
        "data/sub/album-coast.index.js", "thumbs/00FF00FF00FF00FF-236.jpg", "thumbs/00ff00ff00ff00ff-0236.jpg",
        "thumbs/00ff00ff00ff00ff.jpg", "large/00ff00ff00ff00ff-1600.jpg", "large/00ff00ff00ff00ff-1600x0.jpg",
        "thumbs/00ff00ff00ff00ff-236-q.jpg", "originals/00ff00ff00ff00ff.", "originals/00ff00ff00ff00ff.JPG", "thumbs/-236.jpg",
        "thumbs/00ff00ff00ff00ff-236.WEBP", "thumbs/00ff00ff00ff00ff-236.webpx", "thumbs/00ff00ff00ff00ff-.webp", "thumbs/00ff00ff00ff00ff-236.jpg.webp",
        "../gallery.css", "data/search.terms-.js", "data/search.terms-01.js", "data/search.terms-6.js", "data/search.terms-6A.js", "data/search.terms-c3.js", "data/search.terms-0.js", "data/search.docs--1.js", "data/search.docs-1.json", "search.htm",
        "data/map.part-0123456789ABCDEF.js", "data/index.shapes-5.js", "data/index.shapes-5-0.js", "data/index.shapes-5--1.js", "data/index.shapes-05-1.js", "data/index.ids-5-1-2.js", "data/index.ids--1.js", "data/map.part-0123.js", "data/map.part-0123456789abcdefg.js", "leaflet/", "leaflet/other.js", "leaflet/../gallery.css", "leaflet/images/../../index.html", "data/map.points.json",
    ])
    func rejects(name: String) {
        #expect(Self.parse(name) == nil, "\(name)")
    }
}
