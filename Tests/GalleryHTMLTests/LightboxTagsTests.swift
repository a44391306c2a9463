import Foundation
import GalleryTestSupport
import Testing

/// The stars, people and keywords the sample library's XMP sidecars give two coast photos
/// (written by exiftool as Lightroom and darktable name them), shown under the lightbox's
/// comment in every engine, as `gallery photos --json` gives them.
@Suite("The lightbox shows keywords, people and ratings")
struct LightboxTagsTests {
    struct Shown: Decodable, Equatable {
        var id: String
        var items: [Item]
        /// The list's box and the text column's: the list stays within it.
        var listWidth: Double
        var textWidth: Double
    }

    struct Item: Decodable, Equatable {
        var kind: String
        var text: String
        /// The browse page a person or keyword links to.
        var href: String?
    }

    @Test("each annotated photo's list: its stars, then its people, then its keywords (a hierarchical one by its leaf)", arguments: BrowserEngine.allCases)
    func tags(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        // The engine's side: what the library holds for these photos.
        let listed = try GalleryBinary.run(["photos", "--json", "--album", "coast"], in: SampleSite.folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let annotated = photos.filter { !(($0["keywords"] as? [String]) ?? []).isEmpty }
        #expect(annotated.count == 2, "the sample's two sidecars")
        let ids = annotated.compactMap { ($0["id"] as? Int).map(String.init) }

        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: """
            window.addEventListener('load', async () => {
              const box = document.querySelector('.lightbox');
              const shown = [];
              for (const id of \(ids)) {
                document.getElementById('photo-' + id).querySelector('.cell-link')
                  .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
                await galleryWaitFor(() => !box.hidden && box.querySelector('.lightbox-tags li'), 'the lightbox with its list', 30);
                const list = box.querySelector('.lightbox-tags');
                shown.push({ id: String(id), items: [...list.querySelectorAll('li')].map((li) => ({ kind: li.className, text: li.textContent, href: li.querySelector('a')?.getAttribute('href') ?? null })),
                             listWidth: list.getBoundingClientRect().width, textWidth: box.querySelector('.lightbox-text').getBoundingClientRect().width });
                document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
                await galleryWaitFor(() => box.hidden, 'the lightbox to close', 30);
              }
              galleryTestReport(shown);
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let shown = try JSONDecoder().decode([Shown].self, from: engine.open(probe, in: site, width: 390, height: 844))
        #expect(shown.count == annotated.count)
        // Each person and keyword links to its page, as the index lists it.
        var pages: [String: String] = [:]
        for kind in ["people", "keywords"] {
            for link in try BrowsePageTests.links(kind, in: site) { pages[(kind == "people" ? "person" : "keyword") + ":" + link.title.lowercased()] = link.file }
        }
        for (photo, drawn) in zip(annotated, shown) {
            var expected: [Item] = []
            if let rating = photo["rating"] as? Int, rating > 0 {
                expected.append(Item(kind: "rating", text: String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating)))
            }
            expected += ((photo["people"] as? [String]) ?? []).map { Item(kind: "person", text: $0, href: pages["person:" + $0.lowercased()]) }
            let keywords = (photo["keywords"] as? [String]) ?? []
            for keyword in keywords {
                let leaf = String(keyword.split(separator: "|").last ?? "")
                if keyword.contains("|"), keywords.contains(leaf) { continue }
                expected.append(Item(kind: "keyword", text: leaf, href: pages["keyword:" + leaf.lowercased()]))
            }
            #expect(drawn.items == expected, "\(engine), photo \(drawn.id)")
            #expect(drawn.items.filter { $0.kind != "rating" }.allSatisfy { $0.href != nil }, "\(engine): every person and keyword of the sample has a page")
            #expect(drawn.listWidth <= drawn.textWidth + 0.5, "\(engine): the list is wider than the text column")
        }
    }
}
