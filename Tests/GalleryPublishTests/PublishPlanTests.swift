import Foundation
@testable import GalleryPublish
import GalleryTestSupport
import Testing

/// The plan of a publish, against a store that answers as the test says (`S3ClientFaultTests`'s):
/// what goes up, in which order, what is left local, and what is deleted.
@Suite("The publish plan: the manifest's files, in order; deletions only from the record")
struct PublishPlanTests {
    @Test("the manifest's files only, phase by phase and largest first; unchanged ones kept; deletions only of recorded keys")
    func plan() async throws {
        let site = try TemporaryDirectory("publish-plan")
        let files: [(String, Int)] = [
            ("index.html", 700), ("album-a.html", 900), ("gallery.css", 400), ("gallery.js", 800), ("data/album-a.chunk-0.js", 300),
            ("thumbs/aaaaaaaaaaaaaaaa-236.webp", 3_000), ("large/aaaaaaaaaaaaaaaa-1600x1067.jpg", 9_000),
            ("fonts/gallery-inter-bb412b98bebb.otf", 5_000),
        ]
        for (path, size) in files { try site.write(path, [UInt8](repeating: UInt8(size % 251), count: size)) }
        try site.write("by-hand.txt", text: "put here by hand")
        let listed = files.map { "\"\($0.0)\"" }.joined(separator: ", ")
        try site.write(".gallery-export.json", text: "{\"complete\": true, \"files\": [\(listed)], \"generator\": \"gallery\"}")
        let index = try SiteFile(path: "index.html", file: site.path + "/index.html", expectedSize: 700, partSize: 1 << 24)

        let listing = """
            <ListBucketResult><IsTruncated>false</IsTruncated>
            <Contents><Key>web/index.html</Key><ETag>&quot;\(index.md5)&quot;</ETag><Size>700</Size></Contents>
            <Contents><Key>web/old-page.html</Key><ETag>&quot;00&quot;</ETag><Size>5</Size></Contents>
            <Contents><Key>web/thumbs/bbbbbbbbbbbbbbbb-236.webp</Key><ETag>&quot;01&quot;</ETag><Size>5</Size></Contents>
            <Contents><Key>web/notes/another-tool.txt</Key><ETag>&quot;02&quot;</ETag><Size>5</Size></Contents>
            <Contents><Key>web/.gallery-publish.json</Key><ETag>&quot;03&quot;</ETag><Size>5</Size></Contents>
            </ListBucketResult>
            """
        let record = #"{"files":["index.html","old-page.html","thumbs/bbbbbbbbbbbbbbbb-236.webp"],"generator":"gallery"}"#
        try await S3ClientFaultTests.withStore(script: { line, _ in
            if line.hasPrefix("GET /bucket/web/.gallery-publish.json") { return S3ClientFaultTests.Answer(body: record) }
            if line.contains("list-type=2") { return S3ClientFaultTests.Answer(body: listing) }
            return .error(.notFound, "NoSuchKey")
        }) { s3, log in
            let plan = try await Publisher(client: s3, site: site.url).plan()
            #expect(plan.uploads.map(\.path) == [
                // Images, fonts and data, largest first; then styles and scripts; then pages.
                "large/aaaaaaaaaaaaaaaa-1600x1067.jpg", "fonts/gallery-inter-bb412b98bebb.otf", "thumbs/aaaaaaaaaaaaaaaa-236.webp",
                "data/album-a.chunk-0.js", "gallery.js", "gallery.css", "album-a.html",
            ])
            #expect(plan.unchanged == 1, "index.html's bytes are the object's")
            #expect(plan.extra == ["by-hand.txt"])
            #expect(plan.deletions.map(\.key) == ["web/old-page.html", "web/thumbs/bbbbbbbbbbbbbbbb-236.webp"], "another tool's object is not this site's")
            #expect(!log.all.contains { $0.hasPrefix("PUT") || $0.hasPrefix("DELETE") || $0.hasPrefix("POST") }, "a plan changed the store: \(log.all)")
        }
    }

    @Test("an export that did not finish, one not written by an export, or one missing a file: refused before the store is asked")
    func refusedSites() async throws {
        let site = try TemporaryDirectory("publish-plan-refused")
        try site.write("index.html", text: "<p>page</p>")
        try await S3ClientFaultTests.withStore(script: { _, _ in .error(.internalServerError, "NotAsked") }) { s3, log in
            let publisher = Publisher(client: s3, site: site.url)
            await #expect(throws: PublishError.notAnExport(path: site.url.path)) { try await publisher.plan() }
            try site.write(".gallery-export.json", text: #"{"complete": false, "files": ["index.html"]}"#)
            await #expect(throws: PublishError.interruptedExport(path: site.url.path)) { try await publisher.plan() }
            try site.write(".gallery-export.json", text: #"{"complete": true, "files": ["index.html"]}"#)
            try site.write(".gallery-export.running", text: "123\n")
            await #expect(throws: PublishError.interruptedExport(path: site.url.path)) { try await publisher.plan() }
            try site.remove(".gallery-export.running")
            try site.write(".gallery-export.json", text: #"{"complete": true, "files": ["index.html", "gallery.css"]}"#)
            await #expect(throws: PublishError.missingFiles(path: site.url.path, count: 1, example: "gallery.css")) { try await publisher.plan() }
            #expect(!log.all.contains { !$0.hasPrefix("GET") }, "\(log.all)")
        }
    }
}
