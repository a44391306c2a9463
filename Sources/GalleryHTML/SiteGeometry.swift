import GalleryLayout

/// The gallery page's fixed geometry, Pinterest's model: fixed-width columns, as many as the
/// window holds, a centered grid. Everything the CSS and the layouts must agree on is here.
public struct SiteGeometry: Sendable {
    /// Column width: 236 px photos and text plus 8 px padding on each side.
    public var columnWidth: Double = 252
    public var cellPadding: Double = 8
    /// Space kept free on each side of the grid.
    public var pageMargin: Double = 16
    /// The most columns a page offers (2,048 px windows and wider show this many).
    public var maximumColumns: Int = 8

    public init() {}

    public var innerWidth: Double { columnWidth - 2 * cellPadding }

    /// The masonry options of the layout a page shows at `columns` columns.
    public func options(columns: Int) -> MasonryOptions {
        MasonryOptions(columns: .count(columns), cellPadding: cellPadding)
    }

    /// The layout width for `columns` columns.
    public func width(columns: Int) -> Double { Double(columns) * columnWidth }

    /// The narrowest window that shows `columns` columns.
    public func breakpoint(columns: Int) -> Double { Double(columns) * columnWidth + 2 * pageMargin }

    /// Thumbnail widths in the grid: 1× and 2× of the inner width; the large view's long side
    /// (about: JPEGs take the nearest size libjpeg's DCT scaling makes, see Thumbnailer.largeSize).
    public var thumbnailWidths: [Int] { [Int(innerWidth), Int(innerWidth) * 2] }
    public var largeLongSide = 1600
}
