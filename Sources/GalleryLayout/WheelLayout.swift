/// The spinning navigation wheel (seeds 000/001): items stacked at the viewport's center, each
/// turned about a hub `radius + itemHeight/2` below its center, the whole wheel turning as the
/// content scrolls horizontally.
///
/// Math (<doc:LayoutMath>): `anglePerItem = atan(itemWidth / radius)`; content `(N × itemWidth,
/// viewportHeight)`; `angleAtExtreme = -(N − 1) × anglePerItem`; the wheel's angle is linear in
/// the offset, `angleAtExtreme × offset / (contentWidth − viewportWidth)`; item i's angle is
/// that plus `i × anglePerItem`; zIndex grows with angle; only items within `±theta` are
/// drawn, theta being the viewport's angular half-width plus the item's, as seen from the hub
/// (a conservative bound, unlike the seed's: see `init`).
public struct WheelLayout: CollectionLayout {
    public let count: Int
    public let itemSize: LayoutSize
    public let radius: Double
    public let viewport: LayoutSize
    public let offset: Double

    public let anglePerItem: Double
    public let angleAtExtreme: Double
    /// The wheel's angle at this offset: 0 at the start, the last item upright at the end.
    public let angle: Double
    /// The seed's window of drawn indices: the contiguous range whose angles lie within
    /// ±theta. With many items the wheel turns past ±π and items come round again;
    /// `attributes(in:)` includes those too.
    public let visibleRange: ClosedRange<Int>
    /// Half the angular range in which an item can be on screen (π: everywhere).
    let theta: Double

    public init(count: Int, itemSize: LayoutSize = LayoutSize(width: 133, height: 173), radius: Double = 500,
                viewport: LayoutSize, offset: Double = 0) throws(LayoutError) {
        guard count >= 0 else { throw .invalidColumnCount(count) }
        try LayoutError.requirePositive(itemSize, "item size")
        guard radius.isFinite, radius > 0 else { throw .invalidOption(name: "radius", value: radius, allowed: "finite and above 0") }
        try LayoutError.requirePositive(viewport, "viewport")
        try LayoutError.requireFinite(offset, "offset")
        self.count = count
        self.itemSize = itemSize
        self.radius = radius
        self.viewport = viewport
        self.offset = offset
        anglePerItem = Elementary.atan(itemSize.width / radius)
        angleAtExtreme = count > 0 ? -Double(count - 1) * anglePerItem : 0
        let scrollable = Double(count) * itemSize.width - viewport.width
        angle = scrollable > 0 ? angleAtExtreme * offset / scrollable : 0
        // Culling. The seed's theta, atan2(vw/2, r + ih/2 − vh/2), measures from a hub r + ih/2
        // below the viewport's center and ignores the item's own width, so it drops items whose
        // corners are still on screen (the brute-force test found them). The hub is r below the
        // items' center (the anchor). Seen from it, the viewport spans ±atan2(vw/2, r − vh/2),
        // or everything when the hub is within the viewport's height; an item spans ±atan2(iw/2,
        // r − ih/2) around its angle, or everything when the hub is inside the item.
        let viewportSpan = radius > viewport.height / 2 ? Elementary.atan2(viewport.width / 2, radius - viewport.height / 2) : Double.pi
        let itemSpan = radius > itemSize.height / 2 ? Elementary.atan2(itemSize.width / 2, radius - itemSize.height / 2) : Double.pi
        let theta = min(Double.pi, viewportSpan + itemSpan)
        self.theta = theta
        var first = 0
        var last = count - 1
        if theta < Double.pi {
            if angle < -theta { first = Int(((-theta - angle) / anglePerItem).rounded(.down)) }
            last = min(count - 1, Int(((theta - angle) / anglePerItem).rounded(.up)))
        }
        first = max(0, first)
        visibleRange = count == 0 || first > last ? 0 ... 0 : first ... last
    }

    public var contentSize: LayoutSize { LayoutSize(width: Double(count) * itemSize.width, height: viewport.height) }

    /// Unit coordinates of the hub: below the item, `radius + itemHeight/2` from its center.
    public var anchorPoint: LayoutPoint { LayoutPoint(x: 0.5, y: (itemSize.height / 2 + radius) / itemSize.height) }

    public func attributes(at index: Int) -> LayoutAttributes? {
        guard index >= 0, index < count else { return nil }
        let itemAngle = angle + Double(index) * anglePerItem
        // The untransformed frame sits at the viewport's center; the rotation about the anchor
        // (CSS transform-origin) places it on the wheel.
        let frame = LayoutRect(
            x: offset + viewport.width / 2 - itemSize.width / 2, y: viewport.height / 2 - itemSize.height / 2,
            width: itemSize.width, height: itemSize.height)
        return LayoutAttributes(index: index, frame: frame, zIndex: Int(itemAngle * 1_000_000), angle: itemAngle, anchorPoint: anchorPoint)
    }

    /// The items whose angle, taken round the circle, lies within ±theta (the rect is the
    /// viewport, as in the seed).
    /// - Complexity: O(n): a wheel holds tens of items, and a wheel turned past ±π shows items
    ///   from both ends of the index range, which no contiguous window can express.
    public func attributes(in rect: LayoutRect) -> [LayoutAttributes] {
        guard count > 0 else { return [] }
        return (0 ..< count).filter { index in
            guard theta < Double.pi else { return true }
            var turned = (angle + Double(index) * anglePerItem).truncatingRemainder(dividingBy: 2 * Double.pi)
            if turned > Double.pi { turned -= 2 * Double.pi }
            if turned < -Double.pi { turned += 2 * Double.pi }
            return abs(turned) <= theta
        }.compactMap { attributes(at: $0) }
    }

    /// Rest on an item boundary: round the proposed angle to whole items, up when moving right,
    /// down when moving left, to the nearest when still.
    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        let scrollable = contentSize.width - viewport.width
        guard scrollable > 0, count > 1 else { return proposed }
        let factor = -angleAtExtreme / scrollable
        let ratio = proposed.x * factor / anglePerItem
        let multiplier = velocity.x > 0 ? ratio.rounded(.up) : (velocity.x < 0 ? ratio.rounded(.down) : ratio.rounded())
        return LayoutPoint(x: multiplier * anglePerItem / factor, y: proposed.y)
    }
}
