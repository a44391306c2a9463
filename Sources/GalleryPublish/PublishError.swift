/// Why a publish stopped, with the facts to act on. A store's refusal carries its own code and
/// message (`SignatureDoesNotMatch`, `NoSuchBucket`, ...); secrets never appear in any of them.
public enum PublishError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target is not `s3://BUCKET[/PREFIX]`.
    case target(String)
    /// No credentials, or half of them.
    case credentials(String)
    /// The site folder is missing or is not a folder.
    case site(path: String, problem: String)
    /// The store answered a request with an error.
    case refused(operation: String, status: Int, code: String, message: String)
    /// The store could not be reached (or did not answer in time), after the retries.
    case unreachable(operation: String, endpoint: String, reason: String)
    /// A local file could not be read.
    case unreadable(path: String, reason: String)
    /// Uploads failed part-way: what was done, and the first failure. Nothing was deleted.
    case incomplete(uploaded: Int, planned: Int, cause: String)

    public var description: String {
        switch self {
        case .target(let text):
            "'\(text)' is not a target: give s3://BUCKET or s3://BUCKET/PREFIX"
        case .credentials(let problem):
            "no credentials: \(problem); set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile in ~/.aws/credentials (AWS_PROFILE)"
        case .site(let path, let problem):
            "\(path): \(problem); give the folder 'gallery export --out' wrote"
        case .refused(let operation, let status, let code, let message):
            "\(operation): the store answered \(status) \(code): \(message)" + Self.advice(code: code, status: status)
        case .unreachable(let operation, let endpoint, let reason):
            "\(operation): \(endpoint) did not answer (\(reason)); check --endpoint and the network"
        case .unreadable(let path, let reason):
            "\(path): cannot be read (\(reason))"
        case .incomplete(let uploaded, let planned, let cause):
            "\(cause); uploaded \(uploaded) of \(planned) files, deleted nothing; the same command again finishes the publish"
        }
    }

    /// What to check for the codes people meet.
    static func advice(code: String, status: Int) -> String {
        switch code {
        case "SignatureDoesNotMatch": "; check AWS_SECRET_ACCESS_KEY (the secret does not belong to this key) and --region"
        case "InvalidAccessKeyId": "; check AWS_ACCESS_KEY_ID: the store does not know this key"
        case "NoSuchBucket": "; create the bucket first, or check its name and --endpoint"
        case "AccessDenied": "; this key may not write to this bucket: check its policy"
        case "AuthorizationHeaderMalformed", "IllegalLocationConstraintException": "; check --region"
        default: status >= 500 ? "; the store failed: try again later" : ""
        }
    }
}
