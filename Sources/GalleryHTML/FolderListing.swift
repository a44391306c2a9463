import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The names in some folders of the site, read once: whether an image is there, asked for
/// every image of the library at each export, is then a lookup rather than a path resolved
/// by the kernel (300,000 `access` calls took 0.7 s of a build at 100,000 photos; reading
/// the image folders takes 0.1 s).
///
/// A snapshot: a file written or removed after it is made is not seen. The images pass reads
/// it before it writes, and nothing else asks it.
struct FolderListing: Sendable {
    /// Folder (relative to the site) → the names of the entries in it.
    private let names: [String: Set<String>]

    /// Lists `folders` of `root`; a folder that cannot be read is not listed (`contains`
    /// then has no answer for its files).
    init(root: String, folders: [String]) {
        var names: [String: Set<String>] = [:]
        for folder in folders {
            guard let directory = opendir(root + "/" + folder) else { continue }
            var entries = Set<String>()
            while let entry = readdir(directory) {
                // Bytes that are not UTF-8 are no name an export writes.
                guard let name = withUnsafeBytes(of: entry.pointee.d_name, { raw in
                    String(validating: raw.prefix { $0 != 0 }, as: UTF8.self)
                }), name != ".", name != ".." else { continue }
                entries.insert(name)
            }
            closedir(directory)
            names[folder] = entries
        }
        self.names = names
    }

    /// Whether the site has `relative` (a site file's name), or nil when its folder is not
    /// one listed.
    func contains(_ relative: String) -> Bool? {
        guard let slash = relative.lastIndex(of: "/"), let entries = names[String(relative[..<slash])] else { return nil }
        return entries.contains(String(relative[relative.index(after: slash)...]))
    }
}
