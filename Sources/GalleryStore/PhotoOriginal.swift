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

    /// From a row's columns: nil unless all four are there.
    init?(path: String?, fileSize: Int64?, mtimeNanoseconds: Int64?, contentHash: String?) {
        guard let path, let fileSize, let mtimeNanoseconds, let contentHash else { return nil }
        self.init(path: path, fileSize: fileSize, mtimeNanoseconds: mtimeNanoseconds, contentHash: contentHash)
    }
}
