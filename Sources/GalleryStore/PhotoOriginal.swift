import GRDB

/// The file a photo's original download is made from when it is not the shown file: a RAW+JPEG
/// pair's raw (Migrations/0022_pair_originals.sql).
public struct PhotoOriginal: Sendable, Hashable {
    /// Relative to the imported folder, "/" separators.
    public var path: String
    /// Its size and modification time when it was hashed: the import hashes it again when they change.
    public var fileSize: Int64
    public var mtimeNanoseconds: Int64
    /// "xxh64:…": names its copy in the site.
    public var contentHash: String

    public init(path: String, fileSize: Int64, mtimeNanoseconds: Int64, contentHash: String) {
        self.path = path
        self.fileSize = fileSize
        self.mtimeNanoseconds = mtimeNanoseconds
        self.contentHash = contentHash
    }

    /// Its columns in a photo row, in that order (`ColumnOrder`).
    enum Column: Int, ColumnOrder {
        case originalPath, originalSize, originalMtimeNs, originalHash
    }

    /// From a photo row's `original_*` columns, which start at `start`: nil unless all four
    /// are there (a photo that is its own original has none).
    init?(row: Row, from start: Int) throws {
        guard let path: String = try row.decode(atIndex: start + Column.originalPath.rawValue),
              let fileSize: Int64 = try row.decode(atIndex: start + Column.originalSize.rawValue),
              let mtimeNanoseconds: Int64 = try row.decode(atIndex: start + Column.originalMtimeNs.rawValue),
              let contentHash: String = try row.decode(atIndex: start + Column.originalHash.rawValue) else { return nil }
        self.init(path: path, fileSize: fileSize, mtimeNanoseconds: mtimeNanoseconds, contentHash: contentHash)
    }
}
