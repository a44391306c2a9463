/// A point in CSS px (y grows downwards, as on the web).
public struct LayoutPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = LayoutPoint(x: 0, y: 0)
}

/// A size in CSS px.
public struct LayoutSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = LayoutSize(width: 0, height: 0)
}

/// An axis-aligned rectangle in CSS px.
public struct LayoutRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: LayoutPoint { LayoutPoint(x: x + width / 2, y: y + height / 2) }

    /// True when the two share interior area (touching edges do not count), as
    /// `CGRect.intersects` for rectangles of positive size.
    public func intersects(_ other: LayoutRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle shrunk by `inset` on every side.
    public func insetBy(_ inset: Double) -> LayoutRect {
        LayoutRect(x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset)
    }
}
