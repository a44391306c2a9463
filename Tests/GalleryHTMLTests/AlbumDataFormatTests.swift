import Foundation
@testable import GalleryHTML
import GalleryJSON
import GalleryTestSupport
import Testing

/// The two data files a caption edited rewrites on every page that shows the photo, its group's
/// shapes and the columns' ends (issue 51), are written short, and read back to the engine's
/// own numbers: the page's placement (`galleryPlaceGroup`, held to the engine by
/// ChunkPlacementTests in the browsers) needs every bit.
@Suite("Album data files: shapes and columns written short, read back exactly")
struct AlbumDataFormatTests {
    static func json(_ value: some Encodable) throws -> String {
        try JSON.string(value, JSONOutput(sortedKeys: true))
    }

    @Test("a shape is its ratio in lowest terms and its texts' runs, 0 for a text it has not, the trailing ones left out")
    func shapes() throws {
        let caption = AlbumData.Shape.place(captions: [20, 20, 40], comments: nil)
        let both = AlbumData.Shape.place(captions: [20, 20, 40], comments: [36, 18, 18])
        let comment = AlbumData.Shape.place(captions: nil, comments: [18, 18, 18])
        #expect(try Self.json(AlbumData.Shape(width: 4032, height: 3024, place: [:])) == "[4,3]")
        #expect(try Self.json(AlbumData.Shape(width: 1100, height: 820, place: caption)) == "[55,41,[20,2,40,1]]")
        #expect(try Self.json(AlbumData.Shape(width: 1080, height: 1920, place: both)) == "[9,16,[20,2,40,1],[36,1,18,2]]")
        #expect(try Self.json(AlbumData.Shape(width: 7, height: 7, place: comment)) == "[1,1,0,[18,3]]")
        // Known by its ratio only: that ratio over 1, the same double.
        #expect(try Self.json(AlbumData.Shape(aspectRatio: 1.5, place: [:])) == "[1.5,1]")
        // The page divides the terms: the engine's ratio to the bit, for sizes that do not reduce far.
        for (width, height) in [(4032, 3024), (6000, 4000), (1100, 820), (4095, 2731), (3, 7919), (7919, 3)] {
            let shape = AlbumData.Shape(width: width, height: height, place: [:])
            #expect(shape.width / shape.height == Double(width) / Double(height), "\(width)×\(height)")
        }
    }

    @Test("a shapes file counts its texts' heights in lines where every one is whole lines, else in px")
    func lines() throws {
        let data = AlbumData(stem: "album-coast")
        let shapes = [AlbumData.Shape(width: 3, height: 2, place: AlbumData.Shape.place(captions: [40, 40, 20], comments: [144, 126, 126])),
                      AlbumData.Shape(width: 2, height: 3, place: AlbumData.Shape.place(captions: nil, comments: [18, 18, 18]))]
        #expect(try data.shapesScript(shapes: shapes, lineHeights: [20, 18])
            == #"galleryData({"cells":[[3,2,[2,2,1,1],[8,1,7,2]],[2,3,0,[1,3]]],"kind":"shapes","lines":[20,18]});"# + "\n")
        // A comment 25 px tall is no whole number of 18 px lines: the comments in px, the captions still in lines.
        let odd = shapes + [AlbumData.Shape(width: 1, height: 1, place: AlbumData.Shape.place(captions: [20, 20, 20], comments: [25, 25, 25]))]
        #expect(try data.shapesScript(shapes: odd, lineHeights: [20, 18])
            == #"galleryData({"cells":[[3,2,[2,2,1,1],[144,1,126,2]],[2,3,0,[18,3]],[1,1,[1,3],[25,3]]],"kind":"shapes","lines":[20,1]});"# + "\n")
    }

    @Test("the columns' ends are each band's doubles in base64, every bit kept")
    func columns() throws {
        let bands: [[Double]] = [[0, 0, 2079.645833333333, 985.6458333333333], [5449863.667249006, 0.1 + 0.2, -0.0, 1e-300], []]
        let columns = AlbumData.Columns(starts: bands)
        #expect(columns.starts.count == 3 && columns.starts[2].isEmpty)
        for (band, text) in zip(bands, columns.starts) {
            let bytes = try #require(Data(base64Encoded: text))
            #expect(bytes.count == 8 * band.count)
            let read = stride(from: 0, to: bytes.count, by: 8).map { at in
                Double(bitPattern: bytes[at ..< at + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            }
            #expect(read.map(\.bitPattern) == band.map(\.bitPattern), "\(read) against \(band)")
        }
    }

    /// Summaries as the heights' style sheet writes them (`HTML.cssString`), in every language's
    /// script and with the characters a CSS string must escape.
    static let summaries = ["写真 3 枚、動画 2 本", "12 Fotos, 3 Videos", "3 photos et vidéos", "a \"quoted\" back\\slash", "tab\tand\nline", "🌊 2 photos", "é1 (hex digit after an escape)"]

    @Test("the album's summary in a style sheet's content reads back as written, in every engine", arguments: BrowserEngine.allCases)
    func summaryInStyleSheet(engine: BrowserEngine) throws {
        let folder = try TemporaryDirectory("css-string")
        let rules = Self.summaries.enumerated().map { "#s\($0.offset)::before { content: \(HTML.cssString($0.element)); }" }.joined(separator: "\n")
        let spans = Self.summaries.indices.map { "<span id=\"s\($0)\"></span>" }.joined()
        // The style sheet as a file of its own, served without a charset: its escapes are ASCII.
        try folder.write("summary.css", text: rules)
        try folder.write("page.html", text: """
            <!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="summary.css"></head><body>\(spans)
            <script>\(BrowserEngine.resultScript)</script><script>
            // A computed content is a CSS string again: its escapes read back.
            const unquote = (css) => css.slice(1, -1).replace(/\\\\([0-9a-fA-F]{1,6}) ?|\\\\(.)/gu, (_, hex, other) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : other));
            window.addEventListener('load', () => galleryTestReport([...document.querySelectorAll('span')].map((s) => unquote(getComputedStyle(s, '::before').content))));
            </script></body></html>
            """)
        let read = try JSONDecoder().decode([String].self, from: engine.open("page.html", in: folder.url, width: 400, height: 300))
        #expect(read == Self.summaries, "\(engine)")
        #expect(rules.unicodeScalars.allSatisfy { $0.isASCII }, "\(rules)")
    }
}
