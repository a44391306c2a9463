import Foundation

/// What a running program writes to one of its pipes, kept as it comes, so a test can wait for
/// the line it needs (a server's `serving URL`, an error message) instead of polling a file.
public final class ProcessOutput: @unchecked Sendable {
    // @unchecked: `text` is only touched under `condition`.
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    /// Starts reading `pipe` on a thread of its own, until the writer closes it.
    public init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { ended = true } else { data += chunk }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }.start()
    }

    /// Everything written so far.
    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Everything the program wrote, once it has closed the pipe (it ended), or what came
    /// within `timeout` seconds.
    public func all(timeout: Double = 60) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !ended, condition.wait(until: deadline) {}
        return String(decoding: data, as: UTF8.self)
    }

    /// The first whole line that `matches`, as soon as it is written; nil when the pipe closed
    /// or `timeout` seconds passed without one.
    public func line(where matches: (Substring) -> Bool, timeout: Double = 60) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if let line = lines.first(where: matches) { return String(line) }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    /// `line(where:timeout:)` off Swift's cooperative threads, for async tests.
    public func line(containing text: String, timeout: Double = 60) async -> String? {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.line(where: { $0.contains(text) }, timeout: timeout)) }.start()
        }
    }
}
