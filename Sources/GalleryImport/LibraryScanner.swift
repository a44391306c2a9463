#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file found under the imported folder.
struct ScannedFile: Sendable, Hashable {
    /// Relative to the imported folder, "/" separators.
    var path: String
    /// The folder relative to the root: the album's path ('' for the root).
    var folder: String
    var name: String
    var size: Int64
    var mtimeNanoseconds: Int64
}

/// Walks the imported folder: every subfolder is an album, hidden entries (".name") are skipped,
/// symbolic links are followed, and a folder reached twice (a link loop, or two links to one
/// place) is walked once.
struct LibraryScanner {
    /// Files the importer reads as annotations, never as photos.
    static func isAnnotationFile(_ name: String) -> Bool {
        name == AnnotationCatalog.jsonFileName || name == AnnotationCatalog.plistFileName
            || [".txt", ".xmp", ".json"].contains { name.lowercased().hasSuffix($0) }
    }

    /// Metadata files that sit next to photos and are not images (gallery.toml, album.toml and
    /// index.md among them); not worth a "skipped" line.
    static func isKnownNonImage(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".xmp", ".json", ".plist", ".md", ".toml", ".aae", ".pp3", ".dop"].contains { lower.hasSuffix($0) }
    }

    struct Result {
        var files: [ScannedFile] = []
        /// Annotation files by folder: ["" : ["annotations.json", "a.txt"], ...].
        var annotationFiles: [String: [String]] = [:]
        /// Problems with entries that are not photos (unreadable folders, odd names): `(path, reason)`.
        var problems: [(path: String, reason: String)] = []
    }

    let root: String

    func scan() -> Result {
        var result = Result()
        var visited = Set<DirectoryIdentity>()
        var pending: [String] = [""]
        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            var info = stat()
            guard stat(absolute, &info) == 0 else {
                result.problems.append((folder + "/", "cannot read the folder (\(String(cString: strerror(errno))))"))
                continue
            }
            guard visited.insert(DirectoryIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else {
                continue  // a symbolic link back to a folder already walked
            }
            guard let directory = opendir(absolute) else {
                result.problems.append((folder + "/", "cannot read the folder (\(String(cString: strerror(errno))))"))
                continue
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(validating: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard let name else {
                    let lossy = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    result.problems.append((join(folder, lossy), "the name is not valid UTF-8; rename the file"))
                    continue
                }
                if name.hasPrefix(".") { continue }  // hidden, and "." and ".."
                names.append(name)
            }
            closedir(directory)
            var subfolders: [String] = []
            for name in names.sorted() {
                let relative = join(folder, name)
                var entryInfo = stat()
                guard stat(root + "/" + relative, &entryInfo) == 0 else {
                    let reason = errno == ENOENT ? "a broken symbolic link" : String(cString: strerror(errno))
                    result.problems.append((relative, "cannot read (\(reason))"))
                    continue
                }
                switch entryInfo.st_mode & S_IFMT {
                case S_IFDIR:
                    subfolders.append(relative)
                case S_IFREG:
                    if Self.isAnnotationFile(name) {
                        result.annotationFiles[folder, default: []].append(name)
                    } else if !Self.isKnownNonImage(name) {
                        result.files.append(ScannedFile(
                            path: relative, folder: folder, name: name, size: Int64(entryInfo.st_size),
                            mtimeNanoseconds: Int64(entryInfo.st_mtim.tv_sec) * 1_000_000_000 + Int64(entryInfo.st_mtim.tv_nsec)))
                    }
                default:
                    break  // sockets, devices, FIFOs: never photos
                }
            }
            // Depth first, in name order, so the file list comes out sorted by path segments.
            pending += subfolders.reversed()
        }
        result.files.sort { $0.path < $1.path }
        return result
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }
}

private struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}
