/// How a kind of text is set: its fonts (primary first, then fallbacks, like CSS
/// `font-family`), size, line height and line limit. The CSS the gallery's pages use is
/// generated from this same value (`TextStyle.css`), so what is measured and what is drawn
/// cannot drift apart.
public struct TextStyle: Sendable, Hashable, Codable {
    /// The CSS class name: "caption" or "comment".
    public var name: String
    public var fonts: [FontFace]
    /// Font size in CSS px.
    public var fontSize: Double
    /// Line height in CSS px. A fixed length (not `normal`) makes every line box exactly this
    /// tall whichever fallback font a line uses.
    public var lineHeight: Double
    /// At most this many lines, the rest clamped (`-webkit-line-clamp`); nil for no limit.
    public var maxLines: Int?

    public init(name: String, fonts: [FontFace], fontSize: Double, lineHeight: Double, maxLines: Int? = nil) {
        self.name = name
        self.fonts = fonts
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.maxLines = maxLines
    }

    /// A key that changes whenever anything that affects a measurement changes (fonts included),
    /// for stored measurements.
    public var fingerprint: String {
        let fontList = fonts.map { "\($0.path)#\($0.index)" }.joined(separator: ",")
        return "\(name);\(fontSize);\(lineHeight);\(maxLines.map(String.init) ?? "-");\(fontList)"
    }
}
