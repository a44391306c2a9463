import GalleryLayout
import GalleryService

/// `GET /api/layout` parameters → a `MasonryRequest`, or the message for a 400.
///
/// The same rules as `gallery layout`: width a finite number in (0, 100000]; `columns` or
/// `column-width` (+ `gutter`, `min-columns`); `padding`; `placement`; `rect=X,Y,W,H` with
/// W, H ≥ 0.
enum LayoutQuery {
    static func parse(_ query: [String: String]) -> Result<MasonryRequest, QueryError> {
        func number(_ name: String) -> Result<Double?, QueryError> {
            guard let text = query[name] else { return .success(nil) }
            guard let value = Double(text), value.isFinite else {
                return .failure(QueryError("\(name) must be a finite number (got '\(text)')"))
            }
            return .success(value)
        }
        func integer(_ name: String) -> Result<Int?, QueryError> {
            guard let text = query[name] else { return .success(nil) }
            guard let value = Int(text) else { return .failure(QueryError("\(name) must be a whole number (got '\(text)')")) }
            return .success(value)
        }
        do {
            guard let width = try number("width").get() else {
                return .failure(QueryError("width is required: the layout width in CSS px, e.g. /api/layout?width=1280"))
            }
            guard width > 0, width <= 100_000 else {
                return .failure(QueryError("width must be above 0 and at most 100000 CSS px (got \(width))"))
            }
            let columns = try integer("columns").get()
            let columnWidth = try number("column-width").get()
            let gutter = try number("gutter").get()
            let minColumns = try integer("min-columns").get()
            if columns != nil, columnWidth != nil || gutter != nil || minColumns != nil {
                return .failure(QueryError("columns cannot be combined with column-width, gutter or min-columns"))
            }
            let placementText = query["placement"] ?? "shortest"
            guard let placement = MasonryOptions.Placement(rawValue: placementText) else {
                return .failure(QueryError("placement must be shortest or round-robin (got '\(placementText)')"))
            }
            let options = MasonryOptions(
                columns: columns.map { .count($0) } ?? .width(columnWidth ?? 252, gutter: gutter ?? 0, minimum: minColumns ?? 1),
                cellPadding: try number("padding").get() ?? 8, placement: placement)
            do {
                _ = try MasonryLayout.geometry(width: width, options: options)
            } catch {
                return .failure(QueryError(error.description))
            }
            var rect: LayoutRect?
            if let text = query["rect"] {
                let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], [x, y, w, h].allSatisfy(\.isFinite) else {
                    return .failure(QueryError("rect must be four finite numbers X,Y,W,H (got '\(text)')"))
                }
                guard w >= 0, h >= 0 else { return .failure(QueryError("rect needs a width and height of 0 or more (got \(w)×\(h))")) }
                rect = LayoutRect(x: x, y: y, width: w, height: h)
            }
            return .success(MasonryRequest(width: width, album: query["album"], options: options, rect: rect))
        } catch {
            return .failure(error)
        }
    }
}

struct QueryError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
