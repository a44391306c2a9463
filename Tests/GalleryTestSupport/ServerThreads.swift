import Foundation

/// A task executor on threads of its own (Dispatch's), for the tests' servers: a test that
/// waits synchronously for a browser holds a thread of Swift's shared pool, which on this
/// machine has two; a server whose tasks ran there could be left with none to answer.
/// Nothing run here blocks.
final class ServerThreads: TaskExecutor {
    static let shared = ServerThreads()

    private let queue = DispatchQueue(label: "gallery-tests.server", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
