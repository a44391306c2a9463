import Dispatch
import Synchronization

/// A value made on a thread of its own while the caller goes on with other work; `get()`
/// waits for it (and rethrows what making it threw). For two independent reads of a long job,
/// such as the library's stored state and its annotation files, each on a core.
public final class BackgroundValue<Value: Sendable>: Sendable {
    private let result = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchGroup()

    public init(_ make: @escaping @Sendable () throws -> Value) {
        done.enter()
        DispatchQueue.global().async {
            let made = Result { try make() }
            self.result.withLock { $0 = made }
            self.done.leave()
        }
    }

    /// The value, once made.
    public func get() throws -> Value {
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
