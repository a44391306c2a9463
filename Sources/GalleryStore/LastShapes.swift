import Synchronization

/// The last scope's photo shapes `GalleryDatabase.layoutShapes` read, for as long as neither
/// the library's revision nor the scope's moves: a page's masonry layouts in every band of
/// the grid (16) and its justified layouts are computed one after another from the same
/// photos, and each read them all again (an ordered scan of 100,000 rows, every time).
final class LastShapes: Sendable {
    private struct Kept {
        var scope: String
        var shapes: LayoutShapes
    }

    private let kept = Mutex<Kept?>(nil)

    /// The shapes kept for the scope `stored` at its revision `revision` and the library's
    /// `library`, if they are the last read.
    func shapes(of stored: String, revision: Int64, library: Int64) -> LayoutShapes? {
        kept.withLock { kept in
            guard let kept, kept.scope == stored, kept.shapes.revision == revision, kept.shapes.libraryRevision == library else { return nil }
            return kept.shapes
        }
    }

    func keep(_ shapes: LayoutShapes, of stored: String) {
        kept.withLock { $0 = Kept(scope: stored, shapes: shapes) }
    }
}
