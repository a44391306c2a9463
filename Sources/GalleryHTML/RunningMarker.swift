import Foundation

/// The running marker of an export (`ExportFolder.runningMarkerName`), held with an exclusive
/// lock for as long as the export runs: a second export into the same folder (two builds
/// started at once, or from two terminals) stops with one clear error instead of writing the
/// same files beside it, each taking the other's marker for a killed run. The kernel lets go of
/// the lock when the process ends, however it ends: a killed export's marker stays (the next one
/// then renders every page, `ExportInputs`) but never blocks it.
final class RunningMarker {
    private let descriptor: Int32
    private let path: String

    /// Takes the lock and writes this process's id into the marker at `path`.
    /// - Throws: `ExportError.busy` when another export holds it, `cannotWrite` when it cannot be made.
    init(path: String, folder: String) throws {
        self.path = path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExportError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw ExportError.busy(path: folder, process: holder.flatMap(Int32.init))
        }
        let pid = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, pid, pid.count, 0) == pid.count else {
            close(descriptor)
            throw ExportError.cannotWrite(path: path, reason: "the folder cannot be written")
        }
    }

    /// The export finished: the marker goes, then the lock.
    func remove() {
        unlink(path)
    }

    deinit { close(descriptor) }
}
