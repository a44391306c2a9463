/// Failures of text measurement, phrased for the person who has to fix them.
public enum TextMetricsError: Error, Sendable, Hashable, CustomStringConvertible {
    case missingFont(path: String, package: String)
    case unreadableFont(path: String)
    case invalidWidth(Double)
    case segmentationFailed(String)
    case subsetFailed(path: String)

    public var description: String {
        switch self {
        case .missingFont(let path, let package):
            return "font file \(path) is missing; install it with 'apt-get install \(package)' (or run 'make deps')"
        case .unreadableFont(let path):
            return "font file \(path) is not a font HarfBuzz can read"
        case .invalidWidth(let width):
            return "width \(width) is not a positive, finite number of CSS pixels"
        case .segmentationFailed(let what):
            return "Unicode segmentation failed (\(what)); is libicu installed?"
        case .subsetFailed(let path):
            return "could not subset the font \(path)"
        }
    }
}
