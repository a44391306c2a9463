import Foundation
import GalleryTestSupport
import Testing

/// Each public photo's own page (photo/ID.html, with `base_url`): the Open Graph and Twitter
/// tags chat apps and crawlers read — its large image and size, caption, album, comment —
/// hostile text as text, and no page of a hidden, unlisted or private album's photo.
@Suite("Photo pages: their previews, public photos only")
struct PhotoPageCLITests {
    /// The `content` of each `<meta property|name=KEY>` of `html`, by key, unescaped.
    static func metas(_ html: String) -> [String: String] {
        var found: [String: String] = [:]
        for match in html.matches(of: #/<meta (?:property|name)="(?<key>[^"]+)" content="(?<value>[^"]*)">/#) {
            found[String(match.output.key)] = String(match.output.value)
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
        return found
    }

    @Test("every public photo has a page previewing it; the others have none; hostile text is text")
    func pages() throws {
        let work = try TemporaryDirectory("photo-pages")
        _ = try FeedCLITests.library(work, config: "[site]\nbase_url = \"https://example.org/p/\"\n")
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url, environment: FeedCLITests.environment)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        let listed = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let photos = try #require(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(photos.count == 7)
        var pages = 0
        for photo in photos {
            let id = try #require(photo["id"] as? Int), album = try #require(photo["album"] as? String)
            let file = site.appending(path: "photo/\(id).html")
            guard ["sea", "hills"].contains(album) else {
                #expect(!FileManager.default.fileExists(atPath: file.path), "\(album)'s photo \(id) has a page")
                continue
            }
            pages += 1
            let html = try String(contentsOf: file, encoding: .utf8)
            let meta = Self.metas(html)
            let caption = photo["caption"] as? String ?? "", comment = photo["comment"] as? String ?? ""
            let title = caption.isEmpty ? album : "\(caption) · \(album)"
            #expect(meta["og:title"] == title, "\(id): \(meta)")
            #expect(meta["og:url"] == "https://example.org/p/photo/\(id).html" && meta["og:type"] == "article" && meta["twitter:card"] == "summary_large_image")
            #expect(meta["og:description"] == (comment.isEmpty ? album : comment), "\(id)")
            let image = try #require(meta["og:image"])
            #expect(image.hasPrefix("https://example.org/p/large/") && meta["twitter:image"] == image)
            #expect(FileManager.default.fileExists(atPath: site.appending(path: String(image.dropFirst("https://example.org/p/".count))).path))
            #expect(meta["og:image:width"] == "48" && meta["og:image:height"] == "32", "\(id): the large image's size")
            #expect(html.contains("<link rel=\"canonical\" href=\"https://example.org/p/photo/\(id).html\">") && html.contains("<base href=\"../\">"))
            #expect(html.contains("data-album-page=\"album-\(album).html\" data-photo-id=\"\(id)\""))
            #expect(!html.contains("<script>") && !html.contains("<b>"), "\(id): markup from a caption")
        }
        #expect(pages == 4)
        let files = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "photo").path)
        #expect(files.count == 4, "\(files)")
        // Pages of listed albums name the photo pages for the share button; a hidden album's do not.
        let sea = try String(contentsOf: site.appending(path: "album-sea.html"), encoding: .utf8)
        let hidden = try String(contentsOf: site.appending(path: "album-hidden.html"), encoding: .utf8)
        #expect(sea.contains("data-photo-page=\"photo/{id}.html\"") && !hidden.contains("data-photo-page"))
        // Without base_url there are none.
        try work.write("lib/gallery.toml", text: "[site]\ntitle = \"x\"\n")
        let again = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url, environment: FeedCLITests.environment)
        #expect(again.status == 0 && !FileManager.default.fileExists(atPath: site.appending(path: "photo").path + "/\(photos[0]["id"] as? Int ?? 0).html"), "\(again.stderr)")
        let plain = try String(contentsOf: site.appending(path: "album-sea.html"), encoding: .utf8)
        #expect(!plain.contains("data-photo-page"))
    }
}
