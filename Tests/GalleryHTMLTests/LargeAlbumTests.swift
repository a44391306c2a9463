import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GalleryHTML
import GalleryLayout
import GalleryService
import GallerySitePlan
import GalleryStore
import GalleryTestSupport
import Testing

/// A large album's files: the page's weight, its data, plain pages, card windows, appending,
/// and the same files through `gallery serve`.
@Suite("Large albums: pages, data files and plain pages that stay small", .serialized)
struct LargeAlbumTests {
    @Test("the album page weighs the same whatever the album's size, and carries its first screenful")
    func pageWeight() throws {
        let site = try LargeAlbum.work.get().site
        let page = try Data(contentsOf: site.appending(path: "index.html"))
        #expect(page.count < 100_000, "the album page is \(page.count) bytes")
        let html = String(decoding: page, as: UTF8.self)
        let cells = html.components(separatedBy: "class=\"cell\"").count - 1
        #expect(cells > 10 && cells < 200, "\(cells) cells written as HTML")
        #expect(html.contains("data-layout=\"data/index.index.js\""))
        // Chunks of 8 to 48 photos, cut by content (about 15), and groups of them: each in a file.
        let index = try AlbumIndexFile(site: site)
        let chunks = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "data").path).filter { $0.hasPrefix("index.chunk-") }
        #expect(Set(chunks.map { "data/" + $0 }) == Set(index.chunks))
        #expect((LargeAlbum.photoCount / AlbumCuts.maximumChunk ... LargeAlbum.photoCount / AlbumCuts.minimumChunk + 1).contains(chunks.count), "\(chunks.count) chunks")
        let shapes = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "data").path).filter { $0.hasPrefix("index.shapes-") }
        #expect(Set(shapes.map { "data/" + $0 }) == Set(index.shapes) && !shapes.isEmpty)
    }

    @Test("a missing or damaged data file shows a message where its photos would be; the rest of the album still draws")
    func damagedData() throws {
        let site = try LargeAlbum.work.get().site
        // A copy of the index whose second chunk is missing and third is damaged (named by ids
        // no photo has), and whose groups' shapes are named as copies of the first group's
        // only: the second group (if it has two) has none to be placed from.
        let files = try AlbumIndexFile(site: site)
        let (gone, damaged) = ("data/index.chunk-9000000001.js", "data/index.chunk-9000000002.js")
        let probeShapes = { (name: String) in name.replacingOccurrences(of: "data/index.shapes-", with: "data/probe-shapes-") }
        let firstShapes = files.shapes(ofGroup: 0).map(probeShapes)
        // (The second group's middle is in one of its runs' files: the last group's are several.)
        let goneShapes = files.groups.count > 1 ? files.shapes(ofGroup: 1).map(probeShapes) : []
        let script = try String(contentsOf: site.appending(path: "data/index.index.js"), encoding: .utf8)
        var index = try #require(try JSONSerialization.jsonObject(with: Data(script.drop { $0 != "(" }.dropFirst().dropLast(3).utf8)) as? [String: Any])
        var ids = try #require((index["chunkIDs"] as? [NSNumber])?.map(\.int64Value))
        (ids[1], ids[2]) = (9_000_000_001, 9_000_000_002)
        index["chunkIDs"] = ids
        var names = try #require(index["files"] as? [String: Any])
        names["shapes"] = "data/probe-shapes-{n}.js"
        index["files"] = names
        try ("galleryData(" + String(decoding: try JSONSerialization.data(withJSONObject: index), as: UTF8.self) + ");\n")
            .write(to: site.appending(path: "data/probe.index.js"), atomically: true, encoding: .utf8)
        for (name, copy) in zip(files.shapes(ofGroup: 0), firstShapes) { try FileManager.default.copyItem(at: site.appending(path: name), to: site.appending(path: copy)) }
        let second = files.photos(ofChunk: 1), third = files.photos(ofChunk: 2)
        // The second group's photos (where its missing shapes are needed), else the album's end.
        let starts = files.groups
        // The rest of the first group (placed from its shapes, away from the broken chunks): its
        // last chunk, which is the middle of the album or past it but for the second group's.
        let firstGroupEnd = files.photos(ofChunk: (starts.count > 1 ? starts[1] : files.chunkStarts.count) - 1)
        let secondGroup = starts.count > 1
            ? files.chunkStarts[starts[1]] ..< (starts.count > 2 ? files.chunkStarts[starts[2]] : files.count) : files.count - 1 ..< files.count
        try "galleryData({\"kind\": \"chunk\", \"cells\": [".write(to: site.appending(path: damaged), atomically: true, encoding: .utf8)
        let probe = try LargeAlbum.probe(script: """
            // The damaged file's syntax error is expected: it is not the page failing.
            galleryExpectedErrors.push('\(damaged)');
            window.addEventListener('load', async () => {
              const pause = galleryQuiet;
              const grid = document.querySelector('.grid');
              const steps = [];
              // Where chunks 1 and 2 (photos \(second) and \(third) of \(LargeAlbum.photoCount)) are drawn, the first
              // group's last chunk (photos \(firstGroupEnd)), and the second group (photos \(secondGroup)).
              for (const fraction of [\(Double(second.lowerBound + second.upperBound) / 2) / \(LargeAlbum.photoCount),
                                      \(Double(third.lowerBound + third.upperBound) / 2) / \(LargeAlbum.photoCount),
                                      \(Double(firstGroupEnd.lowerBound + firstGroupEnd.upperBound) / 2) / \(LargeAlbum.photoCount),
                                      \(Double(secondGroup.lowerBound + secondGroup.upperBound) / 2) / \(LargeAlbum.photoCount)]) {
                scrollTo(0, grid.getBoundingClientRect().top + scrollY + fraction * grid.offsetHeight);
                await pause();
                steps.push({ messages: [...document.querySelectorAll('.grid-message')].map(m => m.textContent),
                             cells: document.querySelectorAll('.grid .cell').length });
              }
              galleryTestReport(steps);
            });
            """)
        let page = site.appending(path: probe)
        try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "data/index.index.js", with: "data/probe.index.js")
            .write(to: page, atomically: true, encoding: .utf8)
        defer {
            for name in [probe, "data/probe.index.js", damaged] + firstShapes { try? FileManager.default.removeItem(at: site.appending(path: name)) }
        }
        struct Step: Decodable { var messages: [String]; var cells: Int }
        let steps = try JSONDecoder().decode([Step].self, from: BrowserEngine.chromium.open(probe, in: site, width: 1100, height: 800))
        #expect(steps.count == 4)
        guard steps.count == 4 else { return }
        // Each broken file named where its photos would be, as what it is.
        #expect(steps[0].messages.contains { $0.contains("\(gone) is missing") }, "no message for the missing chunk: \(steps[0])")
        #expect(steps[1].messages.contains { $0.contains("\(damaged) is damaged") }, "no message for the damaged chunk: \(steps[1])")
        #expect(!steps[1].messages.contains { $0.contains("\(damaged) is missing") }, "a damaged chunk called missing: \(steps[1])")
        #expect(steps[2].cells > 5, "the rest of the first group is not drawn: \(steps[2])")
        if !goneShapes.isEmpty {
            #expect(steps[3].messages.contains { message in goneShapes.contains { message.contains("\($0) is missing") } }, "no message for the missing shapes: \(steps[3])")
        }
    }

    @Test("without script, the plain pages, linked in order, show every photo of the album in the band's columns")
    func plainPages() throws {
        let site = try LargeAlbum.work.get().site
        let album = try LargeAlbum.album()
        var seen: [Int64] = []
        var page: String? = "index.html"
        let link = #/<nav class="pages"[^>]*>.*?<a href="(?<next>[^"]+)"[^>]*>(?:Next →|All photos, page by page)</a>/#
        let cell = #/class="cell" id="photo-\d+" data-photo-id="(?<id>\d+)"/#
        var pages = 0
        let index = try AlbumIndexFile(site: site)
        while let name = page {
            let html = try String(contentsOf: site.appending(path: name), encoding: .utf8)
            if name != "index.html" {
                seen += html.matches(of: cell).compactMap { Int64($0.output.id) }
                #expect(!html.contains("data-layout="), "\(name) loads data")
                pages += 1
            }
            page = html.firstMatch(of: link).map { String($0.output.next) }
            // Links that went round in circles: as many pages as chunks and one more, at most.
            if pages > index.chunks.count { break }
        }
        #expect(seen == album.map(\.id), "the plain pages show \(seen.count) of \(album.count) photos, or not in order")
        // A plain page a data chunk.
        #expect(pages == index.chunks.count)
        // No cell on it carries a place: nothing the engine computed for the album is on it.
        let plain = try String(contentsOf: site.appending(path: index.plainPage(1)), encoding: .utf8)
        #expect(!plain.contains("--c0:") && !plain.contains("--y0:") && !plain.contains("--h0:"), "a plain page's cells carry places")
        // One of them in a browser: every text within its cell, nothing overlapping, filling
        // the window; its photos in order, row by row, in the band's columns.
        for width in [390, 1100] {
            let result = try ExportBrowserTests.measure(page: site.appending(path: index.plainPage(1)), width: width)
            ExportBrowserTests.checkDrawing(result, label: "plain page 2 @\(width)", inFlow: true)
            let lefts = Array(Set(result.cells.map { ($0.x * 2).rounded() / 2 })).sorted()
            #expect(lefts.count == result.columns, "plain page 2 @\(width): cells at \(lefts.count) lefts in \(result.columns) columns")
            for (n, cell) in result.cells.enumerated() {
                let row = result.cells[(n / result.columns) * result.columns]
                #expect(abs(cell.y - row.y) <= 0.5 && abs(cell.x - lefts[n % result.columns]) <= 0.5,
                        "plain page 2 @\(width): cell \(n) at (\(cell.x), \(cell.y)), not in row \(n / result.columns), column \(n % result.columns)")
            }
        }
    }

    struct CardSample: Decodable {
        struct Card: Decodable { var index: Int; var angle: Double; var visible: Bool; var left: Double; var top: Double; var shift: Double }
        var scroll: Double
        var vw: Double
        var vh: Double
        var focused: Double?
        var elements: Int
        var cards: [Card]
    }

    static func cardScript(_ selector: String) -> String {
        """
        window.addEventListener('load', async () => {
          const view = document.querySelector('\(selector)');
          // The scroll event the browser fires with its next frame, fired now (the page's
          // handler is the same), then the cards' data files, drawn.
          const settle = async () => {
            view.dispatchEvent(new Event('scroll'));
            await galleryDrawn(view);
          };
          view.style.scrollSnapType = 'none';
          await settle();
          const max = view.scrollWidth - view.clientWidth;
          const samples = [];
          for (const f of [0, 0.5, 0.9]) {
            view.scrollLeft = f * max;
            await settle();
            const track = view.firstElementChild.getBoundingClientRect();
            const cards = [...view.querySelectorAll('[data-photo-id]')].map(card => {
              const style = getComputedStyle(card);
              const m = new DOMMatrix(style.transform);
              const b = card.getBoundingClientRect();
              return { index: Number(card.dataset.index), angle: Math.atan2(m.b, m.a), visible: style.visibility !== 'hidden',
                       left: b.left - track.left, top: b.top - track.top, shift: m.e };
            });
            samples.push({ scroll: view.scrollLeft, vw: view.clientWidth, vh: view.clientHeight, cards,
                           focused: view.dataset.focusedIndex === undefined ? null : Number(view.dataset.focusedIndex),
                           elements: document.getElementsByTagName('*').length });
          }
          galleryTestReport(samples);
        });
        """
    }

    @Test("wheel and carousel keep a window of cards around the current one, each where the engine puts it")
    func cardWindows() throws {
        let site = try LargeAlbum.work.get().site
        let count = LargeAlbum.photoCount
        let geometry = SiteGeometry()
        for view in ["wheel", "carousel"] {
            let html = try String(contentsOf: site.appending(path: "\(view).html"), encoding: .utf8)
            #expect(html.utf8.count < 100_000, "\(view).html is \(html.utf8.count) bytes")
            let probe = try LargeAlbum.probe(script: Self.cardScript(".\(view)"), page: "\(view).html")
            defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
            let samples = try JSONDecoder().decode([CardSample].self, from: BrowserEngine.chromium.open(probe, in: site, width: 1280, height: 900))
            #expect(samples.count == 3)
            for sample in samples {
                let label = "\(view) scrolled to \(sample.scroll)"
                let present = Dictionary(sample.cards.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
                #expect(sample.cards.count <= 60 && sample.elements <= 2_000, "\(label): \(sample.cards.count) cards, \(sample.elements) elements")
                if view == "wheel" {
                    let engine = try WheelLayout(count: count, itemSize: geometry.wheelItem, radius: geometry.wheelRadius,
                                                 viewport: LayoutSize(width: sample.vw, height: sample.vh), offset: sample.scroll)
                    // A wheel of thousands turns many times: the page holds the current turn,
                    // the seed's window (visibleRange), and culls within it as the engine does.
                    let visible = engine.attributes(in: LayoutRect(x: sample.scroll, y: 0, width: sample.vw, height: sample.vh)).map(\.index)
                    #expect(engine.visibleRange.allSatisfy { present[$0] != nil }, "\(label): the engine's window is \(engine.visibleRange), the page has \(present.keys.sorted())")
                    let drawn = sample.cards.filter(\.visible)
                    for (i, a) in drawn.enumerated() {
                        for b in drawn[(i + 1)...] where abs(remainder(a.angle - b.angle, 2 * Double.pi)) < engine.anglePerItem / 2 {
                            Issue.record("\(label): cards \(a.index) and \(b.index) are drawn in one place")
                        }
                    }
                    for card in sample.cards {
                        let expected = try #require(engine.attributes(at: card.index))
                        #expect(abs(remainder(card.angle - expected.angle, 2 * Double.pi)) <= 0.01, "\(label): card \(card.index) at \(card.angle) rad, engine \(expected.angle)")
                        #expect(card.visible == visible.contains(card.index), "\(label): card \(card.index) drawn \(card.visible)")
                    }
                } else {
                    let inset = (sample.vw - geometry.carouselItem.width) / 2
                    let engine = try CarouselLayout(count: count, itemSize: geometry.carouselItem, spacing: geometry.carouselSpacing,
                                                    focusedSpacing: geometry.carouselFocusedSpacing,
                                                    viewport: LayoutSize(width: sample.vw, height: sample.vh), offset: sample.scroll - inset)
                    #expect(abs((sample.focused ?? -1) - engine.focusedIndex) <= 1e-6, "\(label): focused \(sample.focused ?? -1), engine \(engine.focusedIndex)")
                    let visible = engine.attributes(in: LayoutRect(x: sample.scroll - inset, y: 0, width: sample.vw, height: sample.vh)).map(\.index)
                    #expect(!visible.isEmpty && visible.allSatisfy { present[$0] != nil }, "\(label): the engine shows \(visible), the page has \(present.keys.sorted())")
                    for card in sample.cards {
                        let expected = try #require(engine.attributes(at: card.index))
                        #expect(abs(card.shift - expected.translation.x) <= 1 && abs(card.left - (inset + expected.frame.x + expected.translation.x)) <= 1,
                                "\(label): card \(card.index) drawn at \(card.left) shifted \(card.shift)")
                    }
                }
            }
        }
    }

    /// Every file of a site and its bytes.
    static func snapshot(_ site: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(site.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test("photos added to a large album rewrite only the data at its end, the last plain page and the style sheet that counts them, not the album's page")
    func appending() throws {
        // Photos enough for two of the search's groups and several word shards.
        let old = 1_400
        let folder = try TemporaryDirectory("append")
        let photos = folder.url.appending(path: "photos"), more = folder.url.appending(path: "more")
        for (count, target) in [(old, photos), (old + 10, more)] {
            let made = try GalleryBinary.run(["--album", String(count), target.path], in: folder.url, executable: GalleryBinary.sampleData)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let database = folder.url.appending(path: "library.db").path
        let site = folder.url.appending(path: "site")
        func importAndExport() throws {
            let imported = try GalleryBinary.run(["import", photos.path, "--db", database, "--quiet"], in: folder.url)
            #expect(imported.status == 0, "\(imported.stderr)")
            _ = try SiteExporter(database: try GalleryDatabase(path: database), outFolder: site.path, encodeImages: false).run()
        }
        try importAndExport()
        let before = try Self.snapshot(site), index = try AlbumIndexFile(site: site), search = try SearchIndexFile(site: site)
        // The same generator with ten more photos: the first `old` are the same files.
        for i in old ..< old + 10 {
            let name = String(format: "big/photo-%06d.jpg", i)
            try FileManager.default.copyItem(at: more.appending(path: name), to: photos.appending(path: name))
        }
        try FileManager.default.removeItem(at: photos.appending(path: "annotations.json"))
        try FileManager.default.copyItem(at: more.appending(path: "annotations.json"), to: photos.appending(path: "annotations.json"))
        try importAndExport()
        let after = try Self.snapshot(site)
        let changed = after.keys.filter { before[$0] != after[$0] }.sorted()
        // Every chunk but the last keeps its files; the ten new photos end the last chunk (or
        // start chunks of their own after it).
        let last = index.chunks.count - 1
        for unchanged in (0 ..< last).flatMap({ [index.chunkFile($0), index.plainPage($0)] }) + [index.framesFile(0), "gallery.js"] {
            #expect(!changed.contains(unchanged), "\(unchanged) was rewritten")
        }
        let grown = try AlbumIndexFile(site: site)
        #expect(Array(grown.chunks.prefix(last)) == Array(index.chunks.prefix(last)), "\(grown.chunks) after \(index.chunks)")
        #expect(changed.contains(grown.chunks[grown.chunks.count - 1]), "\(changed)")
        // The album's page holds nothing photos added at the end change (its count is its
        // heights' style sheet's); nor do its columns' ends before each group, while the new
        // photos start none.
        #expect(!changed.contains("index.html") && changed.contains("data/index.heights.css"), "\(changed)")
        // Nor do its other views' pages, which show its first photos and take how many there
        // are (and the rows' heights) from the same style sheet.
        for view in ["justified.html", "wheel.html", "carousel.html", "circle.html"] {
            #expect(after[view] != nil && !changed.contains(view), "\(view): \(changed)")
        }
        #expect(grown.groups.count != index.groups.count || !changed.contains("data/index.columns.js"), "\(changed)")
        // The search index's words are shared by photos old and new, but the new photos' are
        // in the added photos' shards (`SearchNumbering`): the older photos' shards stay as they
        // were; its blocks of cells change only at the end. The browse pages (a year's, a
        // month's…) that gather the new photos change too.
        let grownSearch = try SearchIndexFile(site: site)
        #expect(!search.shards.isEmpty && grownSearch.shards == search.shards, "\(search.shards) → \(grownSearch.shards)")
        let olderShards = grownSearch.termsFiles.filter { $0.hasPrefix("data/search.terms-") }
        #expect(!olderShards.isEmpty && !changed.contains { olderShards.contains($0) }, "\(changed.filter { $0.hasPrefix("data/search.") })")
        #expect(changed.contains { $0.hasPrefix("data/search.recent-") }, "\(changed)")
        let browse = ["year-", "month-", "place-", "person-", "keyword-", "favorites", "browse.html"]
        let album = changed.filter { name in
            let base = name.hasPrefix("data/") ? String(name.dropFirst("data/".count)) : name
            return !name.hasPrefix("data/search.") && !browse.contains { base.hasPrefix($0) }
        }
        // The rows' frames of the last chunks only: the rows broken again where photos were
        // added reach back from the end to the first chunk start both layouts break at.
        let touched = grown.chunkIDs.count - last
        let frames = album.filter { $0.hasPrefix("data/index.justified-") && !$0.hasSuffix(".index.js") }
        #expect(Set(frames) == Set((grown.chunkIDs.count - frames.count ..< grown.chunkIDs.count).map { grown.framesFile($0) }), "\(frames)")
        // The runs of shapes, ids, months and rows' bounds rewritten are the last group's.
        let lastGroupIDs = Set(grown.chunkIDs[grown.groups[grown.groups.count - 1]...])
        let runs = album.filter { $0.contains(/^data\/index\.(shapes|ids|dates|bounds)-/) }
        for run in runs {
            let first = run.firstMatch(of: /-(?<id>\d+)-\d+\.js$/).flatMap { Int64($0.id) }
            #expect(first.map(lastGroupIDs.contains) == true, "\(run) is not a run of the last group")
        }
        // Else two files for each chunk from the old last one on (its cells, plain page), and
        // five that name or count them all (its index, the rows' index, the heights' style
        // sheet, the export's two records).
        let rest = album.filter { !frames.contains($0) && !runs.contains($0) }
        #expect(touched <= 3 && rest.count <= 2 * touched + 5, "\(rest.count) files rewritten for \(touched) chunks: \(rest)")
        let blocks = changed.filter { $0.hasPrefix("data/search.docs-") }
        let lastOld = search.blockFile(holding: old - 1), kept = (0 ..< old - 1).map(search.blockFile).filter { $0 != lastOld }
        #expect(!blocks.isEmpty && !blocks.contains { kept.contains($0) }, "search blocks rewritten: \(blocks)")
    }

    /// Describes the first cells of a view in a form both ways of making them must agree on:
    /// every element's tag, attributes (the style's declarations one by one) and text.
    static func sameCellsScript(container: String, item: String) -> String {
        """
        const describe = (element) => {
          const attributes = [...element.attributes].filter(a => a.name !== 'loading' && a.name !== 'style').map(a => a.name + '=' + a.value);
          for (let i = 0; i < element.style.length; i++) {
            const name = element.style[i];
            attributes.push('style:' + name + '=' + element.style.getPropertyValue(name).trim());
          }
          return { tag: element.tagName, attributes: attributes.sort(), text: element.children.length ? null : element.textContent,
                   children: [...element.childNodes].filter(n => n.nodeType === 1 || n.textContent).map(n => n.nodeType === 1 ? describe(n) : { text: n.textContent }) };
        };
        window.addEventListener('load', async () => {
          const pause = galleryQuiet;
          await pause();
          const grid = document.querySelector('\(container)');
          const first = () => [...grid.querySelectorAll('\(item)')].filter(c => Number(c.dataset.index) < 6).sort((a, b) => a.dataset.index - b.dataset.index);
          const written = first().map(describe);
          scrollTo(0, grid.getBoundingClientRect().top + scrollY + grid.offsetHeight / 2);
          await pause();
          const gone = first().length;
          scrollTo(0, 0);
          await pause();
          galleryTestReport({ written: JSON.stringify(written), made: JSON.stringify(first().map(describe)), gone });
        });
        """
    }

    @Test("the script makes the same cells as the page writes (masonry and rows)", arguments: [("index.html", ".grid", ".cell"), ("justified.html", ".justified", ".justified-item")])
    func sameCells(page: String, container: String, item: String) throws {
        let site = try LargeAlbum.work.get().site
        let probe = try LargeAlbum.probe(script: Self.sameCellsScript(container: container, item: item), page: page)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Result: Decodable { var written: String; var made: String; var gone: Int }
        let result = try JSONDecoder().decode(Result.self, from: BrowserEngine.chromium.open(probe, in: site, width: 1100, height: 800))
        #expect(result.gone == 0, "\(page): the first cells were not let go in the middle of the album")
        #expect(result.written.count > 500)
        let same = zip(result.written, result.made).prefix { $0 == $1 }.count
        #expect(result.written == result.made, "\(page): from character \(same), written …\(result.written.dropFirst(max(0, same - 200)).prefix(600))\nmade …\(result.made.dropFirst(max(0, same - 200)).prefix(600))")
    }

    @Test("through gallery serve: the page and its data files from the server, every cell where the engine put it")
    func throughServe() async throws {
        let work = try LargeAlbum.work.get()
        let server = try await GalleryBinary.serve(["--db", work.database, "--port", "0"], in: work.folder)
        defer { server.process.terminate(); server.process.waitUntilExit(timeout: 30) }
        let url = try #require(server.url, "no 'serving' line: \(server.stderr.text)")
        // The server makes each file when first asked for: the album page alone first.
        let (_, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let served = URL(fileURLWithPath: work.database + ".site")
        #expect(try FileManager.default.contentsOfDirectory(atPath: served.path) == ["index.html"])
        let page = served.appending(path: "index.html")
        // One renderer: every file of the export, asked of the server, is the same bytes (asked
        // before any image: the server keeps the colours of the images it makes, and the pages
        // made after them show those).
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: work.site.appending(path: SiteExporter.manifestName))) as? [String: Any]
        let files = (manifest?["files"] as? [String] ?? []).filter { !$0.hasPrefix("thumbs/") && !$0.hasPrefix("large/") }
        // Pages, plain pages, data (index, ids, chunks, the rows' frames), styles, fonts.
        #expect(files.count > 30, "\(files.count) files")
        for name in files {
            let (bytes, answer) = try await URLSession.shared.data(from: url.appending(path: name))
            #expect((answer as? HTTPURLResponse)?.statusCode == 200, "\(name)")
            #expect(bytes == (try Data(contentsOf: work.site.appending(path: name))), "\(name) differs between export and serve")
        }

        let json = try HeadlessChromium.evaluate(page: page, script: BrowserEngine.fontsReadyScript + "{" + LargeAlbum.walkScript(container: ".grid", item: ".cell") + "}",
                                                 width: 1100, height: 900, server: url)
        let steps = try JSONDecoder().decode([LargeAlbum.Step].self, from: Data(json.utf8))
        #expect(steps.count == 4)
        try LargeAlbum.check(steps, label: "served, 1100 px", justified: false)
    }
}
