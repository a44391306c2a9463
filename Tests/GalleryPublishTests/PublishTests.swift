import Foundation
import GalleryTestSupport
import Testing

/// `gallery publish` against a real S3-compatible server (SeaweedFS on loopback, signatures
/// checked), the bucket read back with an independent client (boto3). Each test publishes to a
/// bucket of its own; the site is sample-data's, built in a folder of the test's own.
@Suite("gallery publish: the site on object storage, incrementally and safely")
struct PublishTests {
    /// sample-data copied and built into `site/` (the copy, so that a test may edit it).
    static func builtCopy(_ label: String) throws -> TemporaryDirectory {
        let work = try TemporaryDirectory(label)
        try FileManager.default.copyItem(at: GalleryBinary.packageRoot.appending(path: "sample-data"), to: work.url.appending(path: "photos"))
        try build(work)
        return work
    }

    static func build(_ work: TemporaryDirectory) throws {
        let build = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        guard build.status == 0 else { throw S3TestServer.Failure(description: "gallery build: \(build.stderr)") }
    }

    static let shared: Result<TemporaryDirectory, any Error> = Result { try builtCopy("publish-site") }

    static func publish(_ work: URL, _ bucket: String, _ extra: [String] = [], key: String = S3TestServer.key, secret: String = S3TestServer.secret,
                        endpoint: String? = nil) throws -> GalleryBinary.Output {
        let server = try S3TestServer.shared.get()
        return try GalleryBinary.run(["publish", "site", "s3://\(bucket)/web", "--endpoint", endpoint ?? server.endpoint.absoluteString, "--quiet"] + extra,
                                     in: work, environment: ["AWS_ACCESS_KEY_ID": key, "AWS_SECRET_ACCESS_KEY": secret, "AWS_PROFILE": "", "AWS_SESSION_TOKEN": ""],
                                     timeout: 300)
    }

    /// The site's files: path -> (MD5, size), hidden files left out as the publish leaves them.
    /// The MD5s are the system's md5sum's (an independent hash of the local bytes), 500 files a call.
    static func siteFiles(_ site: URL) throws -> [String: (md5: String, size: Int)] {
        let root = site.standardizedFileURL.resolvingSymlinksInPath().path
        var sizes: [String: Int] = [:]
        for case let url as URL in FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])! {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(root.count + 1))
            sizes[path] = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? -1
        }
        var files: [String: (md5: String, size: Int)] = [:]
        let paths = sizes.keys.sorted()
        for start in stride(from: 0, to: paths.count, by: 500) {
            let batch = Array(paths[start ..< min(paths.count, start + 500)])
            let out = try GalleryBinary.run(batch, in: site, executable: URL(fileURLWithPath: "/usr/bin/md5sum"))
            guard out.status == 0 else { throw S3TestServer.Failure(description: "md5sum: \(out.stderr)") }
            for line in out.stdout.split(separator: "\n") {
                // "<32 hex>  <path>"
                let path = String(line.dropFirst(34))
                files[path] = (md5: String(line.prefix(32)), size: sizes[path] ?? -1)
            }
        }
        return files
    }

    /// The record under the prefix of what this site's publishes put there.
    static let record = "web/.gallery-publish.json"

    /// The bucket's objects under web/, the publish's record left out.
    static func siteObjects(_ bucket: String) throws -> [String: S3TestServer.Object] {
        try S3TestServer.shared.get().objects(bucket: bucket, prefix: "web/").filter { $0.key != record }
    }

    /// The bucket holds the site exactly: the same keys under web/, the same bytes.
    static func expectBucketIsSite(_ bucket: String, _ site: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: S3TestServer.Object] {
        let objects = try siteObjects(bucket)
        let files = try siteFiles(site)
        #expect(Set(objects.keys) == Set(files.keys.map { "web/" + $0 }), "keys differ: only in the bucket \(Set(objects.keys).subtracting(files.keys.map { "web/" + $0 }).sorted().prefix(5)), only in the site \(Set(files.keys.map { "web/" + $0 }).subtracting(objects.keys).sorted().prefix(5))", sourceLocation: sourceLocation)
        for (path, file) in files {
            let object = objects["web/" + path]
            #expect(object?.md5 == file.md5 && object?.size == file.size, "web/\(path): \(object.map { "\($0.size) bytes, \($0.md5)" } ?? "missing"), the site's \(file.size), \(file.md5)", sourceLocation: sourceLocation)
        }
        return objects
    }

    @Test("publishes the site byte for byte with its types and cache headers; a dry run changes nothing; a rerun uploads nothing")
    func publishAndRerun() throws {
        let work = try Self.shared.get()
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()

        let dry = try Self.publish(work.url, bucket, ["--dry-run"])
        let fileCount = try Self.siteFiles(work.url.appending(path: "site")).count
        #expect(dry.status == 0 && dry.stdout.contains("would upload \(fileCount) files"), "\(dry.stdout.suffix(300)) \(dry.stderr)")
        #expect(dry.stdout.contains("upload") && dry.stdout.contains("web/index.html"))
        #expect(try server.objects(bucket: bucket, prefix: "").isEmpty, "a dry run wrote to the bucket")

        let first = try Self.publish(work.url, bucket)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("\(fileCount) uploaded"), "\(first.stdout)")
        let objects = try Self.expectBucketIsSite(bucket, work.url.appending(path: "site"))

        // Every object's type; content-named files cached for a year, the rest for five minutes.
        let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
                     "jpg": "image/jpeg", "webp": "image/webp", "png": "image/png", "otf": "font/otf", "ttf": "font/ttf", "xml": "application/xml", "mp4": "video/mp4"]
        for (key, object) in objects {
            let ext = String(key.split(separator: ".").last ?? "")
            if let type = types[ext] { #expect(object.type == type, "\(key): \(object.type)") }
            let contentNamed = ["web/thumbs/", "web/large/", "web/fonts/", "web/videos/"].contains { key.hasPrefix($0) }
            let expected = contentNamed ? "public, max-age=31536000, immutable" : "public, max-age=300"
            #expect(object.cache == expected, "\(key): Cache-Control \(object.cache)")
        }
        #expect(objects.keys.contains { $0.hasPrefix("web/thumbs/") } && objects.keys.contains { $0.hasPrefix("web/fonts/") })
        #expect(objects.keys.contains { $0.hasPrefix("web/videos/") && $0.hasSuffix(".mp4") }, "sample-data's clips")

        // Nothing changed: one listing, no upload, the objects untouched.
        let again = try Self.publish(work.url, bucket)
        #expect(again.status == 0 && again.stdout.contains(": 0 uploaded (0 B), \(fileCount) unchanged, 0 deleted"), "\(again.stdout) \(again.stderr)")
        let after = try Self.siteObjects(bucket)
        #expect(after == objects, "a rerun with nothing changed rewrote objects")
    }

    @Test("a changed caption uploads only pages and data; a removed photo's images are deleted, last")
    func incremental() throws {
        let work = try Self.builtCopy("publish-incremental")
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        let first = try Self.publish(work.url, bucket)
        try #require(first.status == 0, "\(first.stderr)")

        // A caption edited, the site built again: no image, font, style or script changes.
        let annotations = work.url.appending(path: "photos/annotations.json")
        let text = try String(contentsOf: annotations, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Harbour at dusk\"", with: "\"Harbour at nightfall\"").write(to: annotations, atomically: true, encoding: .utf8)
        try Self.build(work)
        let plan = try Self.publish(work.url, bucket, ["--dry-run"])
        let uploads = plan.stdout.split(separator: "\n").filter { $0.hasPrefix("upload ") }.map { String($0.split(separator: " ").last ?? "") }
        #expect(!uploads.isEmpty, "\(plan.stdout)")
        for key in uploads {
            #expect(key.hasSuffix(".html") || key.hasPrefix("web/data/") || key.hasSuffix(".xml"), "a caption changed and \(key) would go up again")
        }
        #expect(plan.stdout.contains("and delete 0"), "\(plan.stdout.suffix(200))")
        let second = try Self.publish(work.url, bucket)
        #expect(second.status == 0 && second.stdout.contains("\(uploads.count) uploaded"), "\(second.stdout) \(second.stderr)")
        _ = try Self.expectBucketIsSite(bucket, work.url.appending(path: "site"))

        // A photo removed: its images leave the bucket.
        let before = try Self.siteObjects(bucket)
        try FileManager.default.removeItem(at: work.url.appending(path: "photos/coast/02-tide-pools.jpg"))
        try Self.build(work)
        let third = try Self.publish(work.url, bucket)
        #expect(third.status == 0, "\(third.stderr)")
        let after = try Self.expectBucketIsSite(bucket, work.url.appending(path: "site"))
        let gone = Set(before.keys).subtracting(after.keys)
        #expect(!gone.isEmpty && gone.allSatisfy { $0.hasPrefix("web/thumbs/") || $0.hasPrefix("web/large/") }, "deleted: \(gone.sorted())")
        #expect(third.stdout.contains("\(gone.count) deleted"), "\(third.stdout)")
    }

    @Test("a rerun reads only files written since; one rewritten in place, same size, its old date put back, still goes up")
    func rewrittenInPlace() throws {
        let work = try Self.builtCopy("publish-rewritten")
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        #expect(try Self.publish(work.url, bucket).status == 0)
        let site = work.url.appending(path: "site")

        // A grid image's bytes changed in place, its size and modification time as they were
        // (what a careless sync tool, or a restore, can do): only its status-change time moved.
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "thumbs").path).sorted()
        let name = "thumbs/" + (try #require(thumbs.first))
        // Files written in the last two seconds are hashed again each time (the kernel's file
        // clock ticks coarsely); the publish is rerun until it records this one, with a deadline.
        let recorded = { (try? String(contentsOf: site.appending(path: ".gallery-publish-hashes"), encoding: .utf8))?.contains("\t" + name + "\n") == true }
        let deadline = Date().addingTimeInterval(60)
        while !recorded(), Date() < deadline { _ = try Self.publish(work.url, bucket) }
        try #require(recorded(), "the hashes beside the site never recorded \(name)")
        let file = site.appending(path: name), reference = work.url.appending(path: "reference")
        #expect(try GalleryBinary.run(["-p", file.path, reference.path], in: work.url, executable: URL(fileURLWithPath: "/bin/cp")).status == 0)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: bytes)
        try handle.close()
        #expect(try GalleryBinary.run(["-r", reference.path, file.path], in: work.url, executable: URL(fileURLWithPath: "/usr/bin/touch")).status == 0)
        let again = try Self.publish(work.url, bucket)
        #expect(again.status == 0 && again.stdout.contains(": 1 uploaded"), "\(again.stdout) \(again.stderr)")
        let objects = try Self.expectBucketIsSite(bucket, site)
        #expect(objects.keys.allSatisfy { !$0.contains(".gallery-publish-hashes") })
    }

    @Test("a file larger than the part size goes up in parts, arrives whole, and a rerun knows it unchanged (its multipart ETag)")
    func multipart() throws {
        let work = try Self.builtCopy("publish-multipart")
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        // 12 MiB and a bit of varied bytes: three parts of 5 MiB, the last short.
        var generator = SplitMix64(seed: 26)
        let big = Data((0 ..< 12 * 1_048_576 + 12_345).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        try FileManager.default.createDirectory(at: work.url.appending(path: "site/originals"), withIntermediateDirectories: true)
        try big.write(to: work.url.appending(path: "site/originals/clip.mp4"))
        // Put there by hand: published only when asked.
        let first = try Self.publish(work.url, bucket, ["--part-size", "5", "--include-extra"])
        #expect(first.status == 0, "\(first.stderr)")
        let objects = try Self.expectBucketIsSite(bucket, work.url.appending(path: "site"))
        #expect(objects["web/originals/clip.mp4"]?.type == "video/mp4")
        let again = try Self.publish(work.url, bucket, ["--part-size", "5", "--include-extra"])
        #expect(again.status == 0 && again.stdout.contains(": 0 uploaded"), "\(again.stdout) \(again.stderr)")
    }

    @Test("killed with SIGKILL in the middle of its uploads, the same command again completes the publish")
    func killedThenRerun() throws {
        // A site with enough files that the publish is surely still going when it is killed:
        // sample-data's and 800 small data files (which go up first, with the images).
        let work = try Self.builtCopy("publish-killed")
        for n in 0 ..< 800 { try work.write("site/data/extra-\(n).js", text: "galleryExtra(\(n));\n") }
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        let (process, _, stderr) = try GalleryBinary.start(
            ["publish", "site", "s3://\(bucket)/web", "--endpoint", server.endpoint.absoluteString, "--jobs", "1", "--include-extra"], in: work.url,
            environment: ["AWS_ACCESS_KEY_ID": S3TestServer.key, "AWS_SECRET_ACCESS_KEY": S3TestServer.secret])
        // Its first progress line (after 50 files): then it is killed at once, mid-way. Its
        // liveness is asked of the kernel (/proc), not of Foundation's Process, whose state
        // another test's children can confuse.
        // Synchronous on purpose: an async test's wake-ups wait for a free thread of the shared
        // pool, which the other tests' blocking waits can hold for seconds, and the publish
        // would be over before the kill. Liveness is asked of the kernel (/proc).
        let pid = process.processIdentifier
        let alive = { () -> Bool in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            return !stat.contains(") Z ") && !stat.contains(") X ")
        }
        let deadline = Date().addingTimeInterval(300)
        while alive(), Date() < deadline, !((try? String(contentsOf: stderr, encoding: .utf8)) ?? "").contains("publishing: 50/") {
            usleep(2_000)  // polling the file for the line, with the deadline above
        }
        kill(pid, SIGKILL)
        process.waitUntilExit()
        let said = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        // What the bucket holds says whether the kill came mid-way (the process's own status is
        // not trusted here: another child's reaping can leave Foundation's Process without it).
        let partial = try Self.siteObjects(bucket)
        let fileCount = try Self.siteFiles(work.url.appending(path: "site")).count
        let killedMidway = partial.count < fileCount && !said.contains("published to")
        if killedMidway {
            // Pages go up last: a visitor could not have been sent a page before its images.
            #expect(!partial.keys.contains { $0.hasSuffix(".html") }, "a page went up before all images: \(partial.keys.filter { $0.hasSuffix(".html") })")
        }
        let rerun = try Self.publish(work.url, bucket, ["--include-extra"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        _ = try Self.expectBucketIsSite(bucket, work.url.appending(path: "site"))
        #expect(killedMidway, "the publish ended before it could be killed (the test did not test an interruption): \(partial.count) of \(fileCount) objects: \(said.suffix(500))")
    }

    @Test("a wrong secret, a missing bucket, an unreachable store and a read-only key: one clear line each, non-zero exit, nothing deleted")
    func failures() throws {
        // A copy of its own: it changes the site, which the other tests publish as it is.
        let work = try Self.builtCopy("publish-failures")
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        try #require(try Self.publish(work.url, bucket).status == 0)
        // An object the site does not have: a successful publish would delete it.
        try server.put(bucket: bucket, key: "web/old-page.html", text: "gone soon")
        let before = try server.objects(bucket: bucket, prefix: "web/")

        let wrongSecret = try Self.publish(work.url, bucket, secret: "not-the-secret-123")
        #expect(wrongSecret.status != 0 && wrongSecret.stderr.contains("SignatureDoesNotMatch") && wrongSecret.stderr.contains("AWS_SECRET_ACCESS_KEY"), "\(wrongSecret.stderr)")
        #expect(!wrongSecret.stderr.contains("not-the-secret-123") && !wrongSecret.stdout.contains("not-the-secret-123"), "the secret was printed")
        let noBucket = try Self.publish(work.url, "no-such-bucket-\(UUID().uuidString.prefix(6).lowercased())")
        #expect(noBucket.status != 0 && noBucket.stderr.contains("NoSuchBucket"), "\(noBucket.stderr)")
        let unreachable = try Self.publish(work.url, bucket, endpoint: "http://127.0.0.1:9")
        #expect(unreachable.status != 0 && unreachable.stderr.contains("did not answer"), "\(unreachable.stderr)")
        #expect(unreachable.stderr.split(separator: "\n").count == 1, "more than one line: \(unreachable.stderr)")
        // A key that may read but not write: the first upload is refused, nothing is deleted.
        try "changed".write(to: work.url.appending(path: "site/robots-test.txt"), atomically: true, encoding: .utf8)
        let readOnly = try Self.publish(work.url, bucket, ["--include-extra"], key: "readerKey", secret: "readerSecret")
        #expect(readOnly.status != 0 && readOnly.stderr.contains("AccessDenied") && readOnly.stderr.contains("deleted nothing"), "\(readOnly.stderr)")

        #expect(try server.objects(bucket: bucket, prefix: "web/") == before, "a failed publish changed the bucket")
    }

    @Test("the album page opened from the bucket's address in Chromium shows its photos")
    func servedFromTheBucket() throws {
        let work = try Self.shared.get()
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        try #require(try Self.publish(work.url, bucket).status == 0)
        let browser = try ChromiumSession()
        try browser.open(server.endpoint.appending(path: "\(bucket)/web/album-coast.html"), width: 390, height: 844, scale: 3, mobile: true)
        _ = try browser.evaluate(PageWaits.script)
        let shown = try browser.evaluate("""
            (async () => {
              // The first screen's (eager) images: the lazy ones further down load as they come
              // near, and how near depends on Chromium's estimate of the connection.
              const images = [...document.querySelectorAll('.grid .cell img')].filter((i) => i.loading === 'eager');
              await galleryWaitFor(() => images.length > 0 && images.every((i) => i.complete), "the first screen's images");
              return { cells: images.length, drawn: images.filter((i) => i.naturalWidth > 0 && i.getBoundingClientRect().height > 0).length,
                       styled: getComputedStyle(document.querySelector('.grid .cell')).position };
            })()
            """) as? [String: Any]
        let cells = shown?["cells"] as? Int ?? 0
        #expect(cells > 0 && shown?["drawn"] as? Int == cells && shown?["styled"] as? String == "absolute", "\(shown ?? [:])")
    }
}
