import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GalleryPublish
import GalleryTestSupport
import Testing

/// The MD5s a publish keeps beside the site: read back as written, trusted only while a file's
/// identity on disk is unchanged, and used by the next publish instead of reading the file.
@Suite("The publish hash cache")
struct PublishHashCacheTests {
    static let partSize = 1 << 24

    @Test("saved and loaded: every entry as written, a path with a tab or spaces too; another part size or format starts empty")
    func roundTrip() throws {
        let site = try TemporaryDirectory("hash-cache")
        try site.write("index.html", text: "<p>one</p>")
        try site.write("odd name\twith tab.html", text: "<p>two</p>")
        var cache = PublishHashCache(partSize: Self.partSize)
        let names = ["index.html", "odd name\twith tab.html"]
        for (index, name) in names.enumerated() {
            let stamp = try #require(PublishHashCache.Stamp(path: site.path + "/" + name))
            cache.entries[name] = (stamp, "md5-\(index)")
        }
        cache.save(site: site.path)

        let loaded = PublishHashCache.load(site: site.path, partSize: Self.partSize)
        #expect(loaded.entries.count == 2)
        for (index, name) in names.enumerated() {
            let stamp = try #require(PublishHashCache.Stamp(path: site.path + "/" + name))
            #expect(loaded.md5(path: name, stamp: stamp) == "md5-\(index)", "\(name)")
        }
        #expect(PublishHashCache.load(site: site.path, partSize: Self.partSize * 2).entries.isEmpty, "made for another part size")
        #expect(!FileManager.default.fileExists(atPath: site.path + "/" + PublishHashCache.fileName + ".partial"))

        // A damaged line is skipped, the others kept; another header is another format.
        let text = try String(contentsOfFile: site.path + "/" + PublishHashCache.fileName, encoding: .utf8)
        try site.write(PublishHashCache.fileName, text: text + "12\tnot-a-time\t1\t2\tmd5\tbroken.html\nshort line\n")
        #expect(PublishHashCache.load(site: site.path, partSize: Self.partSize).entries.count == 2)
        try site.write(PublishHashCache.fileName, text: text.replacingOccurrences(of: PublishHashCache.header, with: "gallery-publish-hashes 9"))
        #expect(PublishHashCache.load(site: site.path, partSize: Self.partSize).entries.isEmpty)
        try site.remove(PublishHashCache.fileName)
        #expect(PublishHashCache.load(site: site.path, partSize: Self.partSize).entries.isEmpty)
    }

    @Test("a file rewritten with as many bytes and its old modification time put back is not taken as unchanged")
    func rewrittenFileIsChanged() throws {
        let site = try TemporaryDirectory("hash-cache-rewrite")
        let path = site.path + "/page.html"
        try site.write("page.html", text: "<p>before</p>")
        let before = try #require(PublishHashCache.Stamp(path: path))
        var cache = PublishHashCache(partSize: Self.partSize)
        cache.entries["page.html"] = (before, "md5-before")
        #expect(cache.md5(path: "page.html", stamp: before) == "md5-before")

        // Written in place (same inode, same size), its modification time set back as a copy
        // tool would: only the status-change time, which no program can set, tells.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("<p>after!</p>".utf8))
        try handle.close()
        let old = timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000))
        let omit = (1 << 30) - 2  // UTIME_OMIT: the access time left as it is
        let times = [timespec(tv_sec: 0, tv_nsec: omit), old]
        #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
        let after = try #require(PublishHashCache.Stamp(path: path))
        #expect(after.size == before.size && after.inode == before.inode && after.modified == before.modified)
        #expect(cache.md5(path: "page.html", stamp: after) == nil)
        #expect(cache.md5(path: "other.html", stamp: before) == nil, "an unknown path")
        #expect(PublishHashCache.Stamp(path: site.path) == nil, "a folder has no stamp")
        #expect(PublishHashCache.settledBefore() < after.changed, "a file written now is not settled yet")
    }

    @Test("publish takes a recorded MD5 for a file whose stamp is as recorded, and reads a changed file again")
    func publishUsesTheCache() async throws {
        let site = try TemporaryDirectory("hash-cache-publish")
        try site.write("index.html", text: "<p>index</p>")
        try site.write("album.html", text: "<p>album</p>")
        try site.write(".gallery-export.json", text: #"{"complete": true, "files": ["index.html", "album.html"], "generator": "gallery"}"#)
        // A cache whose MD5 for index.html is one no reading of the file would give: if
        // publish reports it, it did not read the file.
        var cache = PublishHashCache(partSize: Self.partSize)
        cache.entries["index.html"] = (try #require(PublishHashCache.Stamp(path: site.path + "/index.html")), "0123456789abcdef0123456789abcdef")
        cache.entries["album.html"] = (try #require(PublishHashCache.Stamp(path: site.path + "/album.html")), "fedcba9876543210fedcba9876543210")
        cache.save(site: site.path)
        try site.write("album.html", text: "<p>ALBUM</p>")
        let rewritten = try SiteFile(path: "album.html", file: site.path + "/album.html", expectedSize: 12, partSize: Self.partSize)

        try await S3ClientFaultTests.withStore(script: { _, _ in .error(.internalServerError, "NotAsked") }) { s3, log in
            let files = try Publisher(client: s3, site: site.url).siteFiles().files
            #expect(files.first { $0.path == "index.html" }?.md5 == "0123456789abcdef0123456789abcdef", "index.html was read again")
            let album = try #require(files.first { $0.path == "album.html" })
            #expect(album.md5 == rewritten.md5, "a changed file's recorded MD5 was used")
            #expect(log.all.isEmpty)
        }
    }
}
