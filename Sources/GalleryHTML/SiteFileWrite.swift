import Foundation

/// How a file of the site reaches the disk, for export and serve alike: whole or not at all (a
/// temporary file renamed over it), and not at all when the file there holds the same bytes,
/// so its modification time and ETag stay put and publish finds nothing to upload.
public enum SiteFileWrite {
    /// Writes `data` to `url`, making its folder, unless the file there holds it already.
    /// - Returns: whether it wrote.
    @discardableResult
    public static func ifChanged(_ data: Data, to url: URL) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: url.path), existing == data { return false }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return true
    }
}
