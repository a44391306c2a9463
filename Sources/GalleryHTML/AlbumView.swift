import GalleryConfig

/// The ways a page can show an album: the masonry grid, and the seed tutorials' other layouts
/// plus justified rows. Each is its own page, linked from the others.
enum AlbumView: String, CaseIterable, Sendable {
    case masonry, justified, wheel, carousel, circle

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

extension AlbumView {
    /// The views `[content] views` lists, in its order ("rows" is the justified view).
    static func enabled(by configuration: GalleryConfiguration) -> [AlbumView] {
        configuration.content.views.map { view in
            switch view {
            case .masonry: .masonry
            case .rows: .justified
            case .wheel: .wheel
            case .carousel: .carousel
            case .circle: .circle
            }
        }
    }
}
