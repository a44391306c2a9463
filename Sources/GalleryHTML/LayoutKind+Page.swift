import GalleryLayout

/// The ways a page can show an album are the engine's kinds of layout: the masonry grid (the
/// album's page itself), and the tutorials' other layouts plus justified rows, each its own page
/// linked from the others, as `[content] views` lists them.
extension LayoutKind {
    /// The view's name in the views bar (English; `SiteWords.views` has the others).
    var title: String {
        switch self {
        case .masonry: "Masonry"
        case .justified: "Rows"
        case .wheel: "Wheel"
        case .carousel: "Carousel"
        case .circle: "Circle"
        }
    }
}
