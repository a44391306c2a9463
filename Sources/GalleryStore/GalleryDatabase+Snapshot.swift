import GRDB

extension GalleryDatabase {
    /// Runs `body` so that every read of this database it makes (on this thread) sees one state
    /// of the library: one read transaction, which writes committed meanwhile do not enter
    /// (WAL). A page made inside it cannot mix two imports, nor meet a layout an import is
    /// replacing.
    ///
    /// `body` may run more than once. A transaction cannot show what is written while it is
    /// open, so a write inside it (a layout or a measurement computed on demand) is refused;
    /// `body` then runs once outside a snapshot, which stores what was missing, and again
    /// inside a new one. Should the library change that fast every time, the last run is
    /// outside a snapshot, as every read was before.
    ///
    /// An in-memory database has one connection that serializes everything; there `body` runs
    /// as it is.
    public func snapshot<T>(attempts: Int = 4, _ body: () throws -> T) throws -> T {
        guard writer is DatabasePool else { return try body() }
        for _ in 0 ..< attempts {
            do {
                return try Self.$isInSnapshot.withValue(true) { try read { _ in try body() } }
            } catch is WriteInSnapshot {
                _ = try body()
            }
        }
        return try body()
    }

    /// True on a thread inside `snapshot`'s transaction, where writes are refused.
    @TaskLocal static var isInSnapshot = false

    /// Thrown by `write` inside a snapshot; `snapshot` handles it.
    struct WriteInSnapshot: Error {}

    /// Reads in the enclosing `snapshot`'s transaction when there is one, else in one of its
    /// own (every store method's reads, so a method's several statements agree too).
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        guard writer is DatabasePool else { return try writer.read(value) }
        return try writer.unsafeReentrantRead { db in
            if db.isInsideTransaction { return try value(db) }
            var result: T?
            try db.inTransaction(.deferred) {
                result = try value(db)
                return .commit
            }
            guard let result else { preconditionFailure("inTransaction ran its block") }
            return result
        }
    }

    /// Writes in a transaction of its own; refused inside a snapshot (see `snapshot`).
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        if Self.isInSnapshot { throw WriteInSnapshot() }
        return try writer.write(updates)
    }
}
