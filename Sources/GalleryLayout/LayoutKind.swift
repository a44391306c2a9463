/// The kinds of layout the engine computes: the four tutorials' (masonry, wheel, circle,
/// carousel) and justified rows. One name for each everywhere: `gallery.toml`'s
/// `[content] views`, `gallery layout --kind`, the pages (`justified.html`,
/// `data-view="justified"`), the layout JSON and the store.
///
/// `rows`, the justified view's name in the first `gallery.toml`s, is still accepted wherever a
/// kind is read from text (`init(rawValue:)`); it is never written.
public enum LayoutKind: CaseIterable, Hashable, Sendable, Codable, RawRepresentable {
    /// In the order an album page links its views.
    case masonry, justified, wheel, carousel, circle

    public init?(rawValue: String) {
        switch rawValue {
        case "masonry": self = .masonry
        case "justified", "rows": self = .justified
        case "wheel": self = .wheel
        case "circle": self = .circle
        case "carousel": self = .carousel
        default: return nil
        }
    }

    public var rawValue: String {
        switch self {
        case .masonry: "masonry"
        case .justified: "justified"
        case .wheel: "wheel"
        case .circle: "circle"
        case .carousel: "carousel"
        }
    }

    /// Whether the layout is of a viewport scrolled sideways (or not at all), not of a page
    /// width: its attributes change with the scroll offset.
    public var isViewport: Bool { self == .wheel || self == .circle || self == .carousel }
}
