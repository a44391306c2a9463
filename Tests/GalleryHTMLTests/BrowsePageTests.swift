import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Testing

/// Browse pages in the site: a year's, a person's, a keyword's, the favourites, linked from
/// the index, drawn where `gallery layout --album keyword:…` puts them, with safe and stable
/// file names whatever the names, and never a photo of an unlisted album.
@Suite("Browse pages: years, people, keywords, favourites in the site")
struct BrowsePageTests {
    /// The index's browse links of `kind` ("years", "people", "keywords", "favorites"): (title, file).
    static func links(_ kind: String, in site: URL, page: String = "index.html") throws -> [(title: String, file: String)] {
        let index = try String(contentsOf: site.appending(path: page), encoding: .utf8)
        guard let section = index.firstMatch(of: try Regex("<section class=\"browse-kind\" data-browse=\"\(kind)\">(.*?)</section>")) else { return [] }
        let html = String(section.output[1].substring ?? "")
        return html.matches(of: #/<a href="(?<file>[^"]+)">(?<title>[^<]*)</a>/#).map { (String($0.output.title), String($0.output.file)) }
    }

    @Test("the sample site's keyword, person and favourites pages are drawn where the engine puts them, at phone and desktop widths",
          arguments: BrowserEngine.allCases)
    func drawn(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let keyword = try #require(try Self.links("keywords", in: site).first { $0.title == "boats" })
        let person = try #require(try Self.links("people", in: site).first { $0.title == "Maël Le Goff" })
        let favorites = try #require(try Self.links("favorites", in: site).first)
        let year = try #require(try Self.links("years", in: site).first)
        #expect(try Self.links("years", in: site).map(\.title) == ["2024"])
        // The year's page links its months.
        let yearPage = try String(contentsOf: site.appending(path: year.file), encoding: .utf8)
        let months = yearPage.matches(of: #/<nav class="parts">(.*?)</nav>/#).first.map { String($0.output.1) } ?? ""
        let monthLinks = months.matches(of: #/<a href="(?<file>[^"]+)">(?<title>[^<]+)</a>/#).map { (String($0.output.title), String($0.output.file)) }
        #expect(monthLinks.map(\.0) == ["July 2024", "August 2024", "October 2024"], "\(monthLinks)")
        let july = try #require(monthLinks.first?.1)
        for (file, album, width) in [(keyword.file, "keyword:boats", 390), (person.file, "person:Maël Le Goff", 390), (favorites.file, "favorites", 1280),
                                     (july, "month:2024-07", 390)] {
            let result = try EngineExportTests.measure(engine, page: file, width: width)
            let expected = try GridOracle(folder: try SampleSite.folder, album: album).expected(width: width, height: 900)
            #expect(!expected.items.isEmpty, "\(album) has photos")
            _ = ExportBrowserTests.check(result, expected: expected, label: "\(engine) \(album) @\(width)")
        }
    }

    @Test("a year's photos are page by page on its months' plain pages, which its header links: it has none of its own")
    func yearPlainPages() throws {
        let site = try SampleSite.site
        let year = try #require(try Self.links("years", in: site).first)
        let yearPage = try String(contentsOf: site.appending(path: year.file), encoding: .utf8)
        #expect(!yearPage.contains("<nav class=\"pages\""), "the year's page links no plain pages of its own")
        let stem = String(year.file.dropLast(".html".count))
        #expect(try SampleSite.exportedFiles(endingWith: [".html"]).filter { $0.hasPrefix(stem + ".page-") }.isEmpty)
        // Its months' plain pages, each followed to its last, show the year's photos, each once.
        let months = yearPage.firstMatch(of: #/<nav class="parts">(.*?)</nav>/#).map { String($0.output.1) } ?? ""
        var shown: [Int] = []
        for month in months.matches(of: #/<a href="(?<file>[^"]+)">/#).map({ String($0.output.file) }) {
            let page = try String(contentsOf: site.appending(path: month), encoding: .utf8)
            var next = page.firstMatch(of: #/<nav class="pages"[^>]*><a href="(?<first>[^"]+)">All photos/#).map { String($0.output.first) }
            #expect(next != nil, "\(month) links its plain pages")
            while let file = next {
                let plain = try String(contentsOf: site.appending(path: file), encoding: .utf8)
                shown += plain.matches(of: #/<div class="cell" id="photo-(?<id>\d+)"/#).compactMap { Int($0.output.id) }
                next = plain.firstMatch(of: #/<a href="(?<next>[^"]+)" rel="next">/#).map { String($0.output.next) }
            }
        }
        let listed = try GalleryBinary.run(["photos", "--album", "year:" + year.title, "--json"], in: try SampleSite.folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(!photos.isEmpty && shown == photos.compactMap { $0["id"] as? Int }, "the months' plain pages show \(shown.count) photos, the year has \(photos.count)")
    }

    @Test("a month's title in the site's language")
    func monthTitles() {
        #expect(SiteAlbums.monthTitle(year: 2024, month: 7, language: "en") == "July 2024")
        #expect(SiteAlbums.monthTitle(year: 2024, month: 7, language: "fr") == "juillet 2024")
        #expect(SiteAlbums.monthTitle(year: 2024, month: 12, language: "de") == "Dezember 2024")
        #expect(SiteAlbums.monthTitle(year: 2024, month: 7, language: "ja") == "2024年7月")
    }

    @Test("names with '/', '..', '?', '#', spaces, dots, markup and any script: safe, unique, stable file names; titles as text; a name in two cases one page")
    func hostileNames() throws {
        let work = try TemporaryDirectory("browse-names")
        let names = ["a/b", "..", "?x", "#tag", "a b", "a.b", "東京", "Ünïcödé", "<img src=x onerror=alert(1)>", "A/B"]
        for (index, name) in names.enumerated() {
            try TestMetadata.jpeg("lib/\(index % 2 == 0 ? "one" : "two")/p\(index).jpg", in: work, exiftool: ["-XMP-dc:Subject=\(name)", "-XMP-iptcExt:PersonInImage=\(name)"])
        }
        for build in ["first", "second"] {
            let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
            #expect(built.status == 0, "\(build): \(built.stderr)")
        }
        let site = work.url.appending(path: "site")
        for kind in ["keywords", "people"] {
            let links = try Self.links(kind, in: site)
            // "a/b" and "A/B" are one name in two cases.
            #expect(links.count == names.count - 1, "\(kind): \(links.map(\.title))")
            #expect(Set(links.map(\.file)).count == links.count, "\(kind): two names share a file: \(links.map(\.file))")
            let prefix = kind == "keywords" ? "keyword-" : "person-"
            for link in links {
                #expect(link.file.wholeMatch(of: try Regex("\(prefix)([a-z0-9]+-)*[0-9a-f]{8}\\.html")) != nil, "\(kind): '\(link.title)' → \(link.file)")
                #expect(FileManager.default.fileExists(atPath: site.appending(path: link.file).path), "\(link.file) is linked but not written")
                #expect(!link.title.contains("<"), "a title is text: \(link.title)")
            }
            #expect(links.contains { $0.title == "&lt;img src=x onerror=alert(1)&gt;" })
        }
        // Stable: the same names give the same files in another library built apart.
        let again = try TemporaryDirectory("browse-names-again")
        try TestMetadata.jpeg("lib/x/p.jpg", in: again, exiftool: ["-XMP-dc:Subject=東京", "-XMP-dc:Subject=a/b"])
        try TestMetadata.jpeg("lib/y/q.jpg", in: again, exiftool: ["-XMP-dc:Subject=東京"])
        #expect(try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: again.url).status == 0)
        let first = Dictionary(try Self.links("keywords", in: site).map { ($0.title.lowercased(), $0.file) }) { a, _ in a }
        let other = try Self.links("keywords", in: again.url.appending(path: "site"))
        #expect(other.count == 2)
        for link in other {
            #expect(first[link.title.lowercased()] == link.file, "'\(link.title)': \(link.file) here, \(first[link.title.lowercased()] ?? "none") in the other site")
        }
    }

    @Test("an unlisted album's photos are on no browse page, and gallery layout --album leaves them out too")
    func unlistedAlbums() throws {
        let work = try TemporaryDirectory("browse-unlisted")
        try TestMetadata.jpeg("lib/open/a.jpg", in: work, exiftool: ["-XMP-dc:Subject=sea", "-XMP-xmp:Rating=5", "-DateTimeOriginal=2024:01:01 10:00:00"])
        try TestMetadata.jpeg("lib/open/b.jpg", in: work, exiftool: ["-DateTimeOriginal=2023:01:01 10:00:00"])
        try TestMetadata.jpeg("lib/private/c.jpg", in: work, exiftool: [
            "-XMP-dc:Subject=sea", "-XMP-dc:Subject=secret", "-XMP-iptcExt:PersonInImage=Hidden Person", "-XMP-xmp:Rating=5",
            "-DateTimeOriginal=2022:01:01 10:00:00",
        ])
        try work.write("lib/private/album.toml", text: "hidden = true\n")
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        #expect(try Self.links("keywords", in: site).map(\.title) == ["sea"], "a keyword only the unlisted album has gets no page")
        #expect(try Self.links("people", in: site).isEmpty)
        #expect(try Self.links("years", in: site).map(\.title) == ["2023", "2024"])
        let ids = try GalleryBinary.listedPhotos(in: work.url)
        let hidden = try #require(ids.first { ($0["path"] as? String) == "private/c.jpg" }?["id"] as? Int)
        for link in try Self.links("keywords", in: site) + Self.links("favorites", in: site) {
            let data = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "data").path)
                .filter { $0.hasPrefix(link.file.replacingOccurrences(of: ".html", with: ".")) }
            let text = try ([link.file] + data.map { "data/" + $0 }).map { try String(contentsOf: site.appending(path: $0), encoding: .utf8) }.joined()
            #expect(!text.contains("photo-\(hidden)\"") && !text.contains("secret"), "\(link.file) shows the unlisted album's photo")
        }
        // Nor in the search index: not its words, not its cell.
        let index = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "data").path).filter { $0.hasPrefix("search.") }
        #expect(index.contains("search.index.js") && index.contains { $0.hasPrefix("search.docs-") })
        for file in index {
            let text = try String(contentsOf: site.appending(path: "data/" + file), encoding: .utf8)
            #expect(!text.contains("\"id\":\(hidden),") && !text.contains("secret") && !text.contains("\"hidden\"") && !text.contains("\"private\""), "data/\(file) holds the unlisted album's photo")
        }
        let layout = try GalleryBinary.run(["layout", "--album", "keyword:sea", "--width", "800", "--json"], in: work.url)
        let items = (try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(items.count == 1 && items.allSatisfy { $0["id"] as? Int != hidden }, "\(layout.stdout.prefix(300)) \(layout.stderr)")
    }

    @Test("a one-album site has browse pages too: listed on browse.html, linked from the album's header and the lightbox's chips, drawn where the engine puts them")
    func oneAlbumSite() throws {
        let work = try TemporaryDirectory("browse-one-album")
        let built = try GalleryBinary.run(["build", GalleryBinary.packageRoot.appending(path: "sample-data/coast").path, "--out", "site", "--publish-location", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        let index = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("<a class=\"browse-link\" href=\"browse.html\">Browse</a>"), "the album's header links browse.html")
        #expect(!index.contains("album-card"), "a one-album site's home page is its album")
        #expect(try Self.links("years", in: site, page: "browse.html").map(\.title) == ["2024"])
        #expect(try Self.links("people", in: site, page: "browse.html").map(\.title) == ["Ana Sousa", "Jonas Berg", "Maël Le Goff"])
        let keywords = try Self.links("keywords", in: site, page: "browse.html")
        #expect(keywords.contains { $0.title == "boats" } && keywords.count == 6, "\(keywords)")
        let places = try Self.links("places", in: site, page: "browse.html")
        #expect(places.map(\.title).sorted() == ["Concarneau", "France"], "\(places)")
        let favorites = try #require(try Self.links("favorites", in: site, page: "browse.html").first)
        for link in try ["years", "places", "people", "keywords", "favorites"].flatMap({ try Self.links($0, in: site, page: "browse.html") }) {
            #expect(FileManager.default.fileExists(atPath: site.appending(path: link.file).path), "browse.html links \(link.file), which is not there")
        }
        let boats = try #require(keywords.first { $0.title == "boats" })
        for (file, album, width) in [(boats.file, "keyword:boats", 390), (favorites.file, "favorites", 1280)] {
            let result = try EngineExportTests.measure(.chromium, page: file, width: width, site: site)
            let expected = try GridOracle(folder: work.url, album: album).expected(width: width, height: 900)
            #expect(!expected.items.isEmpty, "\(album) has photos")
            _ = ExportBrowserTests.check(result, expected: expected, label: "one-album \(album) @\(width)")
        }

        // The lightbox links the photo's place, part by part as its place says it, to their pages.
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let placed = try #require(photos.first { ($0["place"] as? [String: Any])?["city"] is String })
        let place = try #require(placed["place"] as? [String: Any])
        let parts = ["sublocation", "city", "state", "country"].compactMap { place[$0] as? String }
        let id = try #require(placed["id"] as? Int)
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            window.addEventListener('load', async () => {
              const box = document.querySelector('.lightbox');
              document.getElementById('photo-\(id)').querySelector('.cell-link')
                .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
              await galleryWaitFor(() => !box.hidden && box.querySelector('.lightbox-tags li.place'), 'the lightbox with its place', 30);
              galleryTestReport([...box.querySelectorAll('.lightbox-tags li.place')].map((li) => [li.textContent, li.querySelector('a')?.getAttribute('href') ?? '']));
            });
            """)
        let chips = try JSONDecoder().decode([[String]].self, from: BrowserEngine.chromium.open(probe, in: site, width: 390, height: 844))
        let pages = Dictionary(places.map { ($0.title, $0.file) }, uniquingKeysWith: { a, _ in a })
        #expect(chips == parts.map { [$0, pages[$0] ?? "no page"] }, "\(chips)")
    }
}
