import NIOCore
import Synchronization

/// Recent API answers by query, valid for one library revision. Bounded: when full, it is
/// emptied (cheap, and a working set of viewports refills it at once).
final class ResponseCache: Sendable {
    private struct State {
        var revision: Int64 = -1
        var entries: [String: ByteBuffer] = [:]
    }

    private let state = Mutex(State())
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func get(_ key: String, revision: Int64) -> ByteBuffer? {
        state.withLock { $0.revision == revision ? $0.entries[key] : nil }
    }

    /// Keeps `json` as the answer to `key` at `revision` (unless a newer revision's answers are
    /// kept already) and returns it.
    @discardableResult
    func set(_ key: String, revision: Int64, _ json: String) -> ByteBuffer {
        let buffer = ByteBuffer(string: json)
        state.withLock { state in
            if revision < state.revision { return }
            if state.revision != revision || state.entries.count >= capacity {
                state.entries.removeAll(keepingCapacity: true)
                state.revision = revision
            }
            state.entries[key] = buffer
        }
        return buffer
    }
}
