import GalleryLayout

/// A stored masonry layout: the header and its columns. Its items
/// (`GalleryDatabase.layoutItems(of:)`) give a column and a y; x and width follow from here.
public struct StoredMasonryLayout: Sendable, Hashable {
    public var layout: StoredLayout
    public var geometry: MasonryGeometry
    /// Space inside a column on each side of an item.
    public var cellPadding: Double
    /// Each column's height: what an append continues from.
    public var columnHeights: [Double]

    public init(layout: StoredLayout, geometry: MasonryGeometry, cellPadding: Double, columnHeights: [Double]) {
        self.layout = layout
        self.geometry = geometry
        self.cellPadding = cellPadding
        self.columnHeights = columnHeights
    }

    /// The x of an item in `column`.
    public func x(column: Int) -> Double { Double(column) * (geometry.columnWidth + geometry.gutter) + cellPadding }
}
