import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The MD5s a publish computed, kept beside the site (`.gallery-publish-hashes`, hidden, so
/// never published) by each file's identity on disk: a rerun hashes only files written since.
///
/// A file is taken as unchanged when its size, modification time, status-change time and inode
/// are all as recorded (restic's and git's index test). The status-change time is set by the
/// kernel on every write and cannot be set back by a program, so a file rewritten with the same
/// bytes count and an old date still reads as changed and is hashed again. Entries hold the part
/// size they were computed for (it shapes the ETag of a file sent in parts).
struct PublishHashCache {
    static let fileName = ".gallery-publish-hashes"
    /// What the first line says: the format and the part size.
    static let header = "gallery-publish-hashes 1"

    /// A file's identity on disk.
    struct Stamp: Equatable {
        var size: Int
        var modified: Int64
        var changed: Int64
        var inode: UInt64

        /// lstat of `path`; nil when it is not a regular file or cannot be read.
        init?(path: String) {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            size = Int(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
            inode = UInt64(info.st_ino)
        }

        init(size: Int, modified: Int64, changed: Int64, inode: UInt64) {
            self.size = size
            self.modified = modified
            self.changed = changed
            self.inode = inode
        }
    }

    /// Files whose times are later than this (nanoseconds since 1970) are not recorded: two
    /// seconds ago, well past the kernel's coarse file-time tick.
    static func settledBefore() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return (Int64(now.tv_sec) - 2) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    var entries: [String: (stamp: Stamp, md5: String)] = [:]
    let partSize: Int

    init(partSize: Int) {
        self.partSize = partSize
    }

    /// The cache of the site folder `site`, empty when there is none, it cannot be read, or it
    /// was made for another part size.
    static func load(site: String, partSize: Int) -> PublishHashCache {
        var cache = PublishHashCache(partSize: partSize)
        guard let data = FileManager.default.contents(atPath: site + "/" + fileName) else { return cache }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == "\(header) \(partSize)" else { return cache }
        for line in lines.dropFirst() {
            // size, modified, changed, inode, md5, path (the path last: it may hold tabs).
            let fields = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6, let size = Int(fields[0]), let modified = Int64(fields[1]), let changed = Int64(fields[2]),
                  let inode = UInt64(fields[3]) else { continue }
            cache.entries[String(fields[5])] = (Stamp(size: size, modified: modified, changed: changed, inode: inode), String(fields[4]))
        }
        return cache
    }

    /// The recorded MD5 of the file at `path` (relative) when its stamp is unchanged.
    func md5(path: String, stamp: Stamp) -> String? {
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.md5
    }

    /// Writes the cache into `site` whole (a temporary file renamed); a site folder that cannot
    /// be written to keeps no cache (the next publish hashes everything again).
    func save(site: String) {
        var text = "\(Self.header) \(partSize)\n"
        text.reserveCapacity(entries.count * 100)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            let stamp = entry.stamp
            text += "\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)\t\(stamp.inode)\t\(entry.md5)\t\(path)\n"
        }
        let target = site + "/" + Self.fileName, temporary = target + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        if rename(temporary, target) != 0 { unlink(temporary) }
    }
}
