@testable import GallerySearch
import GalleryTestSupport
import Testing

/// Search's folding and tokens: what the Swift side and the page's script must agree on.
@Suite("Search text: folding, tokens, queries")
struct SearchTextTests {
    @Test("folding: case, accents, compatibility forms")
    func folding() {
        #expect(SearchText.fold("Île-de-France") == "ile-de-france")
        #expect(SearchText.fold("Maël CAFÉ ﬁeld") == "mael cafe field")
        #expect(SearchText.fold("Ｆｕｌｌ") == "full", "fullwidth letters are their ASCII selves")
        #expect(SearchText.fold("ΣΟΦΟΣ") == "σοφοσ" && SearchText.fold("σοφος") == "σοφοσ", "a final sigma is a sigma, whichever lowercasing")
        #expect(SearchText.fold("서울") == "서울", "Hangul syllables stay syllables")
    }

    @Test("tokens: words of letters and digits; Han, kana and Hangul in overlapping pairs")
    func tokens() {
        #expect(SearchText.tokens("Harbour at dusk, 14/07/2024 (IMG_0412.JPG)") == ["harbour", "at", "dusk", "14", "07", "2024", "img", "0412", "jpg"])
        #expect(SearchText.tokens("東京都") == ["東京", "京都"])
        #expect(SearchText.tokens("港の灯り") == ["港の", "の灯", "灯り"])
        #expect(SearchText.tokens("京") == ["京"])
        #expect(SearchText.tokens("서울 타워") == ["서울", "타워"])
        #expect(SearchText.tokens("Tokyo東京tower") == ["tokyo", "東京", "tower"])
        #expect(SearchText.tokens("नमस्ते दुनिया").count == 2, "Devanagari: two words, whole (its vowel signs are marks)")
        #expect(SearchText.tokens("🌊🏊‍♀️ \u{200F}") == [], "emoji and marks of direction are no words")
    }

    @Test("ASCII text folds and cuts on its shortcut exactly as on the Unicode path (seeded)")
    func asciiShortcut() {
        var random = SplitMix64(seed: 51)
        // Every ASCII byte, words and separators alike, in runs long enough to make words.
        let alphabet = (0 ..< 128).map { Character(Unicode.Scalar(UInt8($0))) } + Array("Harbour at dusk IMG_0412 2024-07-14")
        for _ in 0 ..< 2_000 {
            let text = String((0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            #expect(SearchText.isASCII(text))
            #expect(SearchText.fold(text) == SearchText.foldUnicode(text), "\(text.debugDescription)")
            #expect(SearchText.asciiTokens(text) == SearchText.unicodeTokens(text), "\(text.debugDescription)")
        }
        #expect(!SearchText.isASCII("Maël") && SearchText.tokens("Maël Le Goff") == ["mael", "le", "goff"])
    }

    @Test("a query: every word begins a word of the photo; duplicates once; hostile text finds nothing it does not say")
    func queries() {
        let photo = SearchText.tokens("Harbour at dusk — boats, Concarneau, Maël Le Goff, July 2024, 港の灯り")
        #expect(SearchQuery("harb").matches(photo))
        #expect(SearchQuery("HARBOUR  dusk").matches(photo))
        #expect(SearchQuery("mael").matches(photo) && SearchQuery("MAËL").matches(photo))
        #expect(SearchQuery("灯り").matches(photo) && SearchQuery("灯").matches(photo))
        #expect(!SearchQuery("harbour night").matches(photo), "every word is required")
        #expect(!SearchQuery("arbour").matches(photo), "a word's beginning, not its middle")
        #expect(!SearchQuery("").matches(photo) && SearchQuery("").isEmpty)
        #expect(!SearchQuery("<img src=x onerror=alert(1)>").matches(photo))
        #expect(SearchQuery(String(repeating: "harbour ", count: 2_000)).tokens == ["harbour"])
        #expect(SearchQuery((0 ..< 1_000).map { "w\($0)" }.joined(separator: " ")).tokens.count == SearchQuery.mostTokens)
        #expect(!SearchQuery("\u{200F}\u{202E}").matches(photo) && SearchQuery("\u{200F}\u{202E}").isEmpty)
    }

    @Test("a photo's words: its texts, keywords' levels, file name, album, camera and date in the site's month names")
    func documents() {
        let months = (1 ... 12).map { ["m\($0)"] }
        let tokens = SearchDocument.tokens(caption: "Harbour", comment: "", keywords: ["Places", "Brittany"], people: ["Anna"], place: ["Brest"],
                                           camera: "Google Pixel 7", fileName: "IMG_0412.JPG", album: "coast", takenAt: "2024-07-14T06:00:00+01:00",
                                           monthNames: months)
        for word in ["harbour", "places", "brittany", "anna", "brest", "google", "pixel", "7", "img", "0412", "coast", "2024", "07", "14", "m7"] {
            #expect(tokens.contains(word), "\(word) in \(tokens)")
        }
        #expect(!tokens.contains("m6"))
    }
}
