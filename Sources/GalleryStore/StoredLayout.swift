/// What every stored layout has, whatever its kind: its key, its size, and the state of its
/// scope it was computed from. A kind's own record holds the rest (`StoredMasonryLayout`,
/// `StoredFrameLayout`), and only that record reads its items.
public struct StoredLayout: Sendable, Hashable {
    public var id: Int64
    public var key: LayoutKey
    public var contentWidth: Double
    public var contentHeight: Double
    public var itemCount: Int
    /// The scope's revision when computed.
    public var revision: Int64
    /// When computed (UTC, ISO 8601).
    public var computedAt: String
    /// The library's revision when its inputs were read (nil for a layout stored before
    /// migration 0025): a photo of its scope whose `changed` is no later is as it saw it, so
    /// the next layout of the same key may take that photo's texts' heights from this one.
    public var inputsRevision: Int64?
    /// True when photos or annotations of its scope changed since it was computed.
    public var isStale: Bool

    public init(id: Int64 = 0, key: LayoutKey, contentWidth: Double, contentHeight: Double, itemCount: Int,
                revision: Int64, computedAt: String, inputsRevision: Int64? = nil, isStale: Bool = false) {
        self.id = id
        self.key = key
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        self.itemCount = itemCount
        self.revision = revision
        self.computedAt = computedAt
        self.inputsRevision = inputsRevision
        self.isStale = isStale
    }
}
