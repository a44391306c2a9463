/// A stored layout of free frames (justified rows): each item's frame is stored whole
/// (`GalleryDatabase.layoutFrames(of:)`), so the header is all it has.
public struct StoredFrameLayout: Sendable, Hashable {
    public var layout: StoredLayout

    public init(layout: StoredLayout) {
        self.layout = layout
    }
}
