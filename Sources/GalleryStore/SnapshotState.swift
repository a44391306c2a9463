import GRDB
import Synchronization

/// What the reads inside `GalleryDatabase.snapshot`'s body go to: GRDB's `DatabaseSnapshot` of
/// one state of the library, taken again after each write the body makes, so that it sees its
/// own writes and nobody else's.
final class SnapshotState: Sendable {
    let pool: DatabasePool
    /// The library revision the snapshot shows (`library_revision`: every change to photos,
    /// annotations and settings moves it; layouts and measurements, which are derived from
    /// them, do not).
    let revision: Int64
    /// Whether a write after the library moved on throws `LibraryChanged`; else the snapshot
    /// moves on with it (the last attempt, which must end).
    let strict: Bool
    private let snapshot: Mutex<DatabaseSnapshot>

    /// Thrown by a write when the library changed since the snapshot was taken (the reads made
    /// so far and the reads to come would not be of one state), and by a read of a layout
    /// stored after it was taken: `GalleryDatabase.snapshot` runs its body again in a new one.
    struct LibraryChanged: Error {}

    init(pool: DatabasePool, strict: Bool) throws {
        self.pool = pool
        self.strict = strict
        let snapshot = try pool.makeSnapshot()
        revision = try snapshot.read { db in try GalleryDatabase.libraryRevision(db) }
        self.snapshot = Mutex(snapshot)
    }

    /// The snapshot reads go to now.
    var current: DatabaseSnapshot { snapshot.withLock { $0 } }

    /// Commits `updates` in a transaction of its own, then takes the snapshot again on the
    /// writer's queue, where no other write can come between: it shows what it showed, plus
    /// this write. When `strict`, throws `LibraryChanged` (after the commit: what was written is
    /// derived from the snapshot's state, and stored layouts and measurements carry what they
    /// were made from) when the library has moved on meanwhile.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try pool.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction {
                result = try updates(db)
                return .commit
            }
            if strict, try GalleryDatabase.libraryRevision(db) != revision { throw LibraryChanged() }
            let renewed = try pool.makeSnapshot()
            snapshot.withLock { $0 = renewed }
            guard let result else { preconditionFailure("inTransaction ran its block") }
            return result
        }
    }
}
