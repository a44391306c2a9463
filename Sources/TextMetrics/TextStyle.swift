/// How a kind of text is set: its fonts (primary first, then fallbacks, like CSS
/// `font-family`), size, line height and line limit. The CSS the gallery's pages use is
/// generated from this same value (`TextStyle.css`), so what is measured and what is drawn
/// cannot drift apart.
public struct TextStyle: Sendable, Hashable {
    /// The CSS class name: "caption" or "comment".
    public var name: String { didSet { refreshFingerprint() } }
    public var fonts: [FontFace] { didSet { refreshFingerprint() } }
    /// Font size in CSS px.
    public var fontSize: Double { didSet { refreshFingerprint() } }
    /// Line height in CSS px. A fixed length (not `normal`) makes every line box exactly this
    /// tall whichever fallback font a line uses.
    public var lineHeight: Double { didSet { refreshFingerprint() } }
    /// At most this many lines, the rest clamped (`-webkit-line-clamp`); nil for no limit.
    public var maxLines: Int? { didSet { refreshFingerprint() } }

    /// A key that changes whenever anything that affects a measurement changes (fonts included),
    /// for stored and cached measurements. Kept up to date as the style changes, so that
    /// measuring, which needs it on every call, does not rebuild it.
    public private(set) var fingerprint: String = ""

    public init(name: String, fonts: [FontFace], fontSize: Double, lineHeight: Double, maxLines: Int? = nil) {
        self.name = name
        self.fonts = fonts
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        refreshFingerprint()
    }

    private mutating func refreshFingerprint() {
        let fontList = fonts.map { "\($0.path)#\($0.index)@\($0.contentStamp)" }.joined(separator: ",")
        // "cut": each face is shaped as the two files a site ships of it (`FontCut`);
        // measurements kept from before that are made again.
        fingerprint = "\(name);\(fontSize);\(lineHeight);\(maxLines.map(String.init) ?? "-");\(fontList);cut"
    }
}
