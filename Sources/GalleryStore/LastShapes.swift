import Synchronization

/// The last few scopes' photo shapes `GalleryDatabase.layoutShapes` read, each for as long as
/// neither the library's revision nor its scope's moves: a page's masonry layouts in every
/// band of the grid (16) and its justified layouts are computed one after another from the
/// same photos, and each read them all again (an ordered scan of 100,000 rows, every time).
/// A few, not one: an export lays out two pages at once, which would take turns evicting
/// each other's.
final class LastShapes: Sendable {
    private struct Kept {
        var scope: String
        var shapes: LayoutShapes
    }

    /// How many scopes' shapes are kept (a scope of 100,000 photos holds a few MB).
    static let capacity = 4

    /// Most recently kept last.
    private let kept = Mutex<[Kept]>([])

    /// The shapes kept for the scope `stored` at its revision `revision` and the library's
    /// `library`, if they are among the last read.
    func shapes(of stored: String, revision: Int64, library: Int64) -> LayoutShapes? {
        kept.withLock { kept in
            kept.last { $0.scope == stored && $0.shapes.revision == revision && $0.shapes.libraryRevision == library }?.shapes
        }
    }

    func keep(_ shapes: LayoutShapes, of stored: String) {
        kept.withLock { kept in
            kept.removeAll { $0.scope == stored }
            kept.append(Kept(scope: stored, shapes: shapes))
            if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
        }
    }
}
