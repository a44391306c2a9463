import Foundation
import GalleryTestSupport
import Testing

/// What goes live is what the last complete export wrote: its manifest, not whatever lies in
/// the folder. Against SeaweedFS, as `PublishTests`.
@Suite("gallery publish plans from the export's manifest")
struct PublishManifestTests {
    @Test("an export killed with SIGKILL at several points, then publish: refused with one line, the bucket exactly as it was; a rerun of the export, then publish, goes live")
    func interruptedExport() throws {
        let work = try PublishTests.builtCopy("publish-interrupted-export")
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        try #require(try PublishTests.publish(work.url, bucket).status == 0)
        let live = try server.objects(bucket: bucket, prefix: "")

        // New photos, imported; the export that would add them is killed part-way.
        for i in 0 ..< 16 {
            try work.write(String(format: "photos/more/img-%02ld.jpg", i), TestImages.jpeg(width: 1600 + i * 8, height: 1100, seed: UInt8(i)))
        }
        let imported = try GalleryBinary.run(["import", "photos", "--quiet"], in: work.url)
        try #require(imported.status == 0, "\(imported.stderr)")
        let thumbs = work.url.appending(path: "site/thumbs")
        let count = { (try? FileManager.default.contentsOfDirectory(atPath: thumbs.path).count) ?? 0 }
        let before = count()
        // Woken by each image written, and by the export's last writes into site/ (its manifest,
        // its marker removed), so a run that ends first is seen too.
        let changes = try FolderEvents(watching: [thumbs, work.url.appending(path: "site")])
        var kills = 0
        for written in [1, 12] {
            let (process, _, _) = try GalleryBinary.start(["export", "--out", "site", "--quiet", "--jobs", "1"], in: work.url)
            _ = changes.wait(until: { !process.isRunning || count() >= before + written }, timeout: 120)
            let wasRunning = process.isRunning
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard wasRunning else { continue }
            kills += 1
            #expect(FileManager.default.fileExists(atPath: work.url.appending(path: "site/.gallery-export.running").path))
            let refused = try PublishTests.publish(work.url, bucket)
            #expect(refused.status == 1 && refused.stderr.contains("did not finish") && refused.stderr.contains("gallery export --out"),
                    "\(refused.status): \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
            #expect(try server.objects(bucket: bucket, prefix: "") == live, "a publish of an interrupted export changed the bucket")
        }
        #expect(kills > 0, "no kill landed inside an export; the test proves nothing")

        let rerun = try GalleryBinary.run(["export", "--out", "site", "--quiet"], in: work.url)
        try #require(rerun.status == 0, "\(rerun.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site/.gallery-export.running").path))
        let published = try PublishTests.publish(work.url, bucket)
        #expect(published.status == 0, "\(published.stderr)")
        _ = try PublishTests.expectBucketIsSite(bucket, work.url.appending(path: "site"))
    }

    @Test("files put by hand are named and stay local unless --include-extra; only this site's objects are ever deleted; a missing file or a bad target is refused")
    func extraAndForeignFiles() throws {
        let work = try PublishTests.builtCopy("publish-extra-files")
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        // Another tool's object under the same prefix, there before the first publish.
        try server.put(bucket: bucket, key: "web/notes/by-another-tool.txt", text: "not the gallery's")
        try work.write("site/by-hand.html", text: "<p>put here by hand</p>")

        let first = try PublishTests.publish(work.url, bucket)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("1 file in site not published") && first.stderr.contains("by-hand.html"), "\(first.stderr)")
        var objects = try server.objects(bucket: bucket, prefix: "web/")
        #expect(objects["web/by-hand.html"] == nil && objects["web/notes/by-another-tool.txt"] != nil)
        #expect(objects["web/index.html"] != nil && objects[PublishTests.record] != nil)

        // A photo removed: its images are deleted, the other tool's object stays.
        let removed = try #require(try FileManager.default.contentsOfDirectory(atPath: work.url.appending(path: "photos/coast").path)
            .sorted().first { $0.hasSuffix(".jpg") })
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/coast/" + removed))
        try PublishTests.build(work)
        let second = try PublishTests.publish(work.url, bucket)
        #expect(second.status == 0, "\(second.stderr)")
        let deleted = Set(objects.keys).subtracting(try server.objects(bucket: bucket, prefix: "web/").keys)
        // Its images, and what only it was on (a keyword's page, the fonts' cut for its words):
        // this site's files, never another tool's or one put by hand.
        #expect(deleted.contains { $0.hasPrefix("web/thumbs/") } && deleted.contains { $0.hasPrefix("web/large/") }, "\(deleted.sorted())")
        #expect(!deleted.contains { $0.hasPrefix("web/notes/") || $0 == "web/by-hand.html" }, "\(deleted.sorted())")
        objects = try server.objects(bucket: bucket, prefix: "web/")
        #expect(objects["web/notes/by-another-tool.txt"] != nil, "another tool's object was deleted")

        // Asked for: published, and from then on this site's, so removed with it.
        let extra = try PublishTests.publish(work.url, bucket, ["--include-extra"])
        #expect(extra.status == 0 && extra.stderr.contains("going up as asked"), "\(extra.stderr)")
        #expect(try server.objects(bucket: bucket, prefix: "web/")["web/by-hand.html"] != nil)
        try FileManager.default.removeItem(at: work.url.appending(path: "site/by-hand.html"))
        #expect(try PublishTests.publish(work.url, bucket).status == 0)
        objects = try server.objects(bucket: bucket, prefix: "web/")
        #expect(objects["web/by-hand.html"] == nil && objects["web/notes/by-another-tool.txt"] != nil)

        // A file the export wrote, gone from the folder: refused, nothing changed.
        let thumb = try #require(try FileManager.default.contentsOfDirectory(atPath: work.url.appending(path: "site/thumbs").path).sorted().first)
        try FileManager.default.removeItem(at: work.url.appending(path: "site/thumbs/" + thumb))
        let missing = try PublishTests.publish(work.url, bucket)
        #expect(missing.status == 1 && missing.stderr.contains("missing") && missing.stderr.contains(thumb), "\(missing.stderr)")
        #expect(try server.objects(bucket: bucket, prefix: "web/") == objects)

        let badTarget = try GalleryBinary.run(["publish", "site", "http://not-s3"], in: work.url)
        #expect(badTarget.status == 2 && badTarget.stderr.contains("s3://BUCKET"), "\(badTarget.status): \(badTarget.stderr)")
    }
}
