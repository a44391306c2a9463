/// Where and how one item is drawn: the value every layout produces for every item.
///
/// Equality covers every field, so two layouts are equal exactly when they draw the same.
public struct LayoutAttributes: Sendable, Hashable {
    /// The item's position in the layout's input.
    public var index: Int
    /// The untransformed frame.
    public var frame: LayoutRect
    /// Drawing order: higher is on top.
    public var zIndex: Int
    /// Rotation about `anchorPoint`, in radians (clockwise on screen, as CSS `rotate`).
    public var angle: Double
    /// Translation applied after the frame is placed.
    public var translation: LayoutPoint
    /// The point the rotation turns about, in unit coordinates of the frame ((0.5, 0.5) is
    /// the center), as CSS `transform-origin` in percent / 100.
    public var anchorPoint: LayoutPoint
    /// Masonry: the photo's height inside the frame (the annotation fills the rest).
    public var photoHeight: Double?
    /// Masonry: the column the item sits in (the first, when it spans two).
    public var column: Int?

    public init(
        index: Int, frame: LayoutRect, zIndex: Int = 0, angle: Double = 0, translation: LayoutPoint = .zero,
        anchorPoint: LayoutPoint = LayoutPoint(x: 0.5, y: 0.5), photoHeight: Double? = nil, column: Int? = nil
    ) {
        self.index = index
        self.frame = frame
        self.zIndex = zIndex
        self.angle = angle
        self.translation = translation
        self.anchorPoint = anchorPoint
        self.photoHeight = photoHeight
        self.column = column
    }

    /// The frame's center (before the transform).
    public var center: LayoutPoint { frame.center }
}
