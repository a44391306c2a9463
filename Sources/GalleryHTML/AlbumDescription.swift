import Foundation
import GalleryLayout
import TextMetrics

/// An album's description (`album.toml` or `index.md`, Markdown made HTML by Ink) as the album
/// page shows it above the grid: its blocks (paragraphs, headings, list items, quotes) set as
/// paragraphs in the comment's style, inline links and emphasis kept (the same face: the page
/// never synthesises bold or italic), code as plain text. Its height is measured like a
/// comment's, for each column count's width, and reserved: nothing below it ever moves.
struct AlbumDescription: Sendable {
    struct Block: Sendable {
        /// The block's inline HTML.
        var html: String
        /// What the browser sets: the text without tags, entities decoded.
        var text: String
    }

    var blocks: [Block]

    /// Space between blocks, in CSS px (gallery.css `.album-description p`).
    static let blockGap = 10.0
    /// The widest the description gets, however wide the grid (a readable line).
    static let maximumWidth = 720.0

    init?(html: String) {
        let pattern = #/<(p|h[1-6]|li|blockquote|pre)(?:\s[^>]*)?>(?<inner>.*?)</\1>/#.dotMatchesNewlines()
        var blocks: [Block] = []
        for match in html.matches(of: pattern) {
            var inner = String(match.output.inner)
            // A nested block (a paragraph in a list item or quote) is taken by its own match.
            if inner.contains("<p>") || inner.contains("<li>") { continue }
            // Code in the body font: a monospace face would set other widths than measured.
            inner = inner.replacingOccurrences(of: #"</?code>"#, with: "", options: .regularExpression)
            // Only links and emphasis stay; soft line breaks are spaces, as Markdown means them.
            inner = inner.replacingOccurrences(of: #"<(?!/?(a|em|strong)\b)[^>]*>"#, with: "", options: .regularExpression)
            inner = inner.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
            let text = Self.decode(inner.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression))
            guard !text.isEmpty else { continue }
            blocks.append(Block(html: match.output.1.hasPrefix("li") ? "• " + inner : inner, text: match.output.1.hasPrefix("li") ? "• " + text : text))
        }
        guard !blocks.isEmpty else { return nil }
        self.blocks = blocks
    }

    /// The width and height the description takes in each band (entry b): as wide as the
    /// band's narrowest grid allows (up to `maximumWidth`), its height measured there.
    func boxes(fluid: FluidMasonry, style: TextStyle, measurer: TextMeasurer) throws -> [(width: Double, height: Double)] {
        try fluid.bands.map { band in
            let width = min(Self.maximumWidth, fluid.layoutWidth(band) - 2 * fluid.cellPadding)
            var height = Self.blockGap * Double(blocks.count - 1)
            for block in blocks { height += try measurer.measure(block.text, style: style, width: width).height }
            return (width, height)
        }
    }

    private static func decode(_ text: String) -> String {
        var text = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", "\u{A0}")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.replacingOccurrences(of: "&amp;", with: "&")
    }
}
