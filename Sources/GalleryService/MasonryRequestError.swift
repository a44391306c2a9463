import GalleryLayout

/// Why a masonry request was refused: facts, put into words by `message(naming:)` with the
/// parameters' names as the asker wrote them ("--width" on the command line, "width" in a query).
public enum MasonryRequestError: Error, Equatable {
    case missingWidth
    /// A parameter that must be a finite number (or a whole one) was given `text`.
    case notANumber(parameter: String, text: String)
    case widthOutOfRange(Double)
    case columnsCombined
    case tooFewColumns(Int)
    case badRect(String)
    case negativeRectSize(width: Double, height: Double)
    case unknownPlacement(String)
    /// The geometry itself cannot be laid out (columns with no room left, a negative inner width).
    case layout(LayoutError)

    public func message(naming name: (String) -> String) -> String {
        switch self {
        case .missingWidth:
            "\(name("width")) is required: the layout width in CSS px (e.g. 1280)"
        case .notANumber(let parameter, let text):
            "\(name(parameter)) must be a finite number (got '\(text)')"
        case .widthOutOfRange(let width):
            "\(name("width")) must be above 0 and at most \(Int(MasonryRequest.maximumWidth)) CSS px (got \(width))"
        case .columnsCombined:
            "\(name("columns")) cannot be combined with \(name("column-width")), \(name("gutter")) or \(name("min-columns"))"
        case .tooFewColumns(let count):
            "\(name("columns")) must be at least 1 (got \(count))"
        case .badRect(let text):
            "\(name("rect")) must be four finite numbers X,Y,W,H (got '\(text)')"
        case .negativeRectSize(let width, let height):
            "\(name("rect")) needs a width and height of 0 or more (got \(width)×\(height))"
        case .unknownPlacement(let text):
            "\(name("placement")) must be \(MasonryOptions.Placement.allCases.map(\.rawValue).joined(separator: " or ")) (got '\(text)')"
        case .layout(let error):
            error.description
        }
    }
}
