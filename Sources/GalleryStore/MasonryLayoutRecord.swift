import Foundation
import GalleryLayout
import GRDB

/// One row of `masonry_layouts`: a masonry layout's columns, beside its `layouts` row.
struct MasonryLayoutRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "masonry_layouts"
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    enum Columns: String, ColumnExpression, CaseIterable {
        case layoutID = "layout_id", columns, columnWidth = "column_width", gutter
        case innerWidth = "inner_width", cellPadding = "cell_padding", columnHeights = "column_heights"
    }

    /// Columns by name, not `*`: a query prepared against a schema that changes before it runs
    /// keeps its columns.
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }

    static let selection = Columns.allCases.map(\.rawValue).joined(separator: ", ")

    var layoutId: Int64
    var columns: Int
    var columnWidth: Double
    var gutter: Double
    var innerWidth: Double
    var cellPadding: Double
    /// Little-endian float64 per column.
    var columnHeights: Data

    init(_ masonry: StoredMasonryLayout, layoutID: Int64) {
        layoutId = layoutID
        columns = masonry.geometry.columns
        columnWidth = masonry.geometry.columnWidth
        gutter = masonry.geometry.gutter
        innerWidth = masonry.geometry.innerWidth
        cellPadding = masonry.cellPadding
        columnHeights = Data(LayoutChunkCodec.encode(masonry.columnHeights))
    }

    /// Column by column, as `LayoutRecord(row:)` and for the same reason.
    init(row: Row) throws {
        layoutId = try row.decode(forColumn: Columns.layoutID.rawValue)
        columns = try row.decode(forColumn: Columns.columns.rawValue)
        columnWidth = try row.decode(forColumn: Columns.columnWidth.rawValue)
        gutter = try row.decode(forColumn: Columns.gutter.rawValue)
        innerWidth = try row.decode(forColumn: Columns.innerWidth.rawValue)
        cellPadding = try row.decode(forColumn: Columns.cellPadding.rawValue)
        columnHeights = try row.decode(forColumn: Columns.columnHeights.rawValue)
    }

    func masonry(_ layout: StoredLayout) -> StoredMasonryLayout {
        StoredMasonryLayout(
            layout: layout,
            geometry: MasonryGeometry(columns: columns, columnWidth: columnWidth, gutter: gutter, innerWidth: innerWidth),
            cellPadding: cellPadding, columnHeights: LayoutChunkCodec.decodeDoubles([UInt8](columnHeights)))
    }
}
