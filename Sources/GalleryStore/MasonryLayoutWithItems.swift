/// A stored masonry layout and the items asked for, read in one snapshot.
public struct MasonryLayoutWithItems: Sendable {
    public var layout: StoredMasonryLayout
    public var items: [StoredLayoutItem]
}
