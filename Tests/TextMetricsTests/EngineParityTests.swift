import Foundation
import GalleryTestSupport
import Testing
@testable import TextMetrics

/// The promise the pages make: a caption or comment set in the lines the measurer chose
/// (`data-lines`, a `<br>` at each line start, see `TextStyle.explicitLinesCSS`) takes exactly
/// that many lines in Chromium, Firefox and WebKit, with the fonts subset as a site ships them.
@Suite("Measured lines are drawn as measured in all three engines", .serialized)
struct EngineParityTests {
    static let styles = BrowserParityTests.styles

    /// The corpus page: every text at every width in every style, set in its measured lines.
    /// Returns the folder (page + subset fonts) and the measurements in page order.
    static func corpusPage(widths: [Double]) throws -> (TemporaryDirectory, [(text: String, lang: String, style: TextStyle, width: Double, starts: [Int], expected: TextMeasurement)]) {
        let corpus = try BrowserParityTests.corpus()
        let folder = try TemporaryDirectory("engine-parity")
        let measurer = TextMeasurer()
        var cases: [(text: String, lang: String, style: TextStyle, width: Double, starts: [Int], expected: TextMeasurement)] = []
        var body = ""
        for style in styles {
            for width in widths {
                for entry in corpus {
                    let starts = try measurer.lineStarts(entry.text, style: style, width: width)
                    let expected = try measurer.measure(entry.text, style: style, width: width)
                    body += "<div style=\"width:\(Int(width))px\" data-i=\"\(cases.count)\"><p class=\"\(style.name)\" data-lines=\"\(starts.count)\" style=\"--lines:\(starts.count)\">\(Self.lines(entry.text, starts))</p></div>\n"
                    cases.append((entry.text, entry.lang, style, width, starts, expected))
                }
            }
        }
        // Fonts as a site ships them: each face cut to what it draws here.
        var characters: [FontFace: Set<Unicode.Scalar>] = [:]
        for style in styles {
            characters.merge(try measurer.charactersByFace(corpus.map(\.text), style: style)) { $0.union($1) }
        }
        try FileManager.default.createDirectory(at: folder.url.appending(path: "fonts"), withIntermediateDirectories: true)
        var urls: [String: String] = [:]
        for (face, used) in characters where urls[face.family] == nil {
            guard let bytes = try FontSubsetter.subset(face, characters: used) else { continue }
            let name = "fonts/font-\(urls.count).font"
            try Data(bytes).write(to: folder.url.appending(path: name))
            urls[face.family] = name
        }
        let listed = Set(styles.flatMap(\.fonts))
        let css = TextStyle.css(for: styles, fallbackFaces: characters.keys.filter { !listed.contains($0) }) { urls[$0.family] }
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><style>
            \(css)
            body { margin: 0; } div[data-i] { margin: 0 0 4px 0; }
            </style><style id="natural">
            [data-lines] { height: auto !important; display: block !important; -webkit-line-clamp: none !important; overflow: visible !important; }
            </style></head><body>
            \(body)
            <script>\(BrowserEngine.resultScript)\(BrowserEngine.fontsReadyScript)</script>
            <script>
            (async () => {
              const failed = await galleryFontsReady();
              const boxes = [...document.querySelectorAll('[data-i] > p')];
              // Unconstrained, each text takes the lines it takes; then the page's own rules.
              const natural = boxes.map(p => p.getBoundingClientRect().height);
              document.getElementById('natural').remove();
              const boxed = boxes.map(p => p.getBoundingClientRect().height);
              await galleryTestReport({ failed, natural, boxed, agent: navigator.userAgent });
            })();
            </script></body></html>
            """
        try Data(page.utf8).write(to: folder.url.appending(path: "parity.html"))
        return (folder, cases)
    }

    /// `text` escaped, with `<br>` at each line start (the export's markup).
    static func lines(_ text: String, _ starts: [Int]) -> String {
        let bytes = Array(text.utf8)
        let cuts = [0] + starts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
        return (0 ..< cuts.count - 1).map { HeadlessChromium.escape(String(decoding: bytes[cuts[$0] ..< cuts[$0 + 1]], as: UTF8.self)) }
            .joined(separator: "<br>")
    }

    /// The quoted CSS family names (as `FontFace.family` reports them) of color bitmap fonts.
    static func colorBitmapFamilies() throws -> [String] {
        try styles.flatMap(\.fonts).filter { try LoadedFont($0, size: 16).isColorEmoji }.map { "\"\($0.family)\"" }
    }

    struct Result: Decodable {
        var failed: [String]
        var natural: [Double]
        var boxed: [Double]
        var agent: String
    }

    static func check(_ engine: BrowserEngine, widths: [Double]) throws {
        let (folder, cases) = try corpusPage(widths: widths)
        let data = try engine.open("parity.html", in: folder.url, width: 1000, height: 800)
        let result = try JSONDecoder().decode(Result.self, from: data)
        // Firefox refuses color bitmap (CBDT) fonts as web fonts and draws those characters
        // with the visitor's own emoji font: the lines are still ours, so heights hold.
        let refusable = engine == .firefox ? Set(try Self.colorBitmapFamilies()) : []
        #expect(result.failed.filter { !refusable.contains($0) }.isEmpty, "\(engine): fonts it could not load: \(result.failed)")
        #expect(result.natural.count == cases.count && result.boxed.count == cases.count)
        var mismatches: [String] = []
        for (index, item) in cases.enumerated() where index < min(result.natural.count, result.boxed.count) {
            let lines = Double(max(item.starts.count, item.expected.lines))
            let natural = result.natural[index]
            if abs(natural - lines * item.style.lineHeight) > 0.5 || abs(result.boxed[index] - item.expected.height) > 0.5 {
                mismatches.append("\(item.style.name) @\(Int(item.width))px [\(item.lang)] measured \(Int(lines)) lines (\(item.expected.height) px shown), drawn \(natural) px unclamped, \(result.boxed[index]) px boxed: \(item.text.prefix(50))")
            }
        }
        #expect(mismatches.isEmpty, Comment(rawValue: "\(engine) (\(result.agent)): \(mismatches.count) of \(cases.count) differ:\n" + mismatches.prefix(30).joined(separator: "\n")))
    }

    @Test("Chromium: every corpus text at every 7 px from 80 to 600, every style")
    func chromium() throws {
        try Self.check(.chromium, widths: BrowserParityTests.widths)
    }

    @Test("Firefox: the corpus at five widths, every style")
    func firefox() throws {
        try Self.check(.firefox, widths: [80, 143, 236, 339, 600])
    }

    @Test("WebKit: the corpus at five widths, every style")
    func webkit() throws {
        try Self.check(.webkit, widths: [80, 143, 236, 339, 600])
    }
}
