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

    public init(index: Int, photoID: Int64, column: Int, y: Double, height: Double, photoHeight: Double, captionHeight: Double, commentHeight: Double) {
        self.index = index
        self.photoID = photoID
        self.column = column
        self.y = y
        self.height = height
        self.photoHeight = photoHeight
        self.captionHeight = captionHeight
        self.commentHeight = commentHeight
    }
}
