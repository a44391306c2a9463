/// Inputs a layout cannot be made from, each naming the field and what is allowed.
public enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidWidth(Double)
    case invalidColumnCount(Int)
    case columnsTooNarrow(columns: Int, width: Double, padding: Double)
    case invalidOption(name: String, value: Double, allowed: String)
    case invalidItem(index: Int, field: String, value: Double)

    public var description: String {
        switch self {
        case .invalidWidth(let width):
            return "width \(width) must be a finite number of CSS px above 0 and at most 100000"
        case .invalidColumnCount(let count):
            return "the column count \(count) must be at least 1"
        case .columnsTooNarrow(let columns, let width, let padding):
            return "\(columns) columns in \(width) px leave no room inside a padding of \(padding) px; use fewer columns or less padding"
        case .invalidOption(let name, let value, let allowed):
            return "\(name) \(value) must be \(allowed)"
        case .invalidItem(let index, let field, let value):
            return "item \(index): \(field) \(value) must be a finite number above 0"
        }
    }
}

extension LayoutError {
    /// Both sides finite and above 0, or `.invalidOption` naming `name`.
    static func requirePositive(_ size: LayoutSize, _ name: String) throws(LayoutError) {
        guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height > 0 else {
            throw .invalidOption(name: name, value: min(size.width, size.height), allowed: "finite and above 0")
        }
    }

    /// A finite number (a scroll offset), or `.invalidOption` naming `name`.
    static func requireFinite(_ value: Double, _ name: String) throws(LayoutError) {
        guard value.isFinite else { throw .invalidOption(name: name, value: value, allowed: "a finite number") }
    }
}
