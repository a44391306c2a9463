import ArgumentParser
import GalleryLayout

/// The layouts `gallery layout --kind` computes: the four tutorials' (masonry, wheel, circle,
/// carousel) and justified rows.
enum LayoutKind: String, CaseIterable, ExpressibleByArgument {
    case masonry, justified, wheel, circle, carousel

    /// Whether the layout is of a viewport scrolled sideways, not of a page width.
    var isViewport: Bool { self == .wheel || self == .circle || self == .carousel }
}

extension MasonryOptions.Placement: ExpressibleByArgument {}
