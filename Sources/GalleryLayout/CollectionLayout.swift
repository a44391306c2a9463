/// What every layout of the product offers, after the UICollectionViewLayout contract the
/// seed tutorials build on: computed once when the value is made ("prepare"), then queried.
public protocol CollectionLayout: Sendable {
    /// How many items the layout placed.
    var count: Int { get }
    /// The size of the whole scrollable content.
    var contentSize: LayoutSize { get }
    /// The items whose frame intersects `rect`, in index order.
    func attributes(in rect: LayoutRect) -> [LayoutAttributes]
    /// The item at `index`, or nil when out of range.
    func attributes(at index: Int) -> LayoutAttributes?
    /// Where scrolling that would stop at `proposed`, moving at `velocity`, comes to rest.
    /// Layouts that do not snap return `proposed`.
    func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint
}

extension CollectionLayout {
    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint { proposed }

    /// Every item, in index order.
    public var allAttributes: [LayoutAttributes] { (0 ..< count).compactMap { attributes(at: $0) } }
}
