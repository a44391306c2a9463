import Foundation
import GalleryTestSupport
import Testing

/// A photo's markup has one writer (`CellMarkup`): the cells and items a page writes and the
/// ones its script makes from the data files (`galleryMakeCell`, `galleryMakeItem`) are the same
/// elements, down to every attribute and text, in every engine.
@Suite("The script's cells and items are the page's, in every engine")
struct CellMarkupBrowserTests {
    /// A data file's JSON (the argument of its `galleryData(…)` call).
    static func payload(_ site: URL, _ file: String) throws -> String {
        let script = try String(contentsOf: site.appending(path: file), encoding: .utf8)
        return String(script.drop { $0 != "(" }.dropFirst().reversed().drop { $0 != ")" }.dropFirst().reversed())
    }

    struct Result: Decodable {
        struct Pair: Decodable { var id: String; var written: String; var made: String }
        var pairs: [Pair]
    }

    /// Every photo `selector` finds on `page`, and the script's element for the same photo from
    /// `chunk`, described (tag, sorted attributes, texts) but for what places it on the page
    /// (its style, frames and loading, and the carousel's `focused`, which the views set as
    /// they draw).
    static func compare(_ engine: BrowserEngine, page: String, selector: String, make: String) throws -> Result {
        let site = try SampleSite.site
        let files = try AlbumIndexFile(site: site, stem: "album-coast")
        let chunk = try payload(site, files.chunkFile(0)), index = try payload(site, "data/album-coast.index.js")
        // Masonry cells are placed from their group's shapes and where the columns end before it.
        let columns = try payload(site, "data/album-coast.columns.js"), shapes = try payload(site, try #require(files.shapes.first))
        let justified = try payload(site, "data/album-coast.justified.index.js")
        let probe = try EngineExportTests.probe(page, in: site, script: """
            const describe = (element) => {
              const attributes = [...element.attributes].filter((a) => !['loading', 'style'].includes(a.name) && !a.name.startsWith('data-frame-'))
                .map((a) => a.name + '=' + (a.name === 'class' ? a.value.split(' ').filter((c) => c !== 'focused').join(' ') : a.value));
              return { tag: element.tagName, attributes: attributes.sort(), text: element.children.length ? null : element.textContent,
                       children: [...element.childNodes].filter((n) => n.nodeType === 1 || n.textContent).map((n) => n.nodeType === 1 ? describe(n) : { text: n.textContent }) };
            };
            window.addEventListener('load', async () => {
              // The page's cells once its index is in: the script gives them the size of their list.
              const layout = document.querySelector('[data-layout]');
              if (layout) await galleryDrawn(layout);
              const chunk = \(chunk), index = { ...\(index), starts: galleryColumnStarts(\(columns)) }, shapes = \(shapes), justified = \(justified);
              const pairs = [...document.querySelectorAll(\(try JSONEncoder().encode(selector).string))].map((written) => {
                const i = Number(written.dataset.index), cell = chunk.cells.find((c) => String(c.id) === written.dataset.photoId);
                const view = written.parentElement.closest('[data-item-width]');
                const box = view ? { width: Number(view.dataset.itemWidth), height: Number(view.dataset.itemHeight) } : { width: 0, height: justified.rowHeight };
                const made = \(make);
                return { id: written.dataset.photoId, written: JSON.stringify(describe(written)), made: JSON.stringify(describe(made)) };
              });
              galleryTestReport({ pairs });
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        return try JSONDecoder().decode(Result.self, from: engine.open(probe, in: site, width: 390, height: 844))
    }

    @Test("a masonry cell: every cell the album page writes, made again from its chunk", arguments: BrowserEngine.allCases)
    func cells(engine: BrowserEngine) throws {
        let result = try Self.compare(engine, page: "album-coast.html", selector: ".grid .cell",
                                      make: "galleryMakeCell(cell, i, { ...index, count: index.count }, galleryPlaceGroup(index, 0, shapes)[chunk.cells.indexOf(cell)])")
        #expect(result.pairs.count >= 4, "\(engine): \(result.pairs.count) cells written")
        for pair in result.pairs {
            #expect(pair.written == pair.made, "\(engine) photo \(pair.id)\nwritten \(pair.written)\nmade    \(pair.made)")
        }
    }

    @Test("a view's item: the wheel's, the carousel's and the rows' items, made again from the chunk", arguments: BrowserEngine.allCases)
    func items(engine: BrowserEngine) throws {
        for (page, name) in [("album-coast-wheel.html", "wheel-item"), ("album-coast-carousel.html", "carousel-item"), ("album-coast-justified.html", "justified-item")] {
            let result = try Self.compare(engine, page: page, selector: "." + name, make: "galleryMakeItem(cell, i, '\(name)', box)")
            #expect(result.pairs.count >= 4, "\(engine) \(page): \(result.pairs.count) items written")
            for pair in result.pairs {
                #expect(pair.written == pair.made, "\(engine) \(page) photo \(pair.id)\nwritten \(pair.written)\nmade    \(pair.made)")
            }
        }
    }
}

private extension Data {
    var string: String { String(decoding: self, as: UTF8.self) }
}
