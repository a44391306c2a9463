import Foundation
import GalleryTestSupport
import Testing

/// Browse pages of the large library (1,200 photos, or the 100,000 of GALLERY_LARGE_LIBRARY)
/// in every engine: its fullest keyword's, person's and year's pages, and the favourites,
/// scrolled top to bottom on a phone, each step drawn as `gallery layout --album keyword:…`
/// says. A year's chunks are runs of the search's blocks (`SharedChunks`), a keyword's mostly
/// files of their own: both ways of loading cells are walked.
@Suite("Large albums: browse pages drawn where the engine puts them", .serialized)
struct LargeBrowsePageTests {
    /// The fullest keyword, person and year of the library, and the favourites: (layout's
    /// album name, browse page's kind, the link's title, how many photos).
    static func pages() throws -> [(album: String, kind: String, title: String, count: Int)] {
        let work = try LargeAlbum.work.get()
        struct Photo: Decodable {
            var keywords: [String]; var people: [String]; var rating: Int?; var favorite: Bool; var takenAt: String?
            /// The camera's calendar year, as the year pages take it.
            var year: [String] { takenAt.map { [String($0.prefix(4))] } ?? [] }
        }
        let listed = try GalleryBinary.run(["photos", "--db", work.database, "--json"], in: work.folder)
        let photos = try JSONDecoder().decode([Photo].self, from: Data(listed.stdout.utf8))
        func fullest(_ names: (Photo) -> [String]) throws -> (String, Int) {
            let counts = photos.reduce(into: [String: Int]()) { counts, photo in for name in names(photo) { counts[name, default: 0] += 1 } }
            guard let fullest = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else {
                throw HeadlessChromium.Failure(description: "the library's photos have no keywords or people")
            }
            return (fullest.key, fullest.value)
        }
        let (keyword, keywordCount) = try fullest(\.keywords)
        let (person, personCount) = try fullest(\.people)
        let (year, yearCount) = try fullest(\.year)
        // The site's default: favourites, or 4 stars or more.
        let favorites = photos.filter { $0.favorite || ($0.rating ?? 0) >= 4 }.count
        return [("keyword:" + keyword, "keywords", keyword, keywordCount), ("person:" + person, "people", person, personCount),
                ("favorites", "favorites", "", favorites), ("year:" + year, "years", year, yearCount)]
    }

    @Test("the fullest keyword's, person's and year's pages and the favourites, scrolled on a phone", arguments: BrowserEngine.allCases)
    func scrolled(engine: BrowserEngine) throws {
        let site = try LargeAlbum.work.get().site
        for page in try Self.pages() {
            let links = try BrowsePageTests.links(page.kind, in: site, page: "browse.html")
            let link = try #require(page.kind == "favorites" ? links.first : links.first { $0.title == page.title }, "browse.html has no link to \(page.album)")
            // Several screens at least, or the walk proves nothing.
            #expect(page.count >= 40, "\(page.album): \(page.count) photos")
            let probe = try LargeAlbum.probe(script: LargeAlbum.walkScript(container: ".grid", item: ".cell"), page: link.file)
            defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
            let steps = try JSONDecoder().decode([LargeAlbum.Step].self, from: engine.open(probe, in: site, width: 390, height: 844))
            #expect(steps.count >= 4, "\(engine) \(page.album): \(steps.count) steps")
            try LargeAlbum.check(steps, label: "\(engine) \(page.album)", justified: false, album: page.album, count: page.count)
        }
    }
}
