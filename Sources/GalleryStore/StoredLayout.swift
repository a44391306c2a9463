import GalleryLayout

/// What identifies a stored layout: where its photos come from, its kind, its width and every
/// other option (text styles included) in a canonical string.
public struct LayoutKey: Sendable, Hashable {
    public var scope: LayoutScope
    public var kind: LayoutKind
    public var width: Double
    public var options: String

    public init(scope: LayoutScope, kind: LayoutKind, width: Double, options: String) {
        self.scope = scope
        self.kind = kind
        self.width = width
        self.options = options
    }
}

/// A stored layout's summary row.
public struct StoredLayout: Sendable, Hashable {
    public var id: Int64
    public var key: LayoutKey
    public var columns: Int
    public var columnWidth: Double
    public var gutter: Double
    public var innerWidth: Double
    public var cellPadding: Double
    public var contentWidth: Double
    public var contentHeight: Double
    public var itemCount: Int
    public var columnHeights: [Double]
    public var revision: Int64
    public var computedAt: String
    /// True when photos or annotations of its scope changed since it was computed.
    public var isStale: Bool

    public init(
        id: Int64 = 0, key: LayoutKey, columns: Int, columnWidth: Double, gutter: Double, innerWidth: Double,
        cellPadding: Double, contentWidth: Double, contentHeight: Double, itemCount: Int, columnHeights: [Double],
        revision: Int64, computedAt: String, isStale: Bool = false
    ) {
        self.id = id
        self.key = key
        self.columns = columns
        self.columnWidth = columnWidth
        self.gutter = gutter
        self.innerWidth = innerWidth
        self.cellPadding = cellPadding
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        self.itemCount = itemCount
        self.columnHeights = columnHeights
        self.revision = revision
        self.computedAt = computedAt
        self.isStale = isStale
    }

    /// The x of an item in `column`.
    public func x(column: Int) -> Double { Double(column) * (columnWidth + gutter) + cellPadding }
}

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

/// A photo as a layout needs it: its id, shape and annotation texts.
public struct LayoutInput: Sendable, Hashable {
    public var photoID: Int64
    public var aspectRatio: Double
    public var caption: String
    public var comment: String
}

/// What layouts of an album (or the whole library) are keyed by, and its display name.
/// Where a layout's photos come from: one album (by its folder's path in the library, "" for
/// the root) or the whole library.
public enum LayoutScope: Sendable, Hashable {
    case library
    case album(path: String)

    /// As `layouts.scope` stores it (and `gallery layouts` shows it): "library" or
    /// "album:" + the path.
    public var stored: String {
        switch self {
        case .library: "library"
        case .album(let path): "album:" + path
        }
    }

    /// The scope `stored` names; nil for a text that names none.
    init?(stored: String) {
        if stored == "library" {
            self = .library
        } else if stored.hasPrefix("album:") {
            self = .album(path: String(stored.dropFirst("album:".count)))
        } else {
            return nil
        }
    }
}

/// A scope's photos in display order, read with the scope's revision in one snapshot.
public struct LayoutInputs: Sendable {
    public var revision: Int64
    public var photos: [LayoutInput]
}

/// A photo's id and displayed shape: what a layout that needs no text is computed from.
public struct PhotoShape: Sendable, Hashable {
    public var id: Int64
    public var aspectRatio: Double
}

/// A scope's photo shapes in display order, read with the scope's revision in one snapshot.
public struct LayoutShapes: Sendable {
    public var revision: Int64
    public var photos: [PhotoShape]
}

/// A stored layout and the items asked for, read in one snapshot.
public struct LayoutWithItems: Sendable {
    public var layout: StoredLayout
    public var items: [StoredLayoutItem]
}
