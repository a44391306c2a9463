import Foundation
import GalleryTestSupport
import Testing

/// The Atom feeds, read by another program (Python's feedparser, as feed readers parse):
/// valid (not "bozo"), every field read back as written, the newest photos first, hostile
/// captions as text, and nothing of a hidden, unlisted or private album in any of them.
@Suite("Atom feeds: valid, read back whole, public albums only")
struct FeedCLITests {
    /// What feedparser reads of a feed, as JSON.
    struct Parsed: Decodable {
        struct Feed: Decodable {
            var title: String
            var id: String
            var updated: String
            var author: String?
            var links: [Link]
        }
        struct Link: Decodable { var rel: String; var href: String; var type: String? }
        struct Entry: Decodable {
            var id: String
            var title: String
            var link: String
            var updated: String
            var published: String
            var content: String?
            var summary: String?
            var tags: [String]
            var links: [Link]
            var thumbnails: [String]
        }
        var bozo: Bool
        var problem: String?
        var version: String
        var feed: Feed
        var entries: [Entry]
    }

    static let reader = """
        import feedparser, json, sys
        d = feedparser.parse(sys.argv[1])
        f = d.feed
        out = {"bozo": bool(d.bozo), "problem": str(d.get("bozo_exception", "")) or None, "version": d.version,
               "feed": {"title": f.get("title", ""), "id": f.get("id", ""), "updated": f.get("updated", ""), "author": f.get("author"),
                        "links": [{"rel": l.get("rel", ""), "href": l.get("href", ""), "type": l.get("type")} for l in f.get("links", [])]},
               "entries": [{"id": e.get("id", ""), "title": e.get("title", ""), "link": e.get("link", ""), "updated": e.get("updated", ""),
                            "published": e.get("published", ""), "content": e.content[0].value if e.get("content") else None,
                            "summary": e.get("summary"), "tags": [t.term for t in e.get("tags", [])],
                            "links": [{"rel": l.get("rel", ""), "href": l.get("href", ""), "type": l.get("type")} for l in e.get("links", [])],
                            "thumbnails": [t.get("url", "") for t in e.get("media_thumbnail", [])]} for e in d.entries]}
        print(json.dumps(out))
        """

    static func parse(_ file: URL) throws -> Parsed {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", reader, file.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdout = ProcessOutput(out), stderr = ProcessOutput(err)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "feedparser: \(stderr.all()) (is python3-feedparser installed? make deps)")
        return try JSONDecoder().decode(Parsed.self, from: Data(stdout.all().utf8))
    }

    static let hostile = "<script>alert(\"x\")</script> & 'quotes' \u{1}bell"

    /// Two public albums, each photo written a minute after the one before (their files'
    /// times are the feed's order), and a hidden, an unlisted and a private album.
    static func library(_ work: TemporaryDirectory, config: String) throws -> [String: Date] {
        var times: [String: Date] = [:]
        let files = ["lib/sea/a.jpg", "lib/sea/b.jpg", "lib/hills/c.jpg", "lib/hidden/h.jpg", "lib/secret/s.jpg", "lib/family/p.jpg", "lib/sea/d.jpg"]
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for (n, file) in files.enumerated() {
            let path = try TestMetadata.jpeg(file, in: work, exiftool: [])
            let time = start.addingTimeInterval(Double(n) * 60)
            try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
            times[String(file.dropFirst(4))] = time
        }
        try work.write("lib/annotations.json", text: """
            [{"photo": "sea/a.jpg", "caption": "First swim", "comment": "Cold.\\nVery cold."},
             {"photo": "sea/b.jpg", "caption": \(try jsonString(hostile)), "comment": "Said \\"<b>no</b>\\""},
             {"photo": "hills/c.jpg", "caption": "Ridge walk", "comment": ""},
             {"photo": "hidden/h.jpg", "caption": "Hidden thing", "comment": ""},
             {"photo": "secret/s.jpg", "caption": "Unlisted thing", "comment": ""},
             {"photo": "family/p.jpg", "caption": "Private thing", "comment": ""}]
            """)
        try work.write("lib/hidden/album.toml", text: "hidden = true\n")
        try work.write("lib/secret/album.toml", text: "access = \"unlisted\"\n")
        try work.write("lib/family/album.toml", text: "access = \"private\"\n")
        try work.write("lib/gallery.toml", text: config)
        return times
    }

    static func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    static let environment = ["GALLERY_ALBUM_PASSWORD_FAMILY": "correct horse battery"]

    @Test("the site's feed and each public album's: valid Atom, newest first, every field read back, hostile text as text, linked from the pages")
    func feeds() throws {
        let work = try TemporaryDirectory("feeds")
        let times = try Self.library(work, config: "[site]\nbase_url = \"https://example.org/p/\"\nauthor = \"Ada & <Co>\"\ncopyright = \"© Ada\"\n[feeds]\nentries = 4\n")
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url, environment: Self.environment)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")

        let feed = try Self.parse(site.appending(path: "feed.atom"))
        #expect(!feed.bozo && feed.version == "atom10", "\(feed.problem ?? "")")
        #expect(feed.feed.id == "https://example.org/p/feed.atom" && feed.feed.author == "Ada & <Co>")
        #expect(feed.feed.links.contains { $0.rel == "self" && $0.href == "https://example.org/p/feed.atom" })
        #expect(feed.feed.links.contains { $0.rel == "alternate" && $0.href == "https://example.org/p/" })
        // Newest first, four at most: d, c (its album, hills, as of c), b, hills' and sea's album entries share times with them.
        #expect(feed.entries.count == 4, "\(feed.entries.map(\.title))")
        let updated = feed.entries.map(\.updated)
        #expect(updated == updated.sorted(by: >), "not newest first: \(updated)")
        #expect(feed.entries.first?.title == "d.jpg" && feed.entries.first?.link.hasPrefix("https://example.org/p/photo/") == true,
                "\(feed.entries.first.map(\.link) ?? "")")
        let newest = ISO8601DateFormatter().string(from: times["sea/d.jpg"]!)
        #expect(feed.feed.updated == newest && feed.entries.first?.updated == newest)
        // The albums, as of their newest photo.
        #expect(feed.entries.contains { $0.title == "sea" && $0.link == "https://example.org/p/album-sea.html" && $0.thumbnails.count == 1 })

        // Each public album's feed holds its photos, newest first, every field as written.
        let sea = try Self.parse(site.appending(path: "feeds/album-sea.atom"))
        #expect(!sea.bozo, "\(sea.problem ?? "")")
        #expect(sea.entries.map(\.title) == ["d.jpg", "<script>alert(\"x\")</script> & 'quotes' bell", "First swim"], "\(sea.entries.map(\.title))")
        let hostile = try #require(sea.entries.dropFirst().first)
        #expect(hostile.updated == ISO8601DateFormatter().string(from: times["sea/b.jpg"]!) && hostile.published == hostile.updated)
        #expect(hostile.tags == ["sea"] && hostile.summary == "Said \"<b>no</b>\"")
        // The caption is text in the HTML content: escaped, never a tag.
        let content = try #require(hostile.content)
        #expect(content.contains("&lt;script&gt;") && !content.contains("<script") && content.contains("&lt;b&gt;no&lt;/b&gt;"), "\(content)")
        // The large image, linked and as the thumbnail, is a file of the site.
        let enclosure = try #require(hostile.links.first { $0.rel == "enclosure" })
        #expect(enclosure.type == "image/jpeg" && hostile.thumbnails == [enclosure.href])
        #expect(enclosure.href.hasPrefix("https://example.org/p/large/"))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: String(enclosure.href.dropFirst("https://example.org/p/".count))).path))
        #expect(content.contains("src=\"\(enclosure.href)\""))
        let first = try #require(sea.entries.last)
        // Its link is the photo's own page (which previews it and opens it in its album).
        #expect(first.content?.contains("Cold.<br />Very cold.") == true && first.link.hasPrefix("https://example.org/p/photo/"), "\(first.content ?? "")")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: String(first.link.dropFirst("https://example.org/p/".count))).path))
        // Ids are the photos' own (their files' paths; the three files have the same bytes): the same at the next export.
        #expect(Set(sea.entries.map(\.id)).count == 3 && sea.entries.allSatisfy { $0.id.hasPrefix("https://example.org/p/album-sea.html#file-") }, "\(sea.entries.map(\.id))")

        // Nothing of the hidden, unlisted or private albums: no feed of theirs, no entry, no word.
        let feeds = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "feeds").path).sorted()
        #expect(feeds == ["album-hills.atom", "album-sea.atom"], "\(feeds)")
        for file in ["feed.atom"] + feeds.map({ "feeds/" + $0 }) {
            let text = try String(contentsOf: site.appending(path: file), encoding: .utf8)
            #expect(!text.contains("thing") && !text.contains("hidden") && !text.contains("secret") && !text.contains("family") && !text.contains("private/"), "\(file)")
            // Every photo page it links to is one the site has.
            for link in text.matches(of: #/href="https://example\.org/p/(?<page>photo/\d+\.html)"/#) {
                #expect(FileManager.default.fileExists(atPath: site.appending(path: String(link.output.page)).path), "\(file): \(link.output.page)")
            }
        }
        // Pages name the site's feed, and an album's pages their own.
        let album = try String(contentsOf: site.appending(path: "album-sea.html"), encoding: .utf8)
        #expect(album.contains("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"feed.atom\"")
                && album.contains("<link rel=\"alternate\" type=\"application/atom+xml\" href=\"feeds/album-sea.atom\" title=\"sea\">"))
        let index = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        #expect(index.contains("href=\"feed.atom\"") && !index.contains("feeds/"))

        // The next export of an unchanged library writes the same feeds.
        let before = try Data(contentsOf: site.appending(path: "feed.atom"))
        let again = try GalleryBinary.run(["export", "--out", "site", "--quiet"], in: work.url, environment: Self.environment)
        let after = try Data(contentsOf: site.appending(path: "feed.atom"))
        #expect(again.status == 0 && after == before, "\(again.stderr)")
    }

    @Test("no feeds without base_url or with entries = 0, and no page names one")
    func noFeeds() throws {
        for config in ["[site]\ntitle = \"x\"\n", "[site]\nbase_url = \"https://example.org/\"\n[feeds]\nentries = 0\n"] {
            let work = try TemporaryDirectory("no-feeds")
            _ = try Self.library(work, config: config)
            let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url, environment: Self.environment)
            #expect(built.status == 0, "\(built.stderr)")
            let site = work.url.appending(path: "site")
            #expect(!FileManager.default.fileExists(atPath: site.appending(path: "feed.atom").path) && !FileManager.default.fileExists(atPath: site.appending(path: "feeds").path), "\(config)")
            let album = try String(contentsOf: site.appending(path: "album-sea.html"), encoding: .utf8)
            #expect(!album.contains("application/atom+xml"), "\(config)")
        }
    }
}
