/// Why a value could not be written as JSON.
public enum JSONEncodingError: Error, CustomStringConvertible, Equatable {
    /// JSON has no infinity or NaN.
    case notFinite(Double)
    /// A Codable feature this encoder leaves out (`superEncoder`).
    case unsupported(String)

    public var description: String {
        switch self {
        case .notFinite(let value): "\(value) cannot be written as JSON: only finite numbers can"
        case .unsupported(let what): "\(what) is not supported by the JSON writer"
        }
    }
}
