import Foundation
import GallerySearch
import GalleryTestSupport
import Testing

/// The page's search text (gallery-8-search.js) against Swift's (GallerySearch), in every
/// engine: the search box must find what `gallery layout --query` finds, so their tokens must
/// be the same, character for character, for any text.
@Suite("Search text: the page's script folds and cuts as Swift does")
struct SearchTextParityTests {
    static let texts = [
        "Harbour at dusk, 14/07/2024 (IMG_0412.JPG)", "Île-de-France", "Maël CAFÉ ﬁeld", "Ｆｕｌｌｗｉｄｔｈ ＡＢＣ", "ΣΟΦΟΣ σοφος",
        "東京都の夜景", "港の灯り", "서울 타워", "Tokyo東京tower", "नमस्ते दुनिया", "Straße", "İstanbul", "ǅemal", "Ⅻ ② ½",
        "🌊🏊‍♀️ swim", "\u{200F}שלום עולם\u{200E}", "مرحبا بالعالم", "<img src=x onerror=alert(1)>", "a\u{0301}e\u{0300}", "x\u{FE0F}y",
        "Ελληνικά", "Привет, мир", "ภาษาไทย", "Tiếng Việt", "ＡＢＣ１２３", "ｶﾀｶﾅ", "𠮷野家",
    ]

    @Test("galleryTokens and galleryQueryTokens equal SearchText.tokens and SearchQuery.tokens", arguments: BrowserEngine.allCases)
    func parity(engine: BrowserEngine) throws {
        let site = try SampleSite.site
        let encoded = String(decoding: try JSONEncoder().encode(Self.texts), as: UTF8.self)
        let probe = try EngineExportTests.probe("index.html", in: site, script: """
            window.addEventListener('load', () => {
              const texts = \(encoded);
              galleryTestReport({ tokens: texts.map(galleryTokens), query: texts.map(galleryQueryTokens) });
            });
            """)
        defer { try? FileManager.default.removeItem(at: site.appending(path: probe)) }
        struct Report: Decodable { var tokens: [[String]]; var query: [[String]] }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(probe, in: site, width: 390, height: 844))
        #expect(report.tokens.count == Self.texts.count)
        for (index, text) in Self.texts.enumerated() where index < report.tokens.count {
            #expect(report.tokens[index] == SearchText.tokens(text), "\(engine): '\(text)'")
            #expect(report.query[index] == SearchQuery(text).tokens, "\(engine): query '\(text)'")
        }
    }
}
