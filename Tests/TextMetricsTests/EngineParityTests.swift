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

    /// The quoted CSS family names (as `FontFace.family` reports them) of color bitmap fonts.
    static func colorBitmapFamilies() throws -> [String] {
        try styles.flatMap(\.fonts).filter { try LoadedFont($0, size: 16).isColorEmoji }.map { "\"\($0.family)\"" }
    }

    static func check(_ engine: BrowserEngine, widths: [Double]) throws {
        let page = try ParityPage(corpus: try BrowserParityTests.corpus(), styles: styles, widths: widths, explicitLines: true)
        let cases = page.cases
        let result = try page.open(in: engine)
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
