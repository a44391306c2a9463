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

    /// The gallery's defaults: 252 px columns with 8 px cell padding, so photos and text are
    /// 236 px wide, Pinterest's pin width.
    public init(
        columns: Columns = .width(252, gutter: 0, minimum: 1), cellPadding: Double = 8,
        annotationTopPadding: Double = 8, annotationBottomPadding: Double = 4, placement: Placement = .shortest
    ) {
        self.columns = columns
        self.cellPadding = cellPadding
        self.annotationTopPadding = annotationTopPadding
        self.annotationBottomPadding = annotationBottomPadding
        self.placement = placement
    }
}
