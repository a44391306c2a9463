/// One photo as the masonry layout sees it.
public struct MasonryItem: Sendable, Hashable {
    /// Displayed width / displayed height (after EXIF orientation).
    public var aspectRatio: Double
    /// The caption's measured height at the layout's inner width (0 when there is none).
    public var captionHeight: Double
    /// The comment's measured height at the layout's inner width (0 when there is none).
    public var commentHeight: Double

    public init(aspectRatio: Double, captionHeight: Double = 0, commentHeight: Double = 0) {
        self.aspectRatio = aspectRatio
        self.captionHeight = captionHeight
        self.commentHeight = commentHeight
    }
}
