import GalleryLayout
import GalleryStore

/// The masonry grid as a page draws it in a window of one width (`FluidMasonry`): the band's
/// stored layout, every item drawn at that width. What `gallery layout --viewport` prints.
public struct ViewportLayout: Sendable {
    public struct Item: Sendable {
        public var stored: StoredLayoutItem
        /// Relative to the grid's top-left corner.
        public var frame: LayoutRect
        public var photoHeight: Double
    }

    public var viewportWidth: Double
    public var viewportHeight: Double
    public var band: FluidMasonry.Band
    /// The band's stored layout (computed and stored first if needed).
    public var layout: StoredMasonryLayout
    public var gridWidth: Double
    public var columnWidth: Double
    /// The grid's height at this width: its tallest column, paddings included.
    public var contentHeight: Double
    /// The items asked for (all, or those meeting a rect), in index order.
    public var items: [Item]
    public var placement: MasonryOptions.Placement
}

extension LayoutService {
    /// The grid of `album` as `fluid` draws it in a window `viewportWidth` wide, all its items
    /// or those whose frame meets `rect` (grid coordinates). Reads the band's whole layout.
    public func masonry(fluid: FluidMasonry, viewportWidth: Double, viewportHeight: Double, album: String?,
                        rect: LayoutRect? = nil, placement: MasonryOptions.Placement = .shortest, search: SearchScope? = nil) throws -> ViewportLayout {
        let band = fluid.band(viewportWidth: viewportWidth)
        var request = MasonryRequest(width: fluid.layoutWidth(band), album: album, options: fluid.options(band, placement: placement))
        request.scope = search.map(LayoutScope.search)
        let layout = try masonryLayout(request)
        var items: [ViewportLayout.Item] = []
        var bottom = 0.0
        for stored in try database.layoutItems(of: layout) {
            let drawn = fluid.frame(column: stored.column, y: stored.y, photoTop: stored.photoTop, photoHeight: stored.photoHeight,
                                    height: stored.height, band: band, viewportWidth: viewportWidth)
            bottom = max(bottom, drawn.frame.y + drawn.frame.height + fluid.cellPadding)
            if let rect, !rect.intersects(drawn.frame) { continue }
            items.append(ViewportLayout.Item(stored: stored, frame: drawn.frame, photoHeight: drawn.photoHeight))
        }
        return ViewportLayout(viewportWidth: viewportWidth, viewportHeight: viewportHeight, band: band, layout: layout,
                              gridWidth: fluid.gridWidth(viewportWidth: viewportWidth),
                              columnWidth: fluid.columnWidth(viewportWidth: viewportWidth), contentHeight: bottom,
                              items: items, placement: placement)
    }
}
