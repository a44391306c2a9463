import Dispatch
import Synchronization

/// Runs work items on a few threads at once: each thread takes the next item until none is
/// left, or until an item throws — then no new item starts and the first error is rethrown.
/// Blocking work (decoding, shaping, SQLite) on threads of its own, not the concurrency pool.
public enum ParallelWork {
    /// `body` for every item, on at most `jobs` threads; returns when all have ended.
    public static func forEach<Item: Sendable>(
        _ items: [Item], jobs: Int, _ body: @Sendable (Item) throws -> Void
    ) throws {
        guard !items.isEmpty else { return }
        let next = Atomic<Int>(0)
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: min(max(1, jobs), items.count)) { _ in
            while failure.withLock({ $0 == nil }) {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < items.count else { return }
                do {
                    try body(items[index])
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}

extension ParallelWork {
    /// `transform` of every item, on at most `jobs` threads; the results in the items' order.
    public static func map<Item: Sendable, Value: Sendable>(
        _ items: [Item], jobs: Int, _ transform: @Sendable (Item) -> Value
    ) -> [Value] {
        let results = ResultSlots<Value>(count: items.count)
        let indices = Array(items.indices)
        // Nothing throws: forEach cannot fail.
        try? forEach(indices, jobs: jobs) { index in results.set(index, transform(items[index])) }
        return results.values()
    }
}

/// Fixed slots that worker threads fill, each index exactly once.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    // Safe: `map` hands every index to one worker only (an atomic counter), and reads the
    // slots after `concurrentPerform` has returned, which orders all the writes before it.
    // Raw memory, not an Array: concurrent writes through an Array would race on its header.
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value) { slots[index] = value }

    /// Every slot's value; call only after all have been set.
    func values() -> [Value] { slots.compactMap { $0 } }
}
