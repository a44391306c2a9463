import Foundation
import Synchronization

/// A fresh folder under the system's temporary directory, removed when the value goes away, or
/// at the latest when the test process exits: a suite's site built once and kept in a static is
/// never deinitialised, and each run of the suite left 270 MB of them in /tmp.
public final class TemporaryDirectory: @unchecked Sendable {
    // @unchecked: `url` is immutable after init; deinit only removes the folder.
    public let url: URL

    /// The folders not removed yet, for the handler run at exit.
    private static let present = Mutex<Set<URL>>([])
    private static let removedAtExit: Void = {
        atexit {
            for url in TemporaryDirectory.present.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
        }
    }()

    public init(_ label: String = "gallery-test") throws {
        url = FileManager.default.temporaryDirectory.appending(path: "\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        _ = Self.removedAtExit
        _ = Self.present.withLock { $0.insert(url) }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
        _ = Self.present.withLock { $0.remove(url) }
    }

    public var path: String { url.path }

    /// Writes `bytes` at `relative`, creating folders on the way; returns the absolute path.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appending(path: relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    @discardableResult
    public func write(_ relative: String, text: String) throws -> String {
        try write(relative, Array(text.utf8))
    }

    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: url.appending(path: relative))
    }
}
