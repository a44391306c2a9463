/// A rectangle in a stored layout's content coordinates (CSS px): what its R*Tree is asked for.
public struct StoredRect: Sendable, Hashable {
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

    /// Whether the two rectangles overlap (touching edges do not).
    func intersects(x: Double, y: Double, width: Double, height: Double) -> Bool {
        x < self.x + self.width && self.x < x + width && y < self.y + self.height && self.y < y + height
    }
}
