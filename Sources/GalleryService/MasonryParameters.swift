import GalleryLayout

/// A masonry request as asked, before it is checked: from `gallery layout`'s options or from
/// `/api/layout`'s query (`init(query:)`). `MasonryRequest(validating:)` is the one check.
public struct MasonryParameters: Sendable, Hashable {
    public var width: Double?
    public var album: String?
    public var columns: Int?
    public var columnWidth: Double?
    public var gutter: Double?
    public var minColumns: Int?
    public var padding: Double?
    public var placement: MasonryOptions.Placement?
    /// "X,Y,W,H".
    public var rect: String?

    public init(width: Double? = nil, album: String? = nil, columns: Int? = nil, columnWidth: Double? = nil,
                gutter: Double? = nil, minColumns: Int? = nil, padding: Double? = nil,
                placement: MasonryOptions.Placement? = nil, rect: String? = nil) {
        self.width = width
        self.album = album
        self.columns = columns
        self.columnWidth = columnWidth
        self.gutter = gutter
        self.minColumns = minColumns
        self.padding = padding
        self.placement = placement
        self.rect = rect
    }

    /// The parameters of a query string, by their names: `width`, `album`, `columns`,
    /// `column-width`, `gutter`, `min-columns`, `padding`, `placement`, `rect`.
    public init(query: [String: String]) throws(MasonryRequestError) {
        func number(_ name: String) throws(MasonryRequestError) -> Double? {
            guard let text = query[name] else { return nil }
            guard let value = Double(text), value.isFinite else { throw .notANumber(parameter: name, text: text) }
            return value
        }
        func integer(_ name: String) throws(MasonryRequestError) -> Int? {
            guard let text = query[name] else { return nil }
            guard let value = Int(text) else { throw .notANumber(parameter: name, text: text) }
            return value
        }
        var placement: MasonryOptions.Placement?
        if let text = query["placement"] {
            guard let known = MasonryOptions.Placement(rawValue: text) else { throw .unknownPlacement(text) }
            placement = known
        }
        self.init(width: try number("width"), album: query["album"], columns: try integer("columns"),
                  columnWidth: try number("column-width"), gutter: try number("gutter"),
                  minColumns: try integer("min-columns"), padding: try number("padding"),
                  placement: placement, rect: query["rect"])
    }
}

extension MasonryRequest {
    /// The widest layout asked for, in CSS px.
    public static let maximumWidth: Double = 100_000

    /// The request `parameters` ask for, checked once for the command line and the API alike:
    /// width a finite number in (0, 100000]; `columns` alone or `column-width` / `gutter` /
    /// `min-columns`; a geometry that leaves room for the items; `rect` four finite numbers
    /// with a width and height of 0 or more.
    public init(validating parameters: MasonryParameters) throws(MasonryRequestError) {
        guard let width = parameters.width else { throw .missingWidth }
        guard width.isFinite, width > 0, width <= Self.maximumWidth else { throw .widthOutOfRange(width) }
        if parameters.columns != nil, parameters.columnWidth != nil || parameters.gutter != nil || parameters.minColumns != nil {
            throw .columnsCombined
        }
        if let columns = parameters.columns, columns < 1 { throw .tooFewColumns(columns) }
        let columns: MasonryOptions.Columns = parameters.columns.map { .count($0) }
            ?? .width(parameters.columnWidth ?? MasonryOptions.defaultColumnWidth, gutter: parameters.gutter ?? 0,
                      minimum: parameters.minColumns ?? 1)
        let options = MasonryOptions(columns: columns, cellPadding: parameters.padding ?? MasonryOptions.defaultCellPadding,
                                     placement: parameters.placement ?? .shortest)
        do {
            _ = try MasonryLayout.geometry(width: width, options: options)
        } catch {
            throw .layout(error)
        }
        self.init(width: width, album: parameters.album, options: options, rect: try parameters.rect.map(Self.rect))
    }

    /// "X,Y,W,H" as a rect: four finite numbers, the width and height 0 or more.
    public static func rect(_ text: String) throws(MasonryRequestError) -> LayoutRect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              [x, y, w, h].allSatisfy(\.isFinite)
        else { throw .badRect(text) }
        guard w >= 0, h >= 0 else { throw .negativeRectSize(width: w, height: h) }
        return LayoutRect(x: x, y: y, width: w, height: h)
    }
}
