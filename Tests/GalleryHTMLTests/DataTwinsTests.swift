import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Testing

/// Browse pages that show exactly the same photos load one page's data files (`DataTwins`):
/// which pages are twins, and that a twin's page is drawn where the engine puts its own photos,
/// and gets files of its own again once its photos differ.
@Suite("Browse pages of the same photos load one copy of their data")
struct DataTwinsTests {
    @Test("twins have the same photos in the same order; a third loads the first's; only pages whose counts and dates meet are compared")
    func twins() throws {
        let photos: [String: [Int64]] = [
            "place-lyon": [3, 5, 8], "place-rhone": [3, 5, 8], "place-france": [3, 5, 8],
            "keyword-harbour": [3, 8, 5],  // the same photos in another order
            "person-ana": [3, 5, 9],
            "keyword-boats": [3, 5, 8],  // the same photos, but counted otherwise: never compared
            "year-2024": [1, 2],
        ]
        let pages = [("place-lyon", "3 0 Jul"), ("place-rhone", "3 0 Jul"), ("keyword-harbour", "3 0 Jul"), ("person-ana", "3 0 Jul"),
                     ("place-france", "3 0 Jul"), ("keyword-boats", "3 1 Jul"), ("year-2024", "2 0 Jul")]
        var asked: [String] = []
        let twins = try DataTwins(pages: pages.map { (stem: $0.0, key: $0.1) }) { stem in
            asked.append(stem)
            return try #require(photos[stem])
        }
        #expect(twins.owners == ["place-rhone": "place-lyon", "place-france": "place-lyon"])
        #expect(Set(asked) == ["place-lyon", "place-rhone", "keyword-harbour", "person-ana", "place-france"], "\(asked)")
        #expect(twins.dataStem(of: "place-france") == "place-lyon" && twins.dataStem(of: "place-lyon") == "place-lyon")
        #expect(twins.dataStem(of: "keyword-boats") == "keyword-boats" && twins.dataStem(of: nil) == nil)
        #expect(twins.digestText(of: "place-rhone") != twins.digestText(of: "place-lyon"))
    }

    /// Each place page of `site`: its title, its page's stem and the stem whose index it loads.
    static func places(in site: URL) throws -> [(title: String, stem: String, loads: String)] {
        // A one-album site lists its browse pages on browse.html.
        let list = FileManager.default.fileExists(atPath: site.appending(path: "browse.html").path) ? "browse.html" : "index.html"
        return try BrowsePageTests.links("places", in: site, page: list).map { link in
            let html = try String(contentsOf: site.appending(path: link.file), encoding: .utf8)
            let loads = try #require(html.firstMatch(of: #/data-layout="data/(?<stem>[^"]+)\.index\.js"/#), "\(link.file) has no index")
            // The link's text as HTML escapes it ("Provence-Alpes-Côte d&#39;Azur").
            let title = link.title.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            return (title, String(link.file.dropLast(".html".count)), String(loads.output.stem))
        }
    }

    /// A browse page's photos, as `gallery photos --album` lists them.
    static func listed(_ album: String, in work: URL) throws -> [[String: Any]] {
        let run = try GalleryBinary.run(["photos", "--album", album, "--db", "library.db", "--json"], in: work)
        try #require(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    /// The ids of a browse page's photos, in its order.
    static func photos(_ album: String, in work: URL) throws -> [Int] {
        try listed(album, in: work).compactMap { $0["id"] as? Int }
    }

    /// Expects every place page of the library's site to load the data of a page with exactly
    /// its photos (its own, or the first twin's, which loads its own), and to have data files
    /// only when it loads its own; the pages that load another's, by title.
    static func expectTwins(_ library: PartialRebuildTests.Library, _ label: String) throws -> [String: String] {
        let places = try places(in: library.site)
        let data = try FileManager.default.contentsOfDirectory(atPath: library.site.appending(path: "data").path)
        var photos: [String: [Int]] = [:]
        for place in places { photos[place.stem] = try Self.photos("place:" + place.title, in: library.work.url) }
        var twins: [String: String] = [:]
        for place in places {
            let own = data.filter { $0.hasPrefix(place.stem + ".") }
            if place.loads == place.stem {
                #expect(own.contains(place.stem + ".index.js"), "\(label): \(place.title) loads its own data, which is not there")
                continue
            }
            let twin = try #require(places.first { $0.stem == place.loads }, "\(label): \(place.title) loads \(place.loads)'s data")
            twins[place.title] = twin.title
            #expect(photos[place.stem] == photos[twin.stem] && photos[twin.stem]?.isEmpty == false,
                    "\(label): \(place.title) loads the data of \(twin.title), whose photos are others")
            #expect(twin.loads == twin.stem, "\(label): \(twin.title), whose data \(place.title) loads, loads \(twin.loads)'s")
            #expect(own.isEmpty, "\(label): \(place.title) loads \(twin.title)'s data and has its own: \(own)")
        }
        // Pages of the same photos load one copy.
        for place in places {
            for other in places where photos[other.stem] == photos[place.stem] {
                #expect(other.loads == place.loads, "\(label): \(place.title) and \(other.title) show the same photos and load two copies")
            }
        }
        return twins
    }

    @Test("a city and its region of the same photos load one copy of their data, each drawn where the engine puts its own photos; apart once the region has a photo more, and each site equals a fresh export")
    func sitePlaces() throws {
        let library = try PartialRebuildTests.Library("data-twins", photos: 300, publishLocation: true)
        let work = library.work.url
        // The generated album's only town in Auvergne-Rhône-Alpes is Lyon.
        let twins = try Self.expectTwins(library, "first build")
        #expect(twins["Auvergne-Rhône-Alpes"] == "Lyon" || twins["Lyon"] == "Auvergne-Rhône-Alpes", "\(twins)")
        func drawn(_ title: String, _ label: String) throws {
            let place = try #require(try Self.places(in: library.site).first { $0.title == title })
            let result = try EngineExportTests.measure(.chromium, page: place.stem + ".html", width: 390, site: library.site)
            let expected = try GridOracle(folder: work, album: "place:" + title, arguments: ["--db", "library.db"]).expected(width: 390, height: 900)
            #expect(!expected.items.isEmpty, "\(title) has photos")
            _ = ExportBrowserTests.check(result, expected: expected, label: "\(label): place \(title) @390")
        }
        for title in ["Lyon", "Auvergne-Rhône-Alpes"] { try drawn(title, "twins") }

        // A photo of Villeurbanne added: the region has a photo the city has not, and the
        // city's photos are as they were (its page made again only because its twin changed).
        let lyon = try Self.photos("place:Lyon", in: work)
        let paths = try Self.listed("place:Lyon", in: work).compactMap { $0["path"] as? String }
        let copied = try #require(paths.dropFirst(paths.count / 2).first)
        let added = work.appending(path: "photos/" + copied.replacingOccurrences(of: ".jpg", with: "-villeurbanne.jpg"))
        try FileManager.default.copyItem(at: work.appending(path: "photos/" + copied), to: added)
        try TestMetadata.write(["-XMP-photoshop:City=Villeurbanne"], to: added.path)
        _ = try library.rebuild()
        #expect(try Self.photos("place:Lyon", in: work) == lyon)
        #expect(try Self.photos("place:Auvergne-Rhône-Alpes", in: work).count == lyon.count + 1)
        let apart = try Self.expectTwins(library, "after a photo of Villeurbanne")
        #expect(apart["Auvergne-Rhône-Alpes"] == nil && apart["Lyon"] == nil, "\(apart)")
        for title in ["Lyon", "Auvergne-Rhône-Alpes"] { try drawn(title, "apart") }
        try library.expectFreshExport(try SiteDigest.byPath(of: library.site), "after a photo of Villeurbanne")

        // The photo gone: twins again, the later page's own data files gone.
        try FileManager.default.removeItem(at: added)
        _ = try library.rebuild()
        let again = try Self.expectTwins(library, "after the photo went")
        #expect(again == twins, "\(again) against \(twins)")
        try library.expectFreshExport(try SiteDigest.byPath(of: library.site), "after the photo went")
    }
}
