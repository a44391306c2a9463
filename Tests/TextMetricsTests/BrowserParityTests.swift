import Foundation
import GalleryTestSupport
import Testing
@testable import TextMetrics

/// The property the whole product rests on: what `TextMeasurer` computes is what Chromium draws.
@Suite("Text metrics agree with a real browser")
struct BrowserParityTests {
    struct CorpusEntry: Decodable {
        var lang: String
        var text: String
    }

    static let widths: [Double] = Array(stride(from: 80.0, through: 600.0, by: 7.0)) + [600]

    static func corpus() throws -> [CorpusEntry] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/corpus.json")
        return try JSONDecoder().decode([CorpusEntry].self, from: Data(contentsOf: url))
    }

    /// The styles under test: the real ones, plus the caption without its line clamp so every
    /// line count is compared too.
    static var styles: [TextStyle] {
        var unclamped = GalleryTextStyles.caption
        unclamped.name = "caption-unclamped"
        unclamped.maxLines = nil
        return GalleryTextStyles.all + [unclamped]
    }

    /// The texts whose natural flow (no explicit lines) this test holds to Chromium's: those the
    /// styles' own fonts draw whole. Texts that need the system's fallback faces, controls and
    /// line separators are held to every engine's drawing in explicit lines
    /// (EngineParityTests), which is how pages set them.
    static func naturalCorpus() throws -> [CorpusEntry] {
        let measurer = TextMeasurer()
        var entries: [CorpusEntry] = []
        for entry in try corpus() where !["ctl", "fmt", "ls"].contains(entry.lang) {
            if try styles.allSatisfy({ try measurer.fontSignature(entry.text, style: $0).isEmpty }) { entries.append(entry) }
        }
        return entries
    }

    @Test("every corpus text the styles' fonts draw, at every width, in every style: same line count, height within 0.5 px")
    func parity() throws {
        let corpus = try Self.naturalCorpus()
        #expect(corpus.count >= 44)
        let folder = try TemporaryDirectory("parity")
        let measurer = TextMeasurer()
        var cases: [(text: String, lang: String, style: TextStyle, width: Double, expected: TextMeasurement)] = []
        var body = ""
        for style in Self.styles {
            for width in Self.widths {
                for entry in corpus {
                    let expected = try measurer.measure(entry.text, style: style, width: width)
                    body += "<div style=\"width:\(Int(width))px\" data-i=\"\(cases.count)\"><p class=\"\(style.name)\">\(HeadlessChromium.escape(entry.text))</p></div>\n"
                    cases.append((entry.text, entry.lang, style, width, expected))
                }
            }
        }
        let css = TextStyle.css(for: Self.styles) { URL(fileURLWithPath: $0.path).absoluteString }
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><style>
            \(css)
            body { margin: 0; } div[data-i] { margin: 0 0 4px 0; }
            </style></head><body>
            \(body)
            <pre id="result">pending</pre>
            <script>\(BrowserEngine.fontsReadyScript)</script>
            <script>
            (async () => {
              const failed = await galleryFontsReady();
              const heights = [...document.querySelectorAll('[data-i]')].map(d => d.firstElementChild.getBoundingClientRect().height);
              document.getElementById('result').textContent = JSON.stringify({failed, heights});
            })();
            </script></body></html>
            """
        let url = folder.url.appending(path: "parity.html")
        try Data(page.utf8).write(to: url)
        let dom = try HeadlessChromium.run(page: url, width: 1000, height: 800, budgetMilliseconds: 30_000)
        guard let start = dom.range(of: "<pre id=\"result\">"), let end = dom.range(of: "</pre>", range: start.upperBound ..< dom.endIndex) else {
            Issue.record("the page produced no result")
            return
        }
        let json = String(dom[start.upperBound ..< end.lowerBound])
        struct Result: Decodable { var failed: [String]; var heights: [Double] }
        let result = try JSONDecoder().decode(Result.self, from: Data(json.utf8))
        #expect(result.failed.isEmpty, "fonts the browser could not load: \(result.failed)")
        #expect(result.heights.count == cases.count)

        var mismatches: [String] = []
        for (index, item) in cases.enumerated() where index < result.heights.count {
            let drawn = result.heights[index]
            let drawnLines = Int((drawn / item.style.lineHeight).rounded())
            if abs(drawn - item.expected.height) > 0.5 || drawnLines != item.expected.lines {
                mismatches.append("\(item.style.name) @\(Int(item.width))px [\(item.lang)] measured \(item.expected.lines) lines/\(item.expected.height) px, drawn \(drawnLines)/\(drawn) px: \(item.text.prefix(60))")
            }
        }
        let report = folder.url.appending(path: "mismatches.txt")
        try? mismatches.joined(separator: "\n").write(to: report, atomically: true, encoding: .utf8)
        #expect(mismatches.isEmpty, Comment(rawValue: "\(mismatches.count) of \(cases.count) differ:\n" + mismatches.prefix(40).joined(separator: "\n")))
    }
}
