import Dispatch

/// Work that holds its thread until it is done and is not SQLite's (images encoded, ZIPs and
/// private albums written, a file found, stat'ed and read), run on a dispatch thread: never on
/// an event loop, whose connections would all wait, nor on Swift's concurrency pool, whose
/// threads (two on a 2-core machine) every task of the server shares. SQLite reads, and the
/// layouts and pages made from them, run in `GalleryDatabase.snapshot`, on GRDB's queues.
enum BlockingWork {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}
