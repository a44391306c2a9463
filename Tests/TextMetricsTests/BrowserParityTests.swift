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
        let page = try ParityPage(corpus: corpus, styles: Self.styles, widths: Self.widths, explicitLines: false)
        let cases = page.cases
        let result = try page.open(in: .chromium)
        #expect(result.failed.isEmpty, "fonts the browser could not load: \(result.failed)")
        #expect(result.natural.count == cases.count)

        var mismatches: [String] = []
        for (index, item) in cases.enumerated() where index < result.natural.count {
            let drawn = result.natural[index]
            let drawnLines = Int((drawn / item.style.lineHeight).rounded())
            if abs(drawn - item.expected.height) > 0.5 || drawnLines != item.expected.lines {
                mismatches.append("\(item.style.name) @\(Int(item.width))px [\(item.lang)] measured \(item.expected.lines) lines/\(item.expected.height) px, drawn \(drawnLines)/\(drawn) px: \(item.text.prefix(60))")
            }
        }
        let report = page.folder.url.appending(path: "mismatches.txt")
        try? mismatches.joined(separator: "\n").write(to: report, atomically: true, encoding: .utf8)
        #expect(mismatches.isEmpty, Comment(rawValue: "\(mismatches.count) of \(cases.count) differ:\n" + mismatches.prefix(40).joined(separator: "\n")))
    }
}
