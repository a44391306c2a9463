/// How a masonry layout of a width divides it: what text is measured at (`innerWidth`) before
/// the layout is made.
public struct MasonryGeometry: Sendable, Hashable {
    public var columns: Int
    public var columnWidth: Double
    /// Space between columns (0 for a column count).
    public var gutter: Double
    /// The width of every item's frame: the column width less the cell padding on both sides.
    public var innerWidth: Double

    public init(columns: Int, columnWidth: Double, gutter: Double, innerWidth: Double) {
        self.columns = columns
        self.columnWidth = columnWidth
        self.gutter = gutter
        self.innerWidth = innerWidth
    }
}
