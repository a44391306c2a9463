import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GallerySiteFiles
import GalleryTestSupport
import Testing

/// One rule for a site file's type and caching: `gallery serve` and the bucket `gallery
/// publish` fills send every kind of file alike.
@Suite("A site file's Content-Type and caching: one rule for serve, publish and the tests' server")
struct SiteFileDeliveryTests {
    @Test("every kind of file a site holds, by its path")
    func rule() {
        let expected: [(String, String, Bool)] = [
            ("index.html", "text/html; charset=utf-8", false), ("album-coast-wheel.html", "text/html; charset=utf-8", false),
            ("gallery.css", "text/css; charset=utf-8", false), ("gallery.js", "text/javascript; charset=utf-8", false),
            ("data/album-coast.chunk-0.js", "text/javascript; charset=utf-8", false), ("sitemap.xml", "application/xml", false),
            ("fonts/gallery-inter-bb412b98bebb.otf", "font/otf", true), ("fonts/gallery-emoji-0123456789ab.ttf", "font/ttf", true),
            ("thumbs/3516eef48a0a20ac-236.webp", "image/webp", true), ("thumbs/3516eef48a0a20ac-472-q80.jpg", "image/jpeg", true),
            ("large/3516eef48a0a20ac-1600x1067.jpg", "image/jpeg", true),
            ("videos/3516eef48a0a20ac-1920x1080.mp4", "video/mp4", true),
            ("originals/3516eef48a0a20ac.heic", "image/heic", true), ("originals/3516eef48a0a20ac.avif", "image/avif", true),
            ("originals/3516eef48a0a20ac.png", "image/png", true), ("originals/3516eef48a0a20ac.mov", "video/quicktime", true),
            ("originals/3516eef48a0a20ac.mkv", "video/x-matroska", true), ("originals/3516eef48a0a20ac.webm", "video/webm", true),
            ("originals/3516eef48a0a20ac.avi", "video/x-msvideo", true), ("originals/3516eef48a0a20ac.3gp", "video/3gpp", true),
            ("originals/3516eef48a0a20ac.mts", "video/mp2t", true), ("originals/3516eef48a0a20ac.m2ts", "video/mp2t", true),
            ("originals/3516eef48a0a20ac.m4v", "video/mp4", true), ("originals/3516eef48a0a20ac.tif", "image/tiff", true),
            // Put there by hand: no content name, so checked again.
            ("originals/clip.mp4", "video/mp4", false), ("robots.txt", "text/plain; charset=utf-8", false),
            ("thumbs/IMG_20240101.jpg", "image/jpeg", false), ("album-coast.html", "text/html; charset=utf-8", false),
            ("thumbs/3516eef48a0a20ac-236.WEBP", "image/webp", true), ("README", "application/octet-stream", false),
        ]
        for (path, type, contentNamed) in expected {
            let delivery = SiteFileDelivery(path: path)
            #expect(delivery.contentType == type && delivery.isContentNamed == contentNamed, "\(path): \(delivery)")
            #expect(delivery.cacheControl(maxAge: 300) == (contentNamed ? "public, max-age=31536000, immutable" : "public, max-age=300"))
            #expect(delivery.cacheControl(maxAge: 0) == (contentNamed ? "public, max-age=31536000, immutable" : "no-cache"))
        }
        // A private album's sealed files and its wrapped key: private caching, sealed bytes as bytes.
        for (path, type) in [("private/0123456789abcdef/index.html", "application/octet-stream"),
                             ("private/0123456789abcdef/thumbs/3516eef48a0a20ac-236.webp", "application/octet-stream"),
                             ("private/0123456789abcdef/key.json", "application/json")] {
            let delivery = SiteFileDelivery(path: path)
            #expect(delivery.isPrivate && delivery.contentType == type && !delivery.isContentNamed, "\(path)")
            #expect(delivery.cacheControl(maxAge: 300) == "private, max-age=300" && delivery.cacheControl(maxAge: 0) == "private, no-cache")
        }
    }

    @Test("each kind of file of sample-data's site: the same Content-Type and caching from gallery serve and from the bucket")
    func serveAndBucketAgree() async throws {
        let work = try PublishTests.shared.get()
        let server = try S3TestServer.shared.get()
        let bucket = try server.makeBucket()
        let published = try PublishTests.publish(work.url, bucket)
        try #require(published.status == 0, "\(published.stderr)")
        let objects = try PublishTests.siteObjects(bucket)
        // One file of each kind: its folder and extension.
        var kinds: [String: String] = [:]
        for key in objects.keys.sorted() {
            let path = String(key.dropFirst("web/".count))
            let folder = path.contains("/") ? String(path.split(separator: "/")[0]) : ""
            let kind = folder + "." + (path.split(separator: ".").last.map(String.init) ?? "")
            if kinds[kind] == nil { kinds[kind] = path }
        }
        #expect(kinds.count >= 8, "\(kinds.keys.sorted())")
        let served = try await GalleryBinary.serve(["--port", "0"], in: work.url)
        defer {
            kill(served.process.processIdentifier, SIGTERM)
            _ = served.process.waitUntilExit(timeout: 60)
        }
        let local = try #require(served.url, "no 'serving' line: \(served.stderr.text)")
        for path in kinds.values.sorted() {
            let (_, fromServe) = try await URLSession.shared.data(from: local.appending(path: path))
            let (_, fromBucket) = try await URLSession.shared.data(from: server.endpoint.appending(path: "\(bucket)/web/\(path)"))
            let serveAnswer = try #require(fromServe as? HTTPURLResponse), bucketAnswer = try #require(fromBucket as? HTTPURLResponse)
            #expect(serveAnswer.statusCode == 200 && bucketAnswer.statusCode == 200, "\(path): \(serveAnswer.statusCode), \(bucketAnswer.statusCode)")
            let rule = SiteFileDelivery(path: path)
            #expect(serveAnswer.value(forHTTPHeaderField: "Content-Type") == rule.contentType, "\(path) from serve")
            #expect(bucketAnswer.value(forHTTPHeaderField: "Content-Type") == rule.contentType, "\(path) from the bucket")
            // Content-named files alike to the letter; pages and data checked again at once by
            // serve (a live preview), after page_max_age from the bucket.
            #expect(serveAnswer.value(forHTTPHeaderField: "Cache-Control") == rule.cacheControl(maxAge: 0), "\(path) from serve")
            #expect(bucketAnswer.value(forHTTPHeaderField: "Cache-Control") == rule.cacheControl(maxAge: 300), "\(path) from the bucket")
        }
    }
}
