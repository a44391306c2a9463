import Foundation
@testable import GalleryStore
import GalleryTestSupport
import GalleryZip
import GRDB
import Testing
@testable import TextMetrics

/// The site carries every font it draws with: each character of every caption and comment is
/// in one of the subset fonts its stylesheet declares, characters none of the styles' fonts has
/// included (the system's fallback face, shipped like the others).
@Suite("The exported site's fonts cover every character it draws")
struct SiteFontsTests {
    static let texts = [
        ("Harbour at dusk", "The ferry had just left; 夕方の港 and 🌅."),
        ("𝐓𝐡𝐞 𝕢𝕦𝕚𝕔𝕜 fox", "∀x ∈ ℝ: ∑ᵢ xᵢ² ≥ 0, ∮ E·dA, 𝄞 ♩ ♪, braille ⠓⠑⠇⠇⠕."),
        ("𐐜𐐲 Deseret", "Ogham ᚛ᚑᚌᚐᚋ᚜, runes ᚠᚢᚦ, Gothic 𐌰𐌱𐌲, Ethiopic ሰላም ለዓለም።"),
        ("װאָס ײִדיש", "Tamil வணக்கம், Sinhala ආයුබෝවන්, Khmer សួស្តី, Armenian Բարև, Georgian გამარჯობა."),
    ]

    /// One small photo per text, captioned and commented with it, in `photos/`.
    static func writePhotos(into work: TemporaryDirectory) throws {
        var annotations: [[String: String]] = []
        for (index, text) in texts.enumerated() {
            try work.write("photos/p\(index).jpg", TestImages.jpeg(width: 90, height: 60, seed: UInt8(index)))
            annotations.append(["photo": "p\(index).jpg", "caption": text.0, "comment": text.1])
        }
        try work.write("photos/annotations.json", Array(try JSONSerialization.data(withJSONObject: annotations)))
    }

    @Test("every visible character of the annotations and pages has a glyph in a font the stylesheet declares")
    func coverage() throws {
        let work = try TemporaryDirectory("site-fonts")
        try Self.writePhotos(into: work)
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("no installed font"), "\(build.stderr)")
        let site = work.url.appending(path: "site")
        let css = try String(contentsOf: site.appending(path: "gallery.css"), encoding: .utf8)

        // @font-face { font-family: "NAME"; src: url("fonts/FILE"); ... }
        var declared: [(family: String, font: LoadedFont)] = []
        let faceRule = #/@font-face \{\s*font-family: "(?<family>[^"]+)";\s*src: url\("(?<url>[^"]+)"\);/#
        for match in css.matches(of: faceRule) {
            // HarfBuzz reads sfnt, the site ships WOFF: read back into a file of its own.
            let woff = try [UInt8](Data(contentsOf: site.appending(path: String(match.output.url))))
            let file = work.url.appending(path: "sfnt-\(declared.count)").path
            try Data(try #require(WOFF.decode(woff), "\(match.output.url) is not WOFF")).write(to: URL(fileURLWithPath: file))
            declared.append((String(match.output.family), try LoadedFont(FontFace(family: String(match.output.family), path: file, package: "site"), size: 16)))
        }
        let fallbacks = declared.filter { $0.family.hasPrefix("Gallery Fallback") }
        #expect(fallbacks.count >= 3, "fallback faces declared: \(fallbacks.map(\.family))")
        // The text classes list them after their own fonts.
        let captionRule = try #require(css.firstRange(of: "\n.caption {").map { css[$0.lowerBound...].prefix(2000) })
        for fallback in fallbacks {
            #expect(captionRule.contains("\"\(fallback.family)\""), "\(fallback.family) is not in .caption's font-family")
        }

        // Everything the pages show: the annotations, and every text node of every page
        // (titles, navigation, counts, the lightbox's buttons).
        var shown = Self.texts.map { $0.0 + $0.1 }
        for file in try FileManager.default.contentsOfDirectory(atPath: site.path) where file.hasSuffix(".html") {
            var html = try String(contentsOf: site.appending(path: file), encoding: .utf8)
            html.replace(#/<(script|style)[^>]*>(?s:.*?)</\1>/#, with: " ")
            html.replace(#/<[^>]*>/#, with: " ")
            for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
                html = html.replacingOccurrences(of: entity, with: character)
            }
            shown.append(html)
        }
        // And the words the script writes into the page (`….textContent = '…'`, and its
        // English words, `galleryEnglishWords`).
        let script = try String(contentsOf: site.appending(path: "gallery.js"), encoding: .utf8)
        var written = script.matches(of: #/textContent = '(?<text>[^']+)'/#).map { String($0.output.text) }
        // And the text of the markup it writes (the lightbox's buttons: `">×</button>`).
        written += script.matches(of: #/">(?<text>[^<>'"]+)</#).map { String($0.output.text) }
        let words = try #require(script.firstMatch(of: #/const galleryEnglishWords = (?<json>\{.*\});/#)).output.json
        written += (try JSONSerialization.jsonObject(with: Data(words.utf8)) as? [String: String] ?? [:]).values
        #expect(written.contains("This photo could not be loaded."), "\(written)")
        shown += written
        #expect(shown.contains { $0.contains("Carousel") } && written.contains("×") && written.contains("‹"))
        var missing: [String] = []
        for scalar in Set(shown.flatMap(\.unicodeScalars)) {
            guard !scalar.properties.isDefaultIgnorableCodePoint, !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control else { continue }
            if !declared.contains(where: { $0.font.hasGlyph(scalar) }) {
                missing.append("U+\(String(scalar.value, radix: 16, uppercase: true)) \(scalar)")
            }
        }
        #expect(missing.isEmpty, "characters no font of the site has: \(missing.sorted())")
    }

    @Test("the fonts come from the characters kept at import; a library from before they were kept gets the same fonts")
    func keptCharacters() throws {
        let work = try TemporaryDirectory("kept-characters")
        try Self.writePhotos(into: work)
        let imported = try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let database = try GalleryDatabase(path: work.url.appending(path: "gallery.db").path)
        let kept = try database.fontCharacters()
        #expect(kept.styles != nil)
        let all = kept.characters.values.joined()
        for scalar in (Self.texts.map { $0.0 + $0.1 }.joined()).unicodeScalars where !scalar.properties.isWhitespace {
            #expect(all.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16)) was not kept")
        }
        let first = try GalleryBinary.run(["export", "--out", "first", "--quiet"], in: work.url)
        #expect(first.status == 0, "\(first.stderr)")

        // As a library made before migration 0007 kept them: nothing kept, no marker.
        try database.writer.write { db in
            try db.execute(sql: "DELETE FROM font_characters; DELETE FROM library_settings WHERE key = 'font_characters'")
        }
        let second = try GalleryBinary.run(["export", "--out", "second", "--quiet"], in: work.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try database.fontCharacters().characters == kept.characters)
        let css = try String(contentsOf: work.url.appending(path: "first/gallery.css"), encoding: .utf8)
        #expect(css == (try String(contentsOf: work.url.appending(path: "second/gallery.css"), encoding: .utf8)))
        for font in try FileManager.default.contentsOfDirectory(atPath: work.url.appending(path: "first/fonts").path) {
            #expect(try Data(contentsOf: work.url.appending(path: "first/fonts/\(font)")) == Data(contentsOf: work.url.appending(path: "second/fonts/\(font)")), "\(font)")
        }

        // Characters kept for other fonts (a font package upgraded since): found again too.
        try database.writer.write { db in
            try db.execute(sql: "DELETE FROM font_characters; UPDATE library_settings SET value = 'other fonts' WHERE key = 'font_characters'")
        }
        let third = try GalleryBinary.run(["export", "--out", "second", "--quiet"], in: work.url)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try database.fontCharacters().characters == kept.characters)
        #expect(css == (try String(contentsOf: work.url.appending(path: "second/gallery.css"), encoding: .utf8)))
    }
}
