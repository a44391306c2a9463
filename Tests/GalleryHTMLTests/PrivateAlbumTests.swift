import Foundation
import GalleryCrypt
import GalleryTestSupport
import Testing

/// `access = "private"`: the album's own site sealed under private/TOKEN/, its password page
/// the only thing of it in the clear. In every engine the right password opens it, drawn where
/// the engine computed it, its images and byte ranges served by the service worker; the wrong one
/// says so; axe-core finds nothing on the opened album. No byte of the site outside its sealed files shows its captions, keywords, names,
/// EXIF values or images; a new password re-wraps the key and seals nothing again.
@Suite("Private albums: sealed, opened by the password in every engine, leaking nothing", .serialized)
struct PrivateAlbumTests {
    static let password = "a long pass phrase, é"
    static let environment = ["GALLERY_ALBUM_PASSWORD_FAMILY": password]
    static let secrets = ["Grandmother's kitchen table", "secretkeyword", "Hidden Person", "SecretCam9000", "Nobody reads this comment"]

    /// The library (a public album and a private one) built once.
    static let work: Result<TemporaryDirectory, any Error> = Result {
        let work = try TemporaryDirectory("private-album")
        for index in 0 ..< 3 {
            try TestMetadata.jpeg("lib/coast/c\(index).jpg", in: work, exiftool: ["-XMP-dc:Description=Public caption \(index)"])
        }
        for index in 0 ..< 5 {
            try work.write("lib/family/f\(index).jpg", TestImages.jpeg(width: 400 + 80 * index, height: 300, seed: UInt8(40 + index)))
            try TestMetadata.write([
                "-XMP-dc:Title=\(secrets[0]) \(index)", "-XMP-dc:Description=\(secrets[4])", "-XMP-dc:Subject=\(secrets[1])",
                "-XMP-iptcExt:PersonInImage=\(secrets[2])", "-Model=\(secrets[3])", "-DateTimeOriginal=2023:0\(index + 1):02 10:00:00",
            ], to: work.url.appending(path: "lib/family/f\(index).jpg").path)
        }
        try work.write("lib/family/album.toml", text: "title = \"Family\"\naccess = \"private\"\n")
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url, environment: environment)
        guard built.status == 0 else { throw HeadlessChromium.Failure(description: "gallery build: \(built.stderr)") }
        return work
    }

    static func page(in site: URL) throws -> String {
        try #require(try FileManager.default.contentsOfDirectory(atPath: site.path).first { $0.hasPrefix("album-family-") && $0.hasSuffix(".html") })
    }

    /// A probe page at the site's root that shows `page` (a password page) in a frame of
    /// `height` px and runs `steps` once it has loaded: they have `frame`, `loaded()` (the
    /// frame's next load) and `next`, and end with `galleryTestReport(…)`; an error is reported.
    static func framedProbe(_ page: String, height: Int, steps: String) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8"><style>body { margin: 0 } iframe { width: 100%; height: \(height)px; border: 0; display: block }</style>
        <script>\(BrowserEngine.resultScript)</script><script>\(PageWaits.script)</script></head><body><script>
        (async () => {
          const frame = document.createElement('iframe');
          frame.src = '\(page)';
          const loaded = () => new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
          let next = loaded();
          document.body.append(frame);
          await next;
        \(steps)
        })().catch((error) => galleryTestReport({ error: String(error && (error.message + ' ' + error.stack) || error) }));
        </script></body></html>
        """
    }

    struct Report: Decodable {
        var wrong: String
        var href: String
        var result: ExportBrowserTests.Result
        var violations: [String]
        var range: [Int]
        var images: Int
        var reopened: String
        struct CrossOrigin: Decodable { var drawn: Bool; var width: Int; var origin: String; var same: Bool }
        var crossOrigin: CrossOrigin
    }

    /// A page that draws the image its address's fragment names and tells its parent whether it could.
    static let crossOriginProbe = "cross-origin-probe.html"

    @Test("the wrong password says so; the right one opens the album drawn where the engine puts it, its images and byte ranges served; coming back opens it without the password", arguments: BrowserEngine.allCases)
    func opens(engine: BrowserEngine) throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        let page = try Self.page(in: site)
        let width = 390
        let probe = "private-probe-\(engine).html"
        try work.write("site/" + probe, text: Self.framedProbe(page, height: 900, steps: """
              const form = () => frame.contentDocument.querySelector('form.private-form');
              form().elements.password.value = 'not it';
              form().requestSubmit();
              await galleryWaitFor(() => form().querySelector('.private-message').textContent === form().dataset.wrong, 'the wrong password said', 60);
              const wrong = form().querySelector('.private-message').textContent;
              next = loaded();
              form().elements.password.value = \(String(decoding: try JSONEncoder().encode(Self.password), as: UTF8.self));
              form().requestSubmit();
              await next;
              const inner = frame.contentWindow;
              await galleryWaitFor(() => inner.document.querySelectorAll('.grid .cell').length === 5
                && [...inner.document.querySelectorAll('.grid img')].every((i) => i.complete && i.naturalWidth > 0), 'the album drawn with its images', 60);
              inner.eval(\(String(decoding: try JSONEncoder().encode(ExportBrowserTests.measureScript), as: UTF8.self)) + '; window.galleryMeasure = galleryMeasure;');
              const result = await inner.galleryMeasure();
              // axe-core over the opened album, with the rules of every other page (AccessibilityTests).
              inner.eval(\(String(decoding: try JSONEncoder().encode(String(contentsOf: PageValidityTests.checkers.appending(path: "axe.min.js"), encoding: .utf8)), as: UTF8.self)));
              await inner.document.fonts.ready;
              const rules = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } };
              const violations = (await inner.axe.run(inner.document, rules)).violations
                .map((v) => v.id + ' (' + v.impact + ') at ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
              const large = inner.document.querySelector('.grid .cell-link').getAttribute('href');
              const part = await inner.fetch(large, { headers: { Range: 'bytes=0-99' } });
              const bytes = new Uint8Array(await part.arrayBuffer());
              // Coming back (the album's card followed again): the kept key opens it, no password asked.
              next = loaded();
              frame.src = '\(page)';
              await next;
              await galleryWaitFor(() => frame.contentWindow.location.pathname.includes('/private/')
                && frame.contentDocument.querySelectorAll('.grid .cell').length === 5, 'the album again without its password', 60);
              // Another origin (this server as localhost) asks for the same large image while the
              // worker holds the key: the worker answers only its own origin's pages, so that page
              // gets the sealed bytes, which no browser draws.
              const image = new URL(large, inner.location.href).href;
              const heard = new Promise((resolve, reject) => {
                addEventListener('message', (event) => { if (event.data && event.data.crossOrigin) resolve(event.data); });
                setTimeout(() => reject(new Error('the page of another origin never answered')), 60000);
              });
              const other = document.createElement('iframe');
              const address = new URL('\(Self.crossOriginProbe)', location.href);
              address.hostname = 'localhost';
              address.hash = encodeURIComponent(image);
              other.src = address.href;
              document.body.append(other);
              const crossOrigin = await heard;
              galleryTestReport({ wrong, href: inner.location.pathname, result, violations, range: [part.status, bytes.length, bytes[0], bytes[1]],
                                  images: inner.document.querySelectorAll('.grid img').length, reopened: frame.contentWindow.location.pathname,
                                  crossOrigin: { ...crossOrigin, same: crossOrigin.origin === location.origin } });
            """))
        try work.write("site/" + Self.crossOriginProbe, text: """
            <!doctype html><meta charset="utf-8"><script>
            const image = new Image();
            const done = (drawn) => parent.postMessage({ crossOrigin: true, drawn, width: image.naturalWidth, origin: location.origin }, '*');
            image.onload = () => done(image.naturalWidth > 0);
            image.onerror = () => done(false);
            image.src = decodeURIComponent(location.hash.slice(1));
            </script>
            """)
        defer {
            try? FileManager.default.removeItem(at: site.appending(path: probe))
            try? FileManager.default.removeItem(at: site.appending(path: Self.crossOriginProbe))
        }
        let report = try JSONDecoder().decode(Report.self, from: engine.open(probe, in: site, width: width, height: 900, timeout: 150, registersServiceWorker: true))
        #expect(report.wrong == "Wrong password. Try again.", "\(engine)")
        #expect(report.href.contains("/private/") && report.href.hasSuffix("/index.html"), "\(engine): \(report.href)")
        #expect(report.images == 5)
        #expect(report.violations.isEmpty, "\(engine): axe-core on the opened album: \(report.violations)")
        #expect(report.reopened == report.href, "\(engine): coming back went to \(report.reopened)")
        #expect(report.range == [206, 100, 0xFF, 0xD8], "\(engine): a byte range of a large image: \(report.range)")
        #expect(!report.crossOrigin.same && !report.crossOrigin.drawn, "\(engine): another origin (\(report.crossOrigin.origin)) drew the private image \(report.crossOrigin.width) px wide")
        let expected = try GridOracle(folder: work.url, album: "family").expected(width: width, height: 900)
        _ = ExportBrowserTests.check(report.result, expected: expected, label: "\(engine) private album @\(width)")
    }

    @Test("outside its sealed files the site holds none of its texts, EXIF values or images; its sealed files none in the clear; nor anything left in the site to stage it")
    func leaksNothing() throws {
        let work = try Self.work.get()
        let site = work.url.appending(path: "site")
        let staging = try #require(try FileManager.default.contentsOfDirectory(atPath: work.url.path).first { $0.hasSuffix(".private") })
        // The private album's images as its own site made them (before sealing).
        var images = Set<Data>()
        let stagedFiles = FileManager.default.enumerator(atPath: work.url.appending(path: staging).path)
        while let file = stagedFiles?.nextObject() as? String {
            guard file.hasSuffix(".jpg") || file.hasSuffix(".webp") else { continue }
            images.insert(try Data(contentsOf: work.url.appending(path: staging).appending(path: file)))
        }
        #expect(images.count >= 10, "the private album's own site has its images")
        var scanned = 0
        let files = FileManager.default.enumerator(atPath: site.path)
        while let file = files?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: site.appending(path: file).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let bytes = try Data(contentsOf: site.appending(path: file))
            for secret in Self.secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds '\(secret)'")
            }
            #expect(!images.contains(bytes), "\(file) is one of the private album's images in the clear")
            scanned += 1
        }
        #expect(scanned > 50)
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: staging).path))
        let page = try String(contentsOf: site.appending(path: try Self.page(in: site)), encoding: .utf8)
        #expect(page.contains("<h1>Family</h1>") && page.contains("type=\"password\"") && !page.contains("class=\"cell\""))
        // The index has its card: its name and a lock, linking its password page, nothing of its photos.
        let index = try String(contentsOf: site.appending(path: "index.html"), encoding: .utf8)
        let card = try #require(index.firstMatch(of: #/<a class="album-card" href="album-family-[0-9a-f]{16}\.html">(?<inside>.*?)</a>/#), "no card")
        #expect(card.output.inside == "<span class=\"placeholder\" data-private></span><span class=\"album-name\">Family</span><span class=\"album-count\">Private album</span>")
    }

    @Test("a new password wraps the same key again and seals nothing again; no password at all stops the export before it writes")
    func newPassword() throws {
        let work = try TemporaryDirectory("private-rewrap")
        try TestMetadata.jpeg("lib/family/a.jpg", in: work, exiftool: ["-XMP-dc:Title=kept secret"])
        try TestMetadata.jpeg("lib/family/b.jpg", in: work, exiftool: [])
        try work.write("lib/family/album.toml", text: "access = \"private\"\npassword_file = \"../pw.txt\"\n")
        try work.write("lib/pw.txt", text: "first password\n")
        _ = chmod(work.url.appending(path: "lib/pw.txt").path, 0o600)
        let built = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "private").path).first)
        let keyFile = site.appending(path: "private/\(folder)/key.json")
        let first = try JSONDecoder().decode(WrappedAlbumKey.self, from: Data(contentsOf: keyFile))
        let key = try first.unwrap(password: "first password")
        let sealedIndex = site.appending(path: "private/\(folder)/index.html")
        let stamp = try FileManager.default.attributesOfItem(atPath: sealedIndex.path)[.modificationDate] as? Date
        let opened = String(decoding: try SealedFile.open(try Data(contentsOf: sealedIndex), key: key), as: UTF8.self)
        #expect(opened.contains("kept secret") && opened.contains("class=\"cell\""), "the sealed page is the album's own page")

        try work.write("lib/pw.txt", text: "second password\n")
        let again = try GalleryBinary.run(["export", "--out", "site", "--quiet"], in: work.url)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try JSONDecoder().decode(WrappedAlbumKey.self, from: Data(contentsOf: keyFile))
        #expect(second.salt != first.salt)
        #expect(throws: PrivateAlbumError.wrongPassword) { try second.unwrap(password: "first password") }
        #expect(try second.unwrap(password: "second password") == key, "the same key, wrapped again")
        #expect(try FileManager.default.attributesOfItem(atPath: sealedIndex.path)[.modificationDate] as? Date == stamp, "sealed again")

        // A library made anew (gallery.db deleted, its staging kept) has a new secret and key:
        // a new folder, everything sealed again with the new key, the old folder removed.
        for file in try FileManager.default.contentsOfDirectory(atPath: work.url.path) where file.hasPrefix("gallery.db") && !file.hasSuffix(".private") {
            try FileManager.default.removeItem(at: work.url.appending(path: file))
        }
        let anew = try GalleryBinary.run(["build", "lib", "--out", "site", "--quiet"], in: work.url)
        #expect(anew.status == 0, "\(anew.stderr)")
        let newFolder = try #require(try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "private").path).first)
        #expect(newFolder != folder && !FileManager.default.fileExists(atPath: keyFile.path))
        let newKey = try JSONDecoder().decode(WrappedAlbumKey.self, from: Data(contentsOf: site.appending(path: "private/\(newFolder)/key.json")))
            .unwrap(password: "second password")
        #expect(newKey != key)
        let newIndex = try Data(contentsOf: site.appending(path: "private/\(newFolder)/index.html"))
        #expect(String(decoding: try SealedFile.open(newIndex, key: newKey), as: UTF8.self).contains("kept secret"))

        try FileManager.default.removeItem(at: work.url.appending(path: "lib/pw.txt"))
        try work.write("lib/family/album.toml", text: "access = \"private\"\n")
        let none = try GalleryBinary.run(["export", "--out", "other", "--quiet"], in: work.url)
        #expect(none.status == 2 && none.stderr.contains("album.toml") && none.stderr.contains("no password"), "\(none.status) \(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "other").path), "written before the password was found")
    }

    @Test("gallery serve seals a private album on first request: its key and sealed page over HTTP open with the password")
    func served() async throws {
        let work = try TemporaryDirectory("private-served")
        try TestMetadata.jpeg("lib/family/a.jpg", in: work, exiftool: ["-XMP-dc:Title=served secret"])
        try TestMetadata.jpeg("lib/open/b.jpg", in: work, exiftool: [])
        try work.write("lib/family/album.toml", text: "access = \"private\"\npassword_file = \"../pw.txt\"\n")
        try work.write("lib/pw.txt", text: "served password\n")
        _ = chmod(work.url.appending(path: "lib/pw.txt").path, 0o600)
        let server = try await GalleryBinary.importAndServe("lib", in: work.url)
        defer { server.stop() }
        let url = try server.address()
        let index = try HeadlessChromium.fetch(url.appending(path: "index.html"))
        let page = try #require(index.firstMatch(of: #/href="(?<page>album-family-[0-9a-f]{16}\.html)"/#)).output.page
        let shell = try HeadlessChromium.fetch(url.appending(path: String(page)))
        let folder = try #require(shell.firstMatch(of: #/data-folder="(?<folder>private/[0-9a-f]{16}/)"/#)).output.folder
        #expect(!shell.contains("served secret"))
        let download = """
            import sys, urllib.request
            with urllib.request.urlopen(sys.argv[1]) as r, open(sys.argv[2], "wb") as f:
                f.write(r.read())
                print(r.headers["Content-Type"], r.headers["Cache-Control"])
            """
        var headers: [String] = []
        for (name, file) in [("key.json", "key.json"), ("index.html", "sealed-index")] {
            let fetched = try GalleryBinary.run(["-c", download, url.appending(path: String(folder) + name).absoluteString, work.url.appending(path: file).path],
                                                in: work.url, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(fetched.status == 0, "\(name): \(fetched.stderr)")
            headers.append(fetched.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(headers[1] == "application/octet-stream private, no-cache", "the sealed page: \(headers[1])")
        let key = try JSONDecoder().decode(WrappedAlbumKey.self, from: Data(contentsOf: work.url.appending(path: "key.json"))).unwrap(password: "served password")
        let opened = String(decoding: try SealedFile.open(try Data(contentsOf: work.url.appending(path: "sealed-index")), key: key), as: UTF8.self)
        #expect(opened.contains("served secret") && opened.contains("class=\"cell\""), "the served sealed page is the album's own page")
    }
}
