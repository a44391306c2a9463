import Foundation
import GalleryTestSupport
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

    @Test("every visible character of the annotations and pages has a glyph in a font the stylesheet declares")
    func coverage() throws {
        let work = try TemporaryDirectory("site-fonts")
        var annotations: [[String: String]] = []
        for (index, text) in Self.texts.enumerated() {
            try work.write("photos/p\(index).jpg", TestImages.jpeg(width: 90, height: 60, seed: UInt8(index)))
            annotations.append(["photo": "p\(index).jpg", "caption": text.0, "comment": text.1])
        }
        try work.write("photos/annotations.json", Array(try JSONSerialization.data(withJSONObject: annotations)))
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stderr.contains("no installed font"), "\(build.stderr)")
        let site = work.url.appending(path: "site")
        let css = try String(contentsOf: site.appending(path: "gallery.css"), encoding: .utf8)

        // @font-face { font-family: "NAME"; src: url("fonts/FILE"); ... }
        var declared: [(family: String, font: LoadedFont)] = []
        let faceRule = #/@font-face \{\s*font-family: "(?<family>[^"]+)";\s*src: url\("(?<url>[^"]+)"\);/#
        for match in css.matches(of: faceRule) {
            let file = site.appending(path: String(match.output.url)).path
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
        #expect(shown.contains { $0.contains("Carousel") && $0.contains("×") })
        var missing: [String] = []
        for scalar in Set(shown.flatMap(\.unicodeScalars)) {
            guard !scalar.properties.isDefaultIgnorableCodePoint, !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control else { continue }
            if !declared.contains(where: { $0.font.hasGlyph(scalar) }) {
                missing.append("U+\(String(scalar.value, radix: 16, uppercase: true)) \(scalar)")
            }
        }
        #expect(missing.isEmpty, "characters no font of the site has: \(missing.sorted())")
    }
}
