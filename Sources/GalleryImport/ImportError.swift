/// Failures that stop an import as a whole (a bad photo never does: it is skipped and reported).
public enum ImportError: Error, Sendable, CustomStringConvertible {
    case folderNotFound(path: String)
    case notAFolder(path: String)
    case annotationsFileUnreadable(path: String)

    public var description: String {
        switch self {
        case .folderNotFound(let path):
            return "no folder at \(path); give the folder that holds your photos"
        case .notAFolder(let path):
            return "\(path) is a file, not a folder; give the folder that holds your photos"
        case .annotationsFileUnreadable(let path):
            return "cannot read the annotations file \(path); check the path given to --annotations"
        }
    }
}
