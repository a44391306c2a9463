import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches a photo folder and every folder in it (inotify), hidden ones aside, and calls
/// `onChange` once things have been quiet for `settle` after a change: a photo copied in, a
/// caption file saved, gallery.toml edited. Folders created later are watched as they appear.
/// Editors that save by writing a new file and renaming it are seen too (moves count).
public final class FolderWatcher: @unchecked Sendable {
    // @unchecked: `descriptor` and `folders` are touched only by the reading thread (after
    // `start`), and `stop` only flips the atomic `running`.
    private let root: String
    private let settle: Double
    private let onChange: @Sendable () -> Void
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private let running = Atomic<Bool>(false)
    /// Changes seen so far: a scheduled call runs only if no change came after it.
    private let changes = Atomic<Int>(0)

    /// - Parameter settle: seconds without a new change before `onChange` runs.
    public init(root: String, settle: Double = 0.15, onChange: @escaping @Sendable () -> Void) throws {
        self.root = root
        self.settle = settle
        self.onChange = onChange
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "inotify: \(String(cString: strerror(errno)))"]) }
        watchTree(root)
    }

    deinit { close(descriptor) }

    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF)

    /// Watches `folder` and the folders in it (not hidden ones: `.gallery/` holds the library).
    private func watchTree(_ folder: String) {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        if watch >= 0 { folders[watch] = folder }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), isFolder.boolValue {
                watchTree(folder + "/" + name)
            }
        }
    }

    /// Starts reading events on a thread of its own.
    public func start() {
        guard !running.exchange(true, ordering: .acquiring) else { return }
        let thread = Thread { [self] in self.readEvents() }
        thread.name = "gallery folder watcher"
        thread.start()
    }

    public func stop() {
        running.store(false, ordering: .releasing)
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while running.load(ordering: .acquiring) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Wake up now and then to notice `stop`.
            guard poll(&poller, 1, 250) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var changed = false
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, mask, length, name) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size
                    let bytes = raw[start ..< start + Int(event.len)].prefix { $0 != 0 }
                    return (event.wd, event.mask, Int(event.len), String(decoding: bytes, as: UTF8.self))
                }
                offset += MemoryLayout<inotify_event>.size + length
                if name.hasPrefix(".") { continue }  // hidden files, editors' swap files, the library
                changed = true
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = folders[watch] {
                    watchTree(parent + "/" + name)
                }
                if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil }
            }
            if changed { schedule() }
        }
    }

    /// Runs `onChange` once the folder has been quiet for `settle`.
    private func schedule() {
        let seen = changes.add(1, ordering: .relaxed).newValue
        DispatchQueue.global().asyncAfter(deadline: .now() + settle) { [self] in
            guard changes.load(ordering: .relaxed) == seen else { return }
            onChange()
        }
    }
}
