import GRDB

extension GalleryDatabase {
    /// Runs `body` so that every read of this database it makes sees one state of the library:
    /// GRDB's `DatabaseSnapshot`, a read transaction on a connection of its own which writes
    /// committed meanwhile do not enter (WAL). A page made inside it cannot mix two imports,
    /// nor meet a layout an import is replacing. `body` runs through GRDB's async read, on the
    /// snapshot's own dispatch queue: neither an event loop nor the concurrency pool waits for
    /// SQLite or for the work `body` does.
    ///
    /// What `body` writes (a layout or a measurement computed on demand) is committed at once
    /// and seen by its next reads: the snapshot is taken again right after the write, on the
    /// writer's queue, so it shows the state it showed plus that write (`SnapshotState`). Only
    /// when someone else changed the library in between (an import committed) does `body` run
    /// again from the start, in a snapshot of the new state; should the library change that
    /// fast every time, the last run keeps going in the newer state after each write.
    ///
    /// The snapshot is found by the reads through a task-local rather than passed: the site's
    /// parts made once per library revision (an album's layouts, the search index) are shared
    /// by every file made of that revision, each in a snapshot of its own.
    ///
    /// An in-memory database (tests, tools) has one connection that serializes everything;
    /// there `body` runs as it is.
    public func snapshot<T: Sendable>(attempts: Int = 4, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        guard let pool = writer as? DatabasePool, snapshotInUse == nil else { return try body() }
        for attempt in 1 ... attempts {
            let state = try SnapshotState(pool: pool, strict: attempt < attempts)
            do {
                return try await state.current.read { _ in try Self.$snapshotInUse.withValue(state) { try body() } }
            } catch is SnapshotState.LibraryChanged {
                continue
            }
        }
        preconditionFailure("the last attempt's snapshot is not strict")
    }

    /// The snapshot `snapshot` runs its body in.
    @TaskLocal static var snapshotInUse: SnapshotState?

    /// The snapshot this database's reads go to now: the one in use, if it is of this database.
    private var snapshotInUse: SnapshotState? {
        Self.snapshotInUse.flatMap { $0.pool === writer ? $0 : nil }
    }

    /// Reads in the snapshot in use, else in a read transaction of its own (every store
    /// method's reads, so that a method's several statements agree).
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        guard let snapshot = snapshotInUse else { return try writer.read(value) }
        return try snapshot.current.unsafeReentrantRead(value)
    }

    /// Writes in a transaction of its own; in a snapshot, moves the snapshot past the write
    /// (see `snapshot`).
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        guard let snapshot = snapshotInUse else { return try writer.write(updates) }
        return try snapshot.write(updates)
    }
}
