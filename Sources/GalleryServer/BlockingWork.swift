import Dispatch

/// Work that holds its thread until it is done and is not SQLite's, run on a dispatch thread:
/// never on an event loop, whose connections would all wait, nor on Swift's concurrency pool,
/// whose threads (two on a 2-core machine) every task of the server shares. SQLite reads, and
/// the layouts and pages made from them, run in `GalleryDatabase.snapshot`, on GRDB's queues.
enum BlockingWork {
    /// Work that keeps a core busy (images encoded, ZIPs and private albums written): on
    /// Dispatch's global pool, which runs about as many at once as there are cores.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A file found, stat'ed and read: on a queue of its own, which takes another thread
    /// rather than wait, so a page's small files never queue behind encodes that fill the
    /// global pool (or a whole export's `concurrentPerform` in the same process): behind them
    /// a page's fonts once took minutes.
    static func fileAccess<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            files.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// A queue made by us, not a global one: Dispatch gives such a queue's blocked items new
    /// threads (it overcommits) instead of holding them until a core is free.
    private static let files = DispatchQueue(label: "gallery.server.files", attributes: .concurrent)
}
