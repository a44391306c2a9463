import Foundation
import GalleryTestSupport
import Testing

/// `access = "unlisted"`: an album no page, list, sitemap or search index names, under an
/// address with a part derived from the library's own secret (the same at every export of
/// the library, another in another library), printed by the export.
@Suite("Unlisted albums: an unguessable address, stable, printed, named nowhere else")
struct UnlistedAlbumTests {
    @Test("the address is printed, kept from export to export, differs in another library, and no other file of the site names it")
    func unlisted() throws {
        let work = try TemporaryDirectory("unlisted")
        try TestMetadata.jpeg("lib/open/a.jpg", in: work, exiftool: ["-XMP-dc:Subject=sea", "-DateTimeOriginal=2024:01:01 10:00:00"])
        try TestMetadata.jpeg("lib/family/b.jpg", in: work, exiftool: ["-XMP-dc:Description=Grandmother's kitchen", "-XMP-dc:Subject=sea",
                                                                        "-DateTimeOriginal=2023:05:01 10:00:00"])
        try work.write("lib/family/album.toml", text: "title = \"Family\"\naccess = \"unlisted\"\n")
        try work.write("lib/gallery.toml", text: "[site]\nbase_url = \"https://example.org/photos/\"\n")
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let printed = try #require(built.stdout.firstMatch(of: #/unlisted album 'Family': https://example\.org/photos/(?<page>album-family-(?<token>[0-9a-f]{16})\.html)/#),
                                   "the address is not printed: \(built.stdout)")
        let page = String(printed.output.page), stem = String(page.dropLast(".html".count))
        let site = work.url.appending(path: "site")
        let html = try String(contentsOf: site.appending(path: page), encoding: .utf8)
        #expect(html.contains("Grandmother") && html.contains("<meta name=\"robots\" content=\"noindex"), "the album's own page, not for search engines")
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "album-family.html").path), "the guessable address exists")
        // Nothing else names it or shows its photo's words: pages, data, sitemap, search index.
        let enumerator = FileManager.default.enumerator(atPath: site.path)
        var checked = 0
        while let file = enumerator?.nextObject() as? String {
            let base = file.hasPrefix("data/") ? String(file.dropFirst(5)) : file
            guard !base.hasPrefix(stem), !file.hasPrefix("."), [".html", ".js", ".xml", ".css"].contains(where: file.hasSuffix) else { continue }
            let text = try String(contentsOf: site.appending(path: file), encoding: .utf8)
            #expect(!text.contains(String(printed.output.token)) && !text.contains("Grandmother"), "\(file) names the unlisted album")
            checked += 1
        }
        #expect(checked > 10 && FileManager.default.fileExists(atPath: site.appending(path: "sitemap.xml").path))

        let again = try GalleryBinary.run(["export", "--out", "site", "--quiet"], in: work.url)
        #expect(again.stdout.contains("https://example.org/photos/\(page)"), "the address changed: \(again.stdout)")
        // Another library of the same photos has another secret, so another address.
        let other = try TemporaryDirectory("unlisted-other")
        try FileManager.default.copyItem(at: work.url.appending(path: "lib"), to: other.url.appending(path: "lib"))
        let otherBuild = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: other.url)
        #expect(otherBuild.status == 0 && otherBuild.stdout.contains("unlisted album 'Family': https://example.org/photos/album-family-"))
        #expect(!otherBuild.stdout.contains(page), "two libraries, one address")
    }

    @Test("an access gallery does not know is refused, naming the file and key, and nothing is written")
    func unknownAccess() throws {
        let work = try TemporaryDirectory("access-unknown")
        try TestMetadata.jpeg("lib/family/b.jpg", in: work, exiftool: [])
        try work.write("lib/family/album.toml", text: "access = \"secret\"\n")
        let wrong = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(wrong.status == 2 && wrong.stderr.contains("album.toml:1: access:") && wrong.stderr.contains("'secret' is not one of its values"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
    }
}
