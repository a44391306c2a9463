/// Failures that stop an export (a photo that cannot be decoded never does: it gets a
/// placeholder cell and a line in the summary).
public enum ExportError: Error, Sendable, CustomStringConvertible {
    case notAnExport(path: String)
    case noLibrary
    case cannotWrite(path: String, reason: String)
    /// Another export is writing into the folder (its process id, when its marker says it).
    case busy(path: String, process: Int32?)

    public var description: String {
        switch self {
        case .notAnExport(let path):
            return "\(path) is not empty and was not written by gallery export; choose an empty or new folder (nothing gallery did not write is ever deleted)"
        case .noLibrary:
            return "the library has no photos folder yet: nothing was imported into it"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .busy(let path, let process):
            return "another gallery export is writing into \(path)\(process.map { " (process \($0))" } ?? "")"
        }
    }
}
