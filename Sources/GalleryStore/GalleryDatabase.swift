import Foundation
import GRDB

/// The library database: one SQLite file in WAL mode, its schema from `Migrations/*.sql`.
///
/// It is the only owner of the migrator, so every reader and writer sees a database that is at
/// the schema this binary knows, or refuses to open it.
public final class GalleryDatabase: Sendable {
    /// The GRDB connection pool (WAL: readers never block the writer, nor the writer readers).
    let writer: any DatabaseWriter
    /// Where the file is, for messages; ":memory:" for an in-memory database.
    public let path: String
    /// Browse pages' revisions counted at the current library revision.
    let scopeRevisions = ScopeRevisions()
    /// The last scope's photo shapes, for the layouts of its other bands.
    let lastShapes = LastShapes()

    /// Opens (creating it if needed) and migrates the database at `path`.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // An importer and a server may write at once: wait for the lock instead of failing.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // FULL on commit: a completed import survives a power cut, not only a crash.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            writer = try DatabasePool(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? error.description)
        }
        try Self.migrate(writer, path: path)
    }

    /// An in-memory database, for tests and tools.
    public init() throws {
        path = ":memory:"
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        writer = try DatabaseQueue(configuration: configuration)
        try Self.migrate(writer, path: path)
    }

    /// The migrations this binary carries, in order: `Migrations/NNNN_name.sql`, embedded at build time.
    public static var migrationIdentifiers: [String] { EmbeddedMigrations.all.map(\.identifier) }

    /// The SQL of each embedded migration, by identifier (tests compare it with `Migrations/`).
    public static var embeddedMigrations: [(identifier: String, sql: String)] { EmbeddedMigrations.all.map { ($0.identifier, $0.text) } }

    static func migrator(upTo last: String? = nil) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (identifier, sql) in EmbeddedMigrations.all {
            migrator.registerMigration(identifier) { db in
                try db.execute(sql: sql)
            }
            if identifier == last { break }
        }
        return migrator
    }

    private static func migrate(_ writer: any DatabaseWriter, path: String) throws {
        let migrator = migrator()
        // On the writer, which migrates next: a pool reader opened here would keep the old
        // schema in its statement cache and reprepare `*` queries to other columns.
        let unknown = try writer.writeWithoutTransaction { db in
            try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
        }
        guard unknown.isEmpty else {
            throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
        }
        try migrator.migrate(writer)
    }

    /// The migrations recorded in the database, in the order they were applied.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.migrator().appliedMigrations(db) }
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() throws -> String {
        try writer.read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
        }
    }

    /// The journal mode in force ("wal" for a file database).
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}
