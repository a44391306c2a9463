import GalleryLayout
import GalleryStore

/// A request for a masonry layout: the same for `gallery layout` and `GET /api/layout`.
public struct MasonryRequest: Sendable, Hashable {
    public var width: Double
    /// An album's name or path; nil for the whole library (or the only album).
    public var album: String?
    public var options: MasonryOptions
    /// Only the items whose frame intersects this rect.
    public var rect: LayoutRect?
    /// The photos as already resolved (a site's browse page, a search's results), instead of
    /// the ones `album` names.
    public var scope: LayoutScope?

    public init(width: Double, album: String? = nil, options: MasonryOptions = MasonryOptions(), rect: LayoutRect? = nil) {
        self.width = width
        self.album = album
        self.options = options
        self.rect = rect
    }

    public init(width: Double, scope: LayoutScope, options: MasonryOptions = MasonryOptions(), rect: LayoutRect? = nil) {
        self.init(width: width, options: options, rect: rect)
        self.scope = scope
    }
}

/// A masonry layout as stored, and where it came from.
public struct MasonryResult: Sendable {
    public enum Origin: Sendable, Hashable {
        /// Read from the store: nothing changed since it was computed.
        case stored
        /// Computed for the first time at these options.
        case computed
        /// The album changed (photos or annotations): computed again.
        case recomputed
        /// Only photos were added at the end: old items kept their places.
        case appended(Int)
    }

    public var layout: StoredMasonryLayout
    /// The items asked for (all, or those in the request's rect), in index order.
    public var items: [StoredLayoutItem]
    public var placement: MasonryOptions.Placement
    public var origin: Origin
}
