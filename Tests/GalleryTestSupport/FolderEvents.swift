import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a test when files come and go in some folders (inotify), so that it can act at a
/// moment of another process's work, such as killing an export once it has written some images,
/// without polling on a clock.
public final class FolderEvents {
    private let descriptor: Int32

    /// Watches `folders` (not their subfolders) for files created, written, moved in or deleted.
    public init(watching folders: [URL]) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw TestFailure(description: "inotify: errno \(errno)") }
        for folder in folders where inotify_add_watch(descriptor, folder.path, UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE)) < 0 {
            close(descriptor)
            throw TestFailure(description: "inotify cannot watch \(folder.path): errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Returns true once `predicate` holds, checked now and after each change in the folders;
    /// false when `timeout` seconds pass first.
    public func wait(until predicate: () -> Bool, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var events = [UInt8](repeating: 0, count: 64 * 1024)
        while !predicate() {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Sleeps until a change (or the deadline), then takes every pending event at once.
            if poll(&watched, 1, Int32(min(left, 3600) * 1000) + 1) > 0 {
                while read(descriptor, &events, events.count) > 0 {}
            }
        }
        return true
    }
}
