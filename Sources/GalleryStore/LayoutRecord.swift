import GalleryLayout
import GRDB

/// One row of `layouts`: what every kind of layout has (Migrations/0009_layout_kinds.sql).
struct LayoutRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "layouts"
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    enum Columns: String, ColumnExpression, CaseIterable {
        case id, scope, kind, width, options
        case contentWidth = "content_width", contentHeight = "content_height", itemCount = "item_count"
        case revision, computedAt = "computed_at", inputsRevision = "inputs_revision"
    }

    /// Columns by name, not `*`: a query prepared against a schema that changes before it runs
    /// keeps its columns.
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }

    /// Every column by name, for hand-written statements that stay cached on hot paths.
    static let selection = Columns.allCases.map(\.rawValue).joined(separator: ", ")

    var id: Int64?
    var scope: String
    var kind: String
    var width: Double
    var options: String
    var contentWidth: Double
    var contentHeight: Double
    var itemCount: Int
    var revision: Int64
    var computedAt: String
    var inputsRevision: Int64?

    init(_ layout: StoredLayout) {
        id = nil
        scope = layout.key.scope.stored
        kind = layout.key.kind.rawValue
        width = layout.key.width
        options = layout.key.options
        contentWidth = layout.contentWidth
        contentHeight = layout.contentHeight
        itemCount = layout.itemCount
        revision = layout.revision
        computedAt = layout.computedAt
        inputsRevision = layout.inputsRevision
    }

    /// Read column by column rather than through `Decodable`: every page of an export reads
    /// one header per band, and GRDB's decoder (with its snake-case key conversion, per key per
    /// row) was a tenth of the CPU of an export that changed nothing (10,000 photos).
    init(row: Row) throws {
        id = try row.decode(forColumn: Columns.id.rawValue)
        scope = try row.decode(forColumn: Columns.scope.rawValue)
        kind = try row.decode(forColumn: Columns.kind.rawValue)
        width = try row.decode(forColumn: Columns.width.rawValue)
        options = try row.decode(forColumn: Columns.options.rawValue)
        contentWidth = try row.decode(forColumn: Columns.contentWidth.rawValue)
        contentHeight = try row.decode(forColumn: Columns.contentHeight.rawValue)
        itemCount = try row.decode(forColumn: Columns.itemCount.rawValue)
        revision = try row.decode(forColumn: Columns.revision.rawValue)
        computedAt = try row.decode(forColumn: Columns.computedAt.rawValue)
        inputsRevision = try row.decode(forColumn: Columns.inputsRevision.rawValue)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The header as the store gives it; nil for a kind or scope this binary does not know
    /// (the schema refuses both, so only a hand-edited file has one).
    func layout(currentRevision: Int64) -> StoredLayout? {
        guard let id, let kind = LayoutKind(rawValue: kind), let scope = LayoutScope(stored: scope) else { return nil }
        return StoredLayout(id: id, key: LayoutKey(scope: scope, kind: kind, width: width, options: options),
                            contentWidth: contentWidth, contentHeight: contentHeight, itemCount: itemCount,
                            revision: revision, computedAt: computedAt, inputsRevision: inputsRevision, isStale: revision != currentRevision)
    }
}
