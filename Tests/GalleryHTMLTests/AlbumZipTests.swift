import Foundation
import GalleryTestSupport
import Testing

/// `[downloads] album_zip = true`: one ZIP per album of its original files, linked from its
/// header with its size, read back by unzip and Python's zipfile, written again only when the
/// album's photos change.
@Suite("Album ZIPs: the album's originals, linked with their size, rebuilt only when they change")
struct AlbumZipTests {
    struct Link: Equatable {
        var file: String
        var downloadName: String
        var size: UInt64
        var text: String
    }

    /// The album header's ZIP link, if any.
    static func link(in page: URL) throws -> Link? {
        let html = try String(contentsOf: page, encoding: .utf8)
        guard let match = html.firstMatch(of: #/<a class="zip-link" href="(?<file>[^"]+)" download="(?<name>[^"]+)" type="application/zip" data-size="(?<size>\d+)">(?<text>[^<]+)</a>/#) else { return nil }
        return Link(file: String(match.output.file), downloadName: String(match.output.name), size: UInt64(match.output.size) ?? 0, text: String(match.output.text))
    }

    static func entries(_ archive: URL) throws -> [[String: Any]] {
        let script = """
            import hashlib, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                print(json.dumps([{"name": i.filename, "date": list(i.date_time), "sha": hashlib.sha256(z.read(i)).hexdigest()} for i in z.infolist()]))
            """
        let run = try GalleryBinary.run(["-c", script, archive.path], in: archive.deletingLastPathComponent(), executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }

    static func sha256(_ path: URL) throws -> String {
        let run = try GalleryBinary.run([path.path], in: path.deletingLastPathComponent(), executable: URL(fileURLWithPath: "/usr/bin/sha256sum"))
        return String(run.stdout.prefix(64))
    }

    @Test("each album's ZIP holds exactly its originals with their dates; unzip -t passes; a rerun keeps it; a changed photo makes a new one and removes the old")
    func albumZips() throws {
        let work = try TemporaryDirectory("album-zip")
        try TestMetadata.jpeg("lib/Summer: \"24\"/a.jpg", in: work, exiftool: ["-DateTimeOriginal=2024:07:14 09:05:31"])
        try TestMetadata.jpeg("lib/Summer: \"24\"/Été.jpg", in: work, exiftool: ["-DateTimeOriginal=2024:07:15 18:00:00"])
        try TestMetadata.jpeg("lib/winter/c.jpg", in: work, exiftool: [])
        try work.write("lib/gallery.toml", text: "[downloads]\nalbum_zip = true\n")
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix("album-") && $0.hasSuffix(".html") && !$0.contains(".page-") }
        let summerPage = try #require(pages.first { $0.hasPrefix("album-summer") && !$0.contains("-justified") && !$0.contains("-wheel") && !$0.contains("-carousel") && !$0.contains("-circle") })
        let summer = try #require(try Self.link(in: site.appending(path: summerPage)), "\(summerPage) has no ZIP link")
        let winter = try #require(try Self.link(in: site.appending(path: "album-winter.html")))
        #expect(summer.downloadName == "Summer- -24-.zip", "a name a file system takes: \(summer.downloadName)")
        #expect(winter.downloadName == "winter.zip")
        let archive = site.appending(path: summer.file)
        #expect(try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? NSNumber == NSNumber(value: summer.size), "the link says the file's size")
        #expect(summer.text.hasPrefix("Download all (") && summer.text.hasSuffix("kB)"), "\(summer.text)")
        let unzip = try GalleryBinary.run(["-t", archive.path], in: work.url, executable: URL(fileURLWithPath: "/usr/bin/unzip"))
        #expect(unzip.status == 0 && unzip.stdout.contains("No errors detected"), "\(unzip.stdout) \(unzip.stderr)")
        let entries = try Self.entries(archive)
        #expect(Set(entries.compactMap { $0["name"] as? String }) == ["a.jpg", "Été.jpg"], "exactly the album's files: \(entries)")
        for entry in entries {
            let name = try #require(entry["name"] as? String)
            #expect(entry["sha"] as? String == (try Self.sha256(work.url.appending(path: "lib/Summer: \"24\"/" + name))), "\(name)'s bytes")
        }
        #expect(entries.first { $0["name"] as? String == "a.jpg" }?["date"] as? [Int] == [2024, 7, 14, 9, 5, 30], "its capture time")
        #expect(try Self.entries(site.appending(path: winter.file)).compactMap { $0["name"] as? String } == ["c.jpg"])

        // A rerun writes neither again.
        let before = try FileManager.default.attributesOfItem(atPath: archive.path)[.modificationDate] as? Date
        let rerun = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: archive.path)[.modificationDate] as? Date == before, "rewritten with nothing changed")
        #expect(try Self.link(in: site.appending(path: summerPage)) == summer)

        // A photo edited (its caption, in its own bytes): a new ZIP; the old one is gone; the other album's kept.
        try TestMetadata.write(["-XMP-dc:Title=Evening"], to: work.url.appending(path: "lib/Summer: \"24\"/Été.jpg").path)
        let changed = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(changed.status == 0, "\(changed.stderr)")
        let after = try #require(try Self.link(in: site.appending(path: summerPage)))
        #expect(after.file != summer.file)
        #expect(!FileManager.default.fileExists(atPath: archive.path), "the old ZIP is left behind")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: after.file).path))
        #expect(try Self.link(in: site.appending(path: "album-winter.html")) == winter)
        #expect(try Self.entries(site.appending(path: after.file)).first { $0["name"] as? String == "Été.jpg" }?["sha"] as? String
                == (try Self.sha256(work.url.appending(path: "lib/Summer: \"24\"/Été.jpg"))))
    }

    @Test("without [downloads] album_zip: no ZIP, no link; a file gone since import: one warning, the rest of the site made")
    func offAndMissing() throws {
        let work = try TemporaryDirectory("album-zip-off")
        try TestMetadata.jpeg("lib/a.jpg", in: work, exiftool: [])
        try TestMetadata.jpeg("lib/b.jpg", in: work, exiftool: [])
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site/downloads").path))
        #expect(try Self.link(in: work.url.appending(path: "site/index.html")) == nil)

        try work.write("lib/gallery.toml", text: "[downloads]\nalbum_zip = true\n")
        let imported = try GalleryBinary.run(["import", "lib", "--quiet"], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        try FileManager.default.removeItem(at: work.url.appending(path: "lib/b.jpg"))
        let exported = try GalleryBinary.run(["export", "--out", "site"], in: work.url)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr.contains("b.jpg") && exported.stderr.contains("no ZIP"), "\(exported.stderr)")
        #expect(try Self.link(in: work.url.appending(path: "site/index.html")) == nil)
        #expect(FileManager.default.fileExists(atPath: work.url.appending(path: "site/index.html").path))
    }

    @Test("gallery serve makes the ZIP its page links on first request, over HTTP, as application/zip")
    func served() async throws {
        let work = try TemporaryDirectory("album-zip-served")
        try TestMetadata.jpeg("lib/one/a.jpg", in: work, exiftool: [])
        try TestMetadata.jpeg("lib/one/b.jpg", in: work, exiftool: [])
        try TestMetadata.jpeg("lib/two/c.jpg", in: work, exiftool: [])
        try work.write("lib/gallery.toml", text: "[downloads]\nalbum_zip = true\n")
        let server = try await GalleryBinary.importAndServe("lib", in: work.url)
        defer { server.stop() }
        let url = try server.address()
        let page = try HeadlessChromium.fetch(url.appending(path: "album-one.html"))
        let match = try #require(page.firstMatch(of: #/<a class="zip-link" href="(?<file>[^"]+)"[^>]* data-size="(?<size>\d+)"/#), "no ZIP link served")
        let saved = work.url.appending(path: "saved.zip")
        let fetch = try GalleryBinary.run(["-c", """
            import sys, urllib.request
            with urllib.request.urlopen(sys.argv[1]) as r, open(sys.argv[2], "wb") as f:
                f.write(r.read())
                print(r.headers["Content-Type"])
            """, url.appending(path: String(match.output.file)).absoluteString, saved.path], in: work.url, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout.hasPrefix("application/zip"), "\(fetch.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: saved.path)[.size] as? NSNumber == NSNumber(value: UInt64(match.output.size) ?? 0))
        #expect(Set(try Self.entries(saved).compactMap { $0["name"] as? String }) == ["a.jpg", "b.jpg"])
        // Another key (an album as it was, or never was): not found.
        let stale = String(match.output.file).replacing(#/-[0-9a-f]{16}\.zip$/#, with: "-0000000000000000.zip")
        let missing = try GalleryBinary.run(["-c", """
            import sys, urllib.request, urllib.error
            try:
                urllib.request.urlopen(sys.argv[1])
            except urllib.error.HTTPError as e:
                print(e.code)
            """, url.appending(path: stale).absoluteString], in: work.url, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(missing.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "404", "\(missing.stdout) \(missing.stderr)")
    }
}
