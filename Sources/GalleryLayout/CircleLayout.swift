/// Items of one size evenly around a circle inside the viewport (seed 003). Content size is
/// the viewport; everything is recomputed for a new viewport (a rotation).
///
/// Math (<doc:LayoutMath>): the circle's frame is the viewport inset by the insets, then by half the
/// item size; radius = min(width, height) / 2 of that frame; item i of N sits at
/// center + radius × (cos(2πi/N), sin(2πi/N)).
public struct CircleLayout: CollectionLayout {
    public let count: Int
    public let itemSize: LayoutSize
    public let viewport: LayoutSize
    public let inset: Double
    public let center: LayoutPoint
    public let radius: Double

    public init(count: Int, itemSize: LayoutSize = LayoutSize(width: 100, height: 100), viewport: LayoutSize, inset: Double = 8) throws(LayoutError) {
        guard count >= 0 else { throw .invalidColumnCount(count) }
        try LayoutError.requirePositive(itemSize, "item size")
        try LayoutError.requirePositive(viewport, "viewport")
        guard inset.isFinite, inset >= 0 else { throw .invalidOption(name: "inset", value: inset, allowed: "finite, 0 or more") }
        let frame = LayoutRect(x: inset + itemSize.width / 2, y: inset + itemSize.height / 2,
                               width: viewport.width - 2 * inset - itemSize.width, height: viewport.height - 2 * inset - itemSize.height)
        guard frame.width >= 0, frame.height >= 0 else {
            throw .invalidOption(name: "viewport", value: min(viewport.width, viewport.height), allowed: "larger than the item size plus the insets")
        }
        self.count = count
        self.itemSize = itemSize
        self.viewport = viewport
        self.inset = inset
        center = frame.center
        radius = min(frame.width, frame.height) / 2
    }

    public var contentSize: LayoutSize { viewport }

    public func attributes(at index: Int) -> LayoutAttributes? {
        guard index >= 0, index < count else { return nil }
        let step = 2 * Double.pi / Double(count)
        let x = center.x + radius * Elementary.cos(step * Double(index))
        let y = center.y + radius * Elementary.sin(step * Double(index))
        return LayoutAttributes(index: index, frame: LayoutRect(x: x - itemSize.width / 2, y: y - itemSize.height / 2,
                                                                width: itemSize.width, height: itemSize.height))
    }

    /// - Complexity: O(n): a circle holds few items, all usually visible.
    public func attributes(in rect: LayoutRect) -> [LayoutAttributes] {
        (0 ..< count).compactMap { attributes(at: $0) }.filter { $0.frame.intersects(rect) }
    }
}
