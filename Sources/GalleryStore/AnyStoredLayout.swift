/// A stored layout of any kind, as `GalleryDatabase.storedLayouts()` lists them.
public enum AnyStoredLayout: Sendable, Hashable {
    case masonry(StoredMasonryLayout)
    case frames(StoredFrameLayout)

    /// What every kind has.
    public var layout: StoredLayout {
        switch self {
        case .masonry(let masonry): masonry.layout
        case .frames(let frames): frames.layout
        }
    }
}
