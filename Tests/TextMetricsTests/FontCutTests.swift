import Foundation
import GalleryTestSupport
import GalleryZip
import Testing
@testable import TextMetrics

/// A site ships each face as two files (`FontCut`): a fixed base and the rest. What spans
/// them must still draw as the font designed it, and as measured.
@Suite("A face's two files draw as one font")
struct FontCutTests {
    /// Clusters that span the cuts' border (a base digit with U+FE0F U+20E3, letters with
    /// combining marks, ZWJ sequences with U+200D in the base range), and letters of both
    /// cuts side by side.
    static let texts = [
        "🏊‍♀️", "👨‍👩‍👧‍👦", "1️⃣ #️⃣", "🏳️‍🌈", "❤️ ☺️ ☺", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "q̣̇ ậ é",
        "Łódź, Kraków", "Žluťoučký kůň", "İstanbul’da ağaç", "“Ωμέγα” — €5",
    ]

    @Test("ZWJ sequences, keycaps, tags and combining marks stay one cluster in every engine, as wide as measured")
    func spanningClusters() throws {
        let measurer = TextMeasurer()
        let style = GalleryTextStyles.caption
        let folder = try TemporaryDirectory("font-cut")
        try FileManager.default.createDirectory(at: folder.url.appending(path: "fonts"), withIntermediateDirectories: true)
        var urls: [String: String] = [:]
        for (face, used) in try measurer.charactersByFace(Self.texts, style: style) {
            for file in try FontFile.cuts(of: face, used: used) {
                let name = "fonts/\(urls.count).woff"
                try Data(try #require(WOFF.encode(file.bytes))).write(to: folder.url.appending(path: name))
                urls["\(face.family) \(file.cut)"] = name
            }
        }
        let primary = try #require(style.fonts.first).family
        #expect(urls["\(primary) base"] != nil && urls["\(primary) rest"] != nil, "\(urls.keys.sorted())")
        let css = TextStyle.css(for: [style], fallbackFaces: []) { urls["\($0.family) \($1)"] }
        #expect(css.contains("unicode-range: U+0-7E, U+A0-FF"), "\(css.prefix(600))")

        let spans = Self.texts.enumerated().map { index, text in
            "<span class=\"caption\" data-i=\"\(index)\" style=\"display: inline-block; white-space: pre; -webkit-line-clamp: none\">\(HeadlessChromium.escape(text))</span><br>"
        }.joined()
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><style>\(css)</style></head><body>\(spans)
            <script>\(BrowserEngine.resultScript)\(BrowserEngine.fontsReadyScript)</script>
            <script>
            (async () => {
              const failed = await galleryFontsReady();
              const widths = [...document.querySelectorAll('[data-i]')].map(span => span.getBoundingClientRect().width);
              await galleryTestReport({ failed, natural: widths, boxed: [], agent: navigator.userAgent });
            })();
            </script></body></html>
            """
        try Data(page.utf8).write(to: folder.url.appending(path: "cut.html"))
        let shaper = try measurer.shaper(for: style, key: style.fingerprint)
        let shaped = try Self.texts.map { try shaper.shape(Array($0.utf8)) }
        let measured = shaped.map { Double($0.prefix.last ?? 0) / LoadedFont.unitsPerPixel }
        let colorBitmap = try EngineParityTests.colorBitmapFamilies()
        for engine in BrowserEngine.allCases {
            let data = try engine.open("cut.html", in: folder.url, width: 800, height: 600, timeout: 300)
            let result = try JSONDecoder().decode(ParityPage.Result.self, from: data)
            // Firefox refuses color bitmap fonts as web fonts (EngineParityTests): it draws
            // those texts with the system's emoji font, whose widths are not ours to compare.
            let refused = engine == .firefox ? Set(colorBitmap) : []
            #expect(result.failed.filter { !refused.contains($0) }.isEmpty, "\(engine): fonts not loaded: \(result.failed)")
            for (index, drawn) in result.natural.enumerated() where index < measured.count
                && !shaped[index].faces.contains(where: { refused.contains("\"\($0.family)\"") }) {
                // WebKitGTK rounds each glyph's advance to a whole pixel; a sequence drawn in
                // pieces is a whole emoji (18.7 px) or a box wider.
                let tolerance = engine == .webkit ? 0.5 * Double(Self.texts[index].count + 1) + 1 : 0.5
                #expect(abs(drawn - measured[index]) <= tolerance, "\(engine): \(Self.texts[index]) drawn \(drawn) px, measured \(measured[index]) px")
            }
        }
    }
}
