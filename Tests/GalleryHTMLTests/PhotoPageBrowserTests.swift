import Foundation
import GalleryTestSupport
import Testing

/// A photo's own page, opened by a visitor in every engine: it goes on to its album with the
/// lightbox open on that photo (the one `gallery photos` names for the page's id), the page
/// itself left out of the history; closing the lightbox leaves the album at the photo.
@Suite("Photo pages open the album's lightbox on their photo")
struct PhotoPageBrowserTests {
    struct Opened: Decodable {
        var hash: String
        var search: String
        var caption: String
        var closedHash: String
        var cellInView: Bool
        var shared: String
    }

    static let albumScript = """
        window.addEventListener('load', async () => {
          const box = document.querySelector('.lightbox');
          await galleryWaitFor(() => !box.hidden && box.querySelector('img').getAttribute('src'), 'the lightbox open on the photo', 90);
          const hash = location.hash, search = location.search, caption = box.querySelector('.lightbox-caption').textContent;
          // The share button shares the photo's own page (its preview is the photo).
          let shared = null;
          Object.defineProperty(navigator, 'share', { configurable: true, value: (data) => { shared = data.url; return Promise.resolve(); } });
          box.querySelector('.lightbox-share').click();
          await galleryWaitFor(() => shared, 'the share', 30);
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
          await galleryWaitFor(() => box.hidden && !(history.state && history.state.galleryLightbox), 'the lightbox closed', 30);
          const id = hash.replace('#photo-', '');
          await galleryWaitFor(() => document.getElementById('photo-' + id), 'the cell', 30);
          const r = document.getElementById('photo-' + id).getBoundingClientRect();
          galleryTestReport({ hash, search, caption, closedHash: location.hash, cellInView: r.bottom > 0 && r.top < innerHeight, shared });
        });
        """

    @Test("the album's last photo's page: its album, its lightbox open on it, shared as that page; closed, the album at the photo", arguments: BrowserEngine.allCases)
    func opensLightbox(engine: BrowserEngine) throws {
        // sample-data with a base_url (photo pages are made only with one), the coast album public.
        let work = try PageValidityTests.everything.get()
        let site = work.url.appending(path: "site")
        let listed = try GalleryBinary.run(["photos", "--json", "--album", "coast"], in: work.url)
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        // The last photo of the album by the engine's order: not on the album's first screen.
        let expected = try GridOracle(folder: work.url, album: "coast").expected(width: 390, height: 100_000)
        let last = try #require(expected.items.max { $0.index < $1.index })
        let caption = photos.first { ($0["id"] as? Int).map(Int64.init) == last.id }?["caption"] as? String

        let album = try EngineExportTests.probe("album-coast.html", in: site, script: Self.albumScript)
        defer { try? FileManager.default.removeItem(at: site.appending(path: album)) }
        let page = try String(contentsOf: site.appending(path: "photo/\(last.id).html"), encoding: .utf8)
        let probe = "photo/engine-probe-\(UUID().uuidString.prefix(8))-\(last.id).html"
        try page.replacingOccurrences(of: "data-album-page=\"album-coast.html\"", with: "data-album-page=\"\(album)\"")
            .write(to: site.appending(path: probe), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }

        let opened = try JSONDecoder().decode(Opened.self, from: engine.open(probe, in: site, width: 390, height: 844))
        #expect(opened.hash == "#photo-\(last.id)" && opened.search == "", "\(engine): \(opened)")
        #expect(opened.caption == (try #require(caption)), "\(engine): \(opened)")
        #expect(opened.closedHash == "#photo-\(last.id)" && opened.cellInView, "\(engine): \(opened)")
        #expect(opened.shared.hasPrefix("http://127.0.0.1") && opened.shared.hasSuffix("/photo/\(last.id).html"), "\(engine): \(opened.shared)")
    }
}
