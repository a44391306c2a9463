import Foundation
import GalleryTestSupport
import GalleryZip
import Testing
@testable import TextMetrics

/// A page of texts in boxes of given widths, for a browser to draw: each box reports the
/// height it takes unconstrained (`natural`) and under the page's own rules (`boxed`). The
/// one page both parity suites measure with.
struct ParityPage {
    struct Case {
        var text: String
        var lang: String
        var style: TextStyle
        var width: Double
        /// The measurer's line starts (set as `<br>`), with `explicitLines`.
        var starts: [Int]
        var expected: TextMeasurement
    }

    struct Result: Decodable {
        var failed: [String]
        var natural: [Double]
        var boxed: [Double]
        var agent: String
    }

    let folder: TemporaryDirectory
    let cases: [Case]

    /// Every text at every width in every style. With `explicitLines`, each is set in the
    /// measurer's lines (`data-lines`, a `<br>` at each line start) with the fonts subset as a
    /// site ships them; otherwise in its natural flow with the system's own font files.
    init(corpus: [BrowserParityTests.CorpusEntry], styles: [TextStyle], widths: [Double], explicitLines: Bool) throws {
        folder = try TemporaryDirectory("parity")
        let measurer = TextMeasurer()
        var cases: [Case] = []
        var body = ""
        for style in styles {
            for width in widths {
                for entry in corpus {
                    let expected = try measurer.measure(entry.text, style: style, width: width)
                    let box = "<div style=\"width:\(Int(width))px\" data-i=\"\(cases.count)\">"
                    if explicitLines {
                        let starts = try measurer.lineStarts(entry.text, style: style, width: width)
                        body += box + "<p class=\"\(style.name)\" data-lines=\"\(starts.count)\" style=\"--lines:\(starts.count)\">\(Self.lines(entry.text, starts))</p></div>\n"
                        cases.append(Case(text: entry.text, lang: entry.lang, style: style, width: width, starts: starts, expected: expected))
                    } else {
                        body += box + "<p class=\"\(style.name)\">\(HeadlessChromium.escape(entry.text))</p></div>\n"
                        cases.append(Case(text: entry.text, lang: entry.lang, style: style, width: width, starts: [], expected: expected))
                    }
                }
            }
        }
        let css: String
        if explicitLines {
            css = try Self.subsetFontsCSS(corpus.map(\.text), styles: styles, measurer: measurer, into: folder.url)
        } else {
            css = try Self.wholeFontsCSS(styles: styles, into: folder.url)
        }
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
        self.cases = cases
    }

    /// The page drawn by `engine`.
    func open(in engine: BrowserEngine) throws -> Result {
        // Thousands of boxes measured in one page: beside the whole suite under load such a
        // test ran 500 to 930 s in all, where alone it takes seconds. The deadline guards
        // against a hang, not speed.
        let data = try engine.open("parity.html", in: folder.url, width: 1000, height: 800, timeout: 600)
        return try JSONDecoder().decode(Result.self, from: data)
    }

    /// Fonts as a site ships them: each face's two files (`FontFile.cuts`), as WOFF; their CSS.
    private static func subsetFontsCSS(_ texts: [String], styles: [TextStyle], measurer: TextMeasurer, into folder: URL) throws -> String {
        var characters: [FontFace: Set<Unicode.Scalar>] = [:]
        for style in styles {
            characters.merge(try measurer.charactersByFace(texts, style: style)) { $0.union($1) }
        }
        try FileManager.default.createDirectory(at: folder.appending(path: "fonts"), withIntermediateDirectories: true)
        var urls: [String: String] = [:]
        var done = Set<String>()
        for (face, used) in characters where done.insert(face.family).inserted {
            for file in try FontFile.cuts(of: face, used: used) {
                let name = "fonts/font-\(urls.count).woff"
                try Data(try #require(WOFF.encode(file.bytes))).write(to: folder.appending(path: name))
                urls["\(face.family) \(file.cut)"] = name
            }
        }
        let listed = Set(styles.flatMap(\.fonts))
        return TextStyle.css(for: styles, fallbackFaces: characters.keys.filter { !listed.contains($0) }) { urls["\($0.family) \($1)"] }
    }

    /// The system's font files themselves (beside the page, which is served over HTTP and may
    /// not load file: URLs: hard links, or copies on another disk; the server, as `gallery
    /// serve`, follows no link out of its folder); their CSS.
    private static func wholeFontsCSS(styles: [TextStyle], into folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder.appending(path: "fonts"), withIntermediateDirectories: true)
        var names: [String: String] = [:]
        for face in styles.flatMap(\.fonts) where names[face.path] == nil {
            let name = "fonts/whole-\(names.count)." + URL(fileURLWithPath: face.path).pathExtension
            let target = folder.appending(path: name).path
            do {
                try FileManager.default.linkItem(atPath: face.path, toPath: target)
            } catch {
                try FileManager.default.copyItem(atPath: face.path, toPath: target)
            }
            names[face.path] = name
        }
        return TextStyle.css(for: styles) { names[$0.path] }
    }

    /// `text` escaped, with `<br>` at each line start (the export's markup).
    static func lines(_ text: String, _ starts: [Int]) -> String {
        let bytes = Array(text.utf8)
        let cuts = [0] + starts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
        return (0 ..< cuts.count - 1).map { HeadlessChromium.escape(String(decoding: bytes[cuts[$0] ..< cuts[$0 + 1]], as: UTF8.self)) }
            .joined(separator: "<br>")
    }
}
