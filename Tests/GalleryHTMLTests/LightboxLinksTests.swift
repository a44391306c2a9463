import Foundation
@testable import GalleryHTML
import GalleryTestSupport
import Testing

/// The lightbox links a photo's people, keywords and place parts to their browse pages through
/// the site's one list of them (data/browse.links.js), whatever the case and script of the
/// names, in every engine; the cells carry names only (issue 51: the links were a sixth of the
/// site's bytes, copied into every cell of every page).
@Suite("The lightbox's links to browse pages, from the site's one list")
struct LightboxLinksTests {
    /// A site whose names fold differently in Swift and JavaScript unless folded alike (a Greek
    /// word's last sigma), differ in ASCII case from photo to photo, and a place's part holding
    /// the separator of the place's name.
    static let made: Result<(work: TemporaryDirectory, site: URL), any Error> = Result {
        let work = try TemporaryDirectory("lightbox-links")
        let place = ["-XMP-iptcCore:Location=Port, quai Ouest", "-XMP-photoshop:City=Brest", "-XMP-photoshop:Country=France"]
        try TestMetadata.jpeg("lib/one/p0.jpg", in: work, exiftool: ["-XMP-iptcExt:PersonInImage=ΟΔΥΣΣΕΑΣ", "-XMP-dc:Subject=A/B", "-XMP-dc:Subject=Łódź", "-XMP-xmp:Rating=3"] + place)
        try TestMetadata.jpeg("lib/one/p1.jpg", in: work, exiftool: ["-XMP-iptcExt:PersonInImage=ΟΔΥΣΣΕΑΣ", "-XMP-dc:Subject=a/b", "-XMP-dc:Subject=ŁÓDŹ"] + place)
        try TestMetadata.jpeg("lib/two/p2.jpg", in: work, exiftool: ["-XMP-iptcExt:PersonInImage=Maël", "-XMP-dc:Subject=a/B", "-XMP-photoshop:City=Brest"])
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--publish-location", "--quiet"], in: work.url)
        guard built.status == 0 else { throw HeadlessChromium.Failure(description: "build failed: \(built.stderr)") }
        return (work, work.url.appending(path: "site"))
    }

    @Test("no cell carries links; the site's list has each page once, by its folded name")
    func oneList() throws {
        let site = try Self.made.get().site
        let list = try String(contentsOf: site.appending(path: SiteFileName.browseLinks.name), encoding: .utf8)
        let json = try #require(list.firstMatch(of: #/^galleryData\((.*)\);\n$/#.dotMatchesNewlines()).map { String($0.output.1) })
        let pages = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["pages"] as? [String: String])
        var expected: [String: String] = [:]
        for (kind, key) in [("people", "person"), ("keywords", "keyword"), ("places", "place")] {
            for link in try BrowsePageTests.links(kind, in: site) { expected[BrowseLinks.key(key, link.title)] = link.file }
        }
        #expect(pages == expected)
        #expect(expected.keys.contains("person:οδυσσεασ") && expected.keys.contains("place:port, quai ouest"), "\(expected.keys.sorted())")
        for file in try FileManager.default.contentsOfDirectory(atPath: site.path) where file.hasSuffix(".html") {
            let html = try String(contentsOf: site.appending(path: file), encoding: .utf8)
            #expect(!html.contains("data-links="), "\(file)")
        }
    }

    @Test("each photo's people, keywords and place parts link to the pages the index lists", arguments: BrowserEngine.allCases)
    func links(engine: BrowserEngine) throws {
        let site = try Self.made.get().site
        let work = site.deletingLastPathComponent()
        let listed = try GalleryBinary.run(["photos", "--json"], in: work)
        #expect(listed.status == 0, "\(listed.stderr)")
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(photos.count == 3)
        // The engine's side: the index's links, by the names as the library holds them.
        var pages: [String: String] = [:]
        for (kind, key) in [("people", "person"), ("keywords", "keyword"), ("places", "place")] {
            for link in try BrowsePageTests.links(kind, in: site) { pages[BrowseLinks.key(key, link.title)] = link.file }
        }
        // Each album page's photos, opened one by one.
        var drawn: [String: [[String]]] = [:]
        for page in ["album-one.html", "album-two.html"] {
            let probe = try EngineExportTests.probe(page, in: site, script: """
                window.addEventListener('load', async () => {
                  const box = document.querySelector('.lightbox');
                  const shown = {};
                  for (const cell of document.querySelectorAll('main [data-photo-id]')) {
                    cell.querySelector('.cell-link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
                    await galleryWaitFor(() => !box.hidden && box.querySelector('.lightbox-tags li'), 'the lightbox with its list', 30);
                    shown[cell.dataset.photoId] = [...box.querySelectorAll('.lightbox-tags li')]
                      .map((li) => [li.className, li.textContent, li.querySelector('a')?.getAttribute('href') ?? '']);
                    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
                    await galleryWaitFor(() => box.hidden, 'the lightbox to close', 30);
                  }
                  galleryTestReport(shown);
                });
                """)
            defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
            drawn.merge(try JSONDecoder().decode([String: [[String]]].self, from: engine.open(probe, in: site, width: 390, height: 844))) { a, _ in a }
        }
        for photo in photos {
            let id = try #require(photo["id"] as? Int)
            var expected: [[String]] = []
            if let rating = photo["rating"] as? Int, rating > 0 {
                expected.append(["rating", String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating), ""])
            }
            expected += ((photo["people"] as? [String]) ?? []).map { ["person", $0, pages[BrowseLinks.key("person", $0)] ?? "no page"] }
            expected += ((photo["keywords"] as? [String]) ?? []).map { ["keyword", $0, pages[BrowseLinks.key("keyword", $0)] ?? "no page"] }
            let place = (photo["place"] as? [String: Any]) ?? [:]
            expected += ["sublocation", "city", "state", "country"].compactMap { place[$0] as? String }
                .map { ["place", $0, pages[BrowseLinks.key("place", $0)] ?? "no page"] }
            #expect(drawn[String(id)] == expected, "\(engine), photo \(id)")
        }
    }
}
