/// How a masonry layout divides its width and stacks its items.
public struct MasonryOptions: Sendable, Hashable {
    /// How many columns, and how wide.
    public enum Columns: Sendable, Hashable {
        /// Exactly `n` columns sharing the width: column width = width / n, no gutter.
        case count(Int)
        /// Pinterest's rule: fixed-width columns with a gutter, as many as fit, at least
        /// `minimum`: columns = max(minimum, floor((width + gutter) / (columnWidth + gutter))).
        case width(Double, gutter: Double, minimum: Int)
    }

    /// Which column the next item goes to.
    public enum Placement: String, Sendable, Hashable, CaseIterable {
        /// The currently shortest column, ties to the leftmost (Pinterest's and desandro's Masonry).
        case shortest
        /// Item i to column i mod n (the tutorial's layout).
        case roundRobin = "round-robin"
    }

    public var columns: Columns
    /// Space between a column's edge and the item's frame, on every side (the tutorial's
    /// `cellPadding`); two neighbouring frames are 2 × padding (+ gutter) apart.
    public var cellPadding: Double
    /// Space above the caption and below the comment, inside the frame (the tutorial: 4 and 4).
    public var annotationTopPadding: Double
    public var annotationBottomPadding: Double
    public var placement: Placement

    /// The gallery's column width: with `defaultCellPadding` on each side, photos and text are
    /// 236 px wide, Pinterest's pin width.
    public static let defaultColumnWidth: Double = 252
    public static let defaultCellPadding: Double = 8
    /// Pinterest's rule at the default column width, no gutter, at least one column.
    public static let defaultColumns = Columns.width(defaultColumnWidth, gutter: 0, minimum: 1)

    /// The gallery's defaults: `defaultColumns`, `defaultCellPadding`, shortest column first.
    public init(
        columns: Columns = MasonryOptions.defaultColumns, cellPadding: Double = MasonryOptions.defaultCellPadding,
        annotationTopPadding: Double = 8, annotationBottomPadding: Double = 4, placement: Placement = .shortest
    ) {
        self.columns = columns
        self.cellPadding = cellPadding
        self.annotationTopPadding = annotationTopPadding
        self.annotationBottomPadding = annotationBottomPadding
        self.placement = placement
    }
}
