/// A horizontal carousel (seed 004): items in a row, the one nearest the center focused, with
/// extra space opening around it as it comes to the center, and scrolling that comes to rest
/// on an item.
///
/// Math (<doc:LayoutMath>): frame i at x = i × (itemWidth + spacing), y = (viewportHeight −
/// itemHeight) / 2, independent of the offset; content insets (viewportWidth − itemWidth) / 2
/// on both sides; focused index f = (viewportWidth/2 + offset − itemWidth/2) / (itemWidth +
/// spacing); with k = round(f) and d = min(|f − (k − ½)|, |f − (k + ½)|), every other item is
/// shifted away from k by (focusedSpacing − spacing) × 2d: largest at whole f, zero at halves,
/// continuous in between.
public struct CarouselLayout: CollectionLayout {
    public let count: Int
    public let itemSize: LayoutSize
    public let spacing: Double
    public let focusedSpacing: Double
    public let viewport: LayoutSize
    /// The horizontal content offset as a scroll view reports it (negative while the first
    /// item is centered, because of the left inset).
    public let offset: Double
    /// The continuous focused index.
    public let focusedIndex: Double

    public init(count: Int, itemSize: LayoutSize = LayoutSize(width: 200, height: 280), spacing: Double = 16, focusedSpacing: Double = 48,
                viewport: LayoutSize, offset: Double = 0) throws(LayoutError) {
        guard count >= 0 else { throw .invalidColumnCount(count) }
        try LayoutError.requirePositive(itemSize, "item size")
        guard spacing.isFinite, spacing >= 0 else { throw .invalidOption(name: "spacing", value: spacing, allowed: "finite, 0 or more") }
        guard focusedSpacing.isFinite, focusedSpacing >= spacing else {
            throw .invalidOption(name: "focused spacing", value: focusedSpacing, allowed: "finite and at least the spacing")
        }
        try LayoutError.requirePositive(viewport, "viewport")
        try LayoutError.requireFinite(offset, "offset")
        self.count = count
        self.itemSize = itemSize
        self.spacing = spacing
        self.focusedSpacing = focusedSpacing
        self.viewport = viewport
        self.offset = offset
        focusedIndex = (viewport.width / 2 + offset - itemSize.width / 2) / (itemSize.width + spacing)
    }

    /// Left and right content insets, so the first and last item can be centered.
    public var contentInset: Double { (viewport.width - itemSize.width) / 2 }

    public var contentSize: LayoutSize {
        LayoutSize(width: count > 0 ? Double(count) * itemSize.width + Double(count - 1) * spacing : 0, height: itemSize.height)
    }

    /// How far item `index` is pushed away from the focused one at this offset.
    public func shift(forItem index: Int) -> Double {
        let k = focusedIndex.rounded()
        guard Double(index) != k else { return 0 }
        let d = min(abs(focusedIndex - (k - 0.5)), abs(focusedIndex - (k + 0.5)))
        let amount = (focusedSpacing - spacing) * 2 * d
        return Double(index) < k ? -amount : amount
    }

    public func attributes(at index: Int) -> LayoutAttributes? {
        guard index >= 0, index < count else { return nil }
        let frame = LayoutRect(x: Double(index) * (itemSize.width + spacing), y: (viewport.height - itemSize.height) / 2,
                               width: itemSize.width, height: itemSize.height)
        return LayoutAttributes(index: index, frame: frame, translation: LayoutPoint(x: shift(forItem: index), y: 0))
    }

    /// The items whose shifted frame intersects `rect`.
    /// - Complexity: O(k): the index range comes from the rect's x by division.
    public func attributes(in rect: LayoutRect) -> [LayoutAttributes] {
        guard count > 0, rect.width >= 0 else { return [] }
        let pitch = itemSize.width + spacing
        let slack = focusedSpacing - spacing  // the largest shift
        let first = max(0, Int(((rect.minX - slack - itemSize.width) / pitch).rounded(.down)))
        let last = min(count - 1, Int(((rect.maxX + slack) / pitch).rounded(.up)))
        guard first <= last else { return [] }
        return (first ... last).compactMap { attributes(at: $0) }.filter { attributes in
            var frame = attributes.frame
            frame.x += attributes.translation.x
            return frame.intersects(rect)
        }
    }

    /// Rest with the item whose center is closest to the viewport's center centered.
    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        guard count > 0 else { return proposed }
        let pitch = itemSize.width + spacing
        let center = proposed.x + viewport.width / 2
        let index = min(max(0, Int(((center - itemSize.width / 2) / pitch).rounded())), count - 1)
        let itemCenter = Double(index) * pitch + itemSize.width / 2
        return LayoutPoint(x: itemCenter - viewport.width / 2, y: proposed.y)
    }
}
