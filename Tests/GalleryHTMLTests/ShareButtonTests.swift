import Foundation
import GalleryTestSupport
import Testing

/// The lightbox's share button in every engine: the photo's link (absolute, the album at
/// #photo-ID) and caption to the Web Share API where there is one; else the link copied, and
/// said; else the link shown in a field, focused and selected. Each browser's own API is
/// replaced by a recorder (none shares or writes a clipboard headless), so what the page hands
/// it is what is checked.
@Suite("The share button")
struct ShareButtonTests {
    struct Run: Decodable {
        var id: String
        var page: String
        var shared: [[String: String]]
        var written: [String]
        var copiedNote: String
        var copiedStatus: String
        var noteHiddenFromReaders: Bool
        var offered: String
        var offeredFocused: Bool
        var offeredSelected: Bool
        var noteAfterClose: Bool
    }

    static let script = """
        window.addEventListener('load', async () => {
          const box = document.querySelector('.lightbox');
          const share = box.querySelector('.lightbox-share');
          const note = box.querySelector('.lightbox-note'), said = note.querySelector('.lightbox-note-text'), offer = note.querySelector('.lightbox-copy');
          document.querySelector('main [data-photo-id] .cell-link')
            .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
          await galleryWaitFor(() => !box.hidden && box.querySelector('img').getAttribute('src'), 'the lightbox', 30);
          const id = location.hash.replace('#photo-', '');

          const shared = [];
          Object.defineProperty(navigator, 'share', { configurable: true, value: (data) => { shared.push({ title: data.title, url: data.url }); return Promise.resolve(); } });
          share.click();
          await galleryWaitFor(() => shared.length === 1, 'the Web Share API called', 30);

          Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
          const written = [];
          Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (text) => { written.push(text); return Promise.resolve(); } } });
          share.click();
          await galleryWaitFor(() => written.length === 1 && !note.hidden, 'the link copied', 30);
          const copiedNote = said.hidden || !offer.hidden ? '' : said.textContent, copiedStatus = box.querySelector('.lightbox-status').textContent;
          const noteHiddenFromReaders = said.getAttribute('aria-hidden') === 'true';

          Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('refused')) } });
          document.execCommand = () => false;
          share.click();
          await galleryWaitFor(() => !note.hidden && !offer.hidden, 'the link offered', 30);
          const field = note.querySelector('input');
          const offered = field.value, offeredFocused = document.activeElement === field;
          const offeredSelected = field.selectionStart === 0 && field.selectionEnd === field.value.length;
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
          await galleryWaitFor(() => box.hidden, 'the lightbox closed', 30);
          galleryTestReport({ id, page: location.href.replace(/#.*$/, ''), shared, written, copiedNote, copiedStatus, noteHiddenFromReaders,
                              offered, offeredFocused, offeredSelected, noteAfterClose: !note.hidden });
        });
        """

    @Test("Web Share where the browser has it, else the clipboard, else the link to copy: the photo's own link and caption", arguments: BrowserEngine.allCases)
    func share(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let order = try SlideshowTests.albumOrder("coast")
        let listed = try GalleryBinary.run(["photos", "--json", "--album", "coast"], in: SampleSite.folder)
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let caption = photos.first { ($0["id"] as? Int).map(String.init) == order.first }?["caption"] as? String

        let probe = try EngineExportTests.probe("album-coast.html", in: site, script: Self.script)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        let run = try JSONDecoder().decode(Run.self, from: engine.open(probe, in: site, width: 390, height: 844))
        let link = run.page + "#photo-" + run.id
        #expect(run.id == order.first && run.page.hasPrefix("http://127.0.0.1") && run.page.hasSuffix("/" + probe), "\(engine): \(run)")
        #expect(run.shared == [["title": try #require(caption), "url": link]], "\(engine): \(run.shared)")
        #expect(run.written == [link] && run.copiedNote == "Link copied" && run.copiedStatus == "Link copied" && run.noteHiddenFromReaders, "\(engine): \(run)")
        #expect(run.offered == link && run.offeredFocused && run.offeredSelected, "\(engine): \(run)")
        #expect(!run.noteAfterClose, "\(engine): the note outlived the lightbox")
    }
}
