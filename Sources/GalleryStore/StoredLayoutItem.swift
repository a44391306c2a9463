/// One item of a stored layout.
public struct StoredLayoutItem: Sendable, Hashable {
    public var index: Int
    public var photoID: Int64
    public var column: Int
    public var y: Double
    public var height: Double
    public var photoHeight: Double
    public var captionHeight: Double
    public var commentHeight: Double
    /// The height of the photos above it in its column: the part of `y` that grows with the
    /// column's width (`FluidMasonry.frame`).
    public var photoTop: Double

    public init(index: Int, photoID: Int64, column: Int, y: Double, height: Double, photoHeight: Double, captionHeight: Double,
                commentHeight: Double, photoTop: Double) {
        self.index = index
        self.photoID = photoID
        self.column = column
        self.y = y
        self.height = height
        self.photoHeight = photoHeight
        self.captionHeight = captionHeight
        self.commentHeight = commentHeight
        self.photoTop = photoTop
    }
}
