import GallerySiteFiles

/// Why a publish stopped, with the facts to act on. A store's refusal carries its own code and
/// message (`SignatureDoesNotMatch`, `NoSuchBucket`, ...); secrets never appear in any of them.
/// What to type about it is the command line's to say (`Gallery.swift`).
public enum PublishError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target is not `s3://BUCKET[/PREFIX]`.
    case target(String)
    /// No credentials, or half of them.
    case credentials(String)
    /// The site folder is missing or is not a folder.
    case site(path: String, problem: String)
    /// The folder holds no export manifest: no export wrote it.
    case notAnExport(path: String)
    /// The folder's last export did not finish: its manifest says so.
    case interruptedExport(path: String)
    /// Files the export's manifest lists are not in the folder.
    case missingFiles(path: String, count: Int, example: String)
    /// The store answered a request with an error.
    case refused(operation: String, status: Int, code: String, message: String)
    /// The store could not be reached (or did not answer in time), after the retries.
    case unreachable(operation: String, endpoint: String, reason: String)
    /// The publish was cancelled (its task, or the process asked to stop) while it waited on the store.
    case cancelled(operation: String)
    /// A local file could not be read.
    case unreadable(path: String, reason: String)
    /// Uploads failed part-way: what was done, and the first failure. Nothing was deleted.
    indirect case incomplete(uploaded: Int, planned: Int, cause: PublishError)

    public var description: String {
        switch self {
        case .target(let text):
            "'\(text)' is not an s3:// target"
        case .credentials(let problem):
            "no credentials: \(problem)"
        case .site(let path, let problem):
            "\(path): \(problem)"
        case .notAnExport(let path):
            "\(path): holds no export manifest (\(ExportFolder.manifestName)), so no export wrote it"
        case .interruptedExport(let path):
            "\(path): its last export did not finish (it was interrupted, or is still running); nothing was published"
        case .missingFiles(let path, let count, let example):
            "\(path): \(count) file\(count == 1 ? "" : "s") its export wrote \(count == 1 ? "is" : "are") missing (\(example)); nothing was published"
        case .refused(let operation, let status, let code, let message):
            "\(operation): the store answered \(status) \(code): \(message)"
        case .unreachable(let operation, let endpoint, let reason):
            "\(operation): \(endpoint) did not answer (\(reason))"
        case .cancelled(let operation):
            "\(operation): cancelled"
        case .unreadable(let path, let reason):
            "\(path): cannot be read (\(reason))"
        case .incomplete(let uploaded, let planned, let cause):
            "\(cause.description); uploaded \(uploaded) of \(planned) files, deleted nothing"
        }
    }
}
