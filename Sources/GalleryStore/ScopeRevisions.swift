import Synchronization

/// Browse pages' revisions as `GalleryDatabase.revision(_:scope:)` counted them, for one library
/// revision: every layout looked up on a page would count its photos again otherwise (a build
/// asks for each page's layouts at every width). A new library revision forgets them all.
final class ScopeRevisions: Sendable {
    private struct Known {
        var library: Int64 = -1
        var revisions: [String: Int64] = [:]
    }

    private let known = Mutex(Known())

    /// The revision kept for the scope `stored` at library revision `library`, if any.
    func revision(of stored: String, at library: Int64) -> Int64? {
        known.withLock { $0.library == library ? $0.revisions[stored] : nil }
    }

    func keep(_ revision: Int64, of stored: String, at library: Int64) {
        known.withLock { known in
            if known.library != library {
                // Only ever forward: a reader of an older snapshot does not undo what a newer one kept.
                guard library > known.library else { return }
                known = Known(library: library)
            }
            known.revisions[stored] = revision
        }
    }
}
