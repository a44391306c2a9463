/// One item of a stored layout whose frames are free rectangles (justified rows): where the
/// photo at `index` is drawn.
public struct StoredFrame: Sendable, Hashable {
    public var index: Int
    public var photoID: Int64
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(index: Int, photoID: Int64, x: Double, y: Double, width: Double, height: Double) {
        self.index = index
        self.photoID = photoID
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
