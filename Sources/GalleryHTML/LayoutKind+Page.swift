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

    /// The page's file name: the masonry page is the album's page itself (`index.html` for a
    /// one-album site), the others sit beside it.
    func page(albumStem stem: String?) -> String {
        switch (self, stem) {
        case (.masonry, nil): "index.html"
        case (.masonry, let stem?): "\(stem).html"
        case (_, nil): "\(rawValue).html"
        case (_, let stem?): "\(stem)-\(rawValue).html"
        }
    }
}
