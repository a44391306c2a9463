import Foundation
import GalleryLayout
import GalleryTestSupport
import GRDB
import Imaging
import Testing

/// gallery.toml through the built binary: `gallery init`, each key's effect in the built site,
/// what a change redoes, and bad configurations refused with nothing written.
@Suite("gallery.toml: init, every key seen in the site, mistakes refused with nothing written", .timeLimit(.minutes(5)))
struct ConfigurationCLITests {
    /// Two albums of a few photos, with captions.
    static func folder() throws -> TemporaryDirectory {
        let work = try TemporaryDirectory()
        for (index, album) in ["coast", "hills"].enumerated() {
            for n in 0 ..< 3 {
                try work.write("photos/\(album)/\(album)-\(n).jpg", TestImages.jpeg(width: 120 + 40 * n, height: 90, seed: UInt8(index * 3 + n)))
            }
        }
        try work.write("photos/annotations.json", text: """
            [{"photo": "coast/coast-0.jpg", "caption": "Harbour", "comment": "The ferry had just left."},
             {"photo": "hills/hills-1.jpg", "caption": "Ridge", "comment": "Wind."}]
            """)
        return work
    }

    static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Every file of a site, by relative path.
    static func files(_ site: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files[String(url.path.dropFirst(site.path.count + 1))] = try? Data(contentsOf: url)
        }
        return files
    }

    @Test("gallery init writes the defaults: a build with it is the build without it; a second init needs --force")
    func initWritesDefaults() throws {
        let work = try Self.folder()
        let plain = try GalleryBinary.run(["build", "photos", "--db", "plain.db", "--out", "plain", "--quiet"], in: work.url)
        #expect(plain.status == 0, "\(plain.stderr)")
        let initialized = try GalleryBinary.run(["init", "photos"], in: work.url)
        #expect(initialized.status == 0 && initialized.stdout.contains("gallery.toml"), "\(initialized.stderr)")
        let text = try Self.read(work.url.appending(path: "photos/gallery.toml"))
        #expect(text.contains("[site]") && text.contains("[look]") && text.contains("[content]") && text.contains("image_quality = 82"))
        let again = try GalleryBinary.run(["init", "photos"], in: work.url)
        #expect(again.status == 1 && again.stderr.contains("exists already") && again.stderr.contains("--force"), "\(again.stderr)")
        #expect(try GalleryBinary.run(["init", "photos", "--force"], in: work.url).status == 0)
        let configured = try GalleryBinary.run(["build", "photos", "--db", "configured.db", "--out", "configured", "--quiet"], in: work.url)
        #expect(configured.status == 0, "\(configured.stderr)")
        // The same site, byte for byte, apart from the export's own records: the manifest names
        // its own run, and the inputs name each library's layouts by their rows, which two
        // libraries number in the order their pages were laid out (two at a time).
        var a = Self.files(work.url.appending(path: "plain")), b = Self.files(work.url.appending(path: "configured"))
        for record in [".gallery-export.json", ".gallery-export-inputs.json"] {
            #expect(a[record] != nil && b[record] != nil, "\(record) was not written")
            (a[record], b[record]) = (nil, nil)
        }
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.filter { a[$0] != b[$0] }.isEmpty, "\(a.keys.filter { a[$0] != b[$0] })")
    }

    @Test("[site], [look] theme and accent, [content]: each key's effect in the written pages")
    func everyKeySeen() throws {
        let work = try Self.folder()
        try work.write("photos/gallery.toml", text: """
            [site]
            title = "Summer & <sea>"
            description = "Two weeks, one camera."
            author = "Ada Lovelace"
            copyright = "© 2024 Ada Lovelace"
            language = "de"
            base_url = "https://example.org/summer"
            [look]
            theme = "dark"
            accent = "#C0392B"
            [content]
            views = ["masonry", "circle", "rows"]
            downloads = "original"
            image_quality = 70
            [slideshow]
            seconds = 2.5
            """)
        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        let index = try Self.read(site.appending(path: "index.html"))
        #expect(index.contains("<html lang=\"de\" data-theme=\"dark\" data-words=\"{"))
        #expect(index.contains("&quot;map&quot;:&quot;Karte&quot;"), "the script's words are not German")
        #expect(index.contains("<title>Summer &amp; &lt;sea&gt;</title>") && index.contains("<h1>Summer &amp; &lt;sea&gt;</h1>"))
        #expect(index.contains("<meta name=\"description\" content=\"Two weeks, one camera.\">"))
        #expect(index.contains("<meta name=\"author\" content=\"Ada Lovelace\">"))
        #expect(index.contains("© 2024 Ada Lovelace") && index.contains("Erstellt mit gallery") && index.contains("2 Alben, 6 Fotos"))
        #expect(index.contains("<link rel=\"canonical\" href=\"https://example.org/summer/\">"))
        #expect(index.contains("<meta property=\"og:image\" content=\"https://example.org/summer/large/"))
        let album = try Self.read(site.appending(path: "album-coast.html"))
        #expect(album.contains("<link rel=\"canonical\" href=\"https://example.org/summer/album-coast.html\">"))
        // The views listed, in their order, in German; the others not written.
        let nav = album.components(separatedBy: "<nav class=\"views\"")[1].components(separatedBy: "</nav>")[0]
        #expect(nav.contains(">Raster</a>") && nav.contains(">Kreis</a>") && nav.contains(">Zeilen</a>"))
        #expect(nav.range(of: "Kreis")!.lowerBound < nav.range(of: "Zeilen")!.lowerBound)
        // Screen readers' labels in German too.
        #expect(album.contains("aria-label=\"Ansichten dieses Albums\"") && album.contains("role=\"list\" aria-label=\"Fotos\""))
        // [slideshow] seconds: each photo's time, read by the lightbox's script; [content]
        // downloads: what its download link gets.
        #expect(album.contains("<div class=\"lightbox\" data-slideshow-seconds=\"2.5\" ") && album.contains(" data-download=\"original\" hidden"))
        // The script makes the lightbox's buttons, their labels and its download link in German.
        let probe = "probe-lightbox-de.html"
        try album.replacingOccurrences(of: "</body>", with: """
            <script>\(BrowserEngine.resultScript)</script><script>
            window.addEventListener('load', () => {
              const box = document.querySelector('.lightbox');
              galleryTestReport(['close', 'fullscreen', 'play', 'prev'].map((name) => box.querySelector('.lightbox-' + name).getAttribute('aria-label'))
                .concat([box.querySelector('.lightbox-download').textContent, box.querySelector('.lightbox-download').dataset.download]));
            });
            </script></body>
            """).write(to: site.appending(path: probe), atomically: true, encoding: .utf8)
        let made = try JSONDecoder().decode([String].self, from: BrowserEngine.chromium.open(probe, in: site, width: 390, height: 844))
        #expect(made == ["Schließen", "Vollbild", "Diashow", "Vorheriges Foto", "Herunterladen", "original"], "\(made)")
        try FileManager.default.removeItem(at: site.appending(path: probe))
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "album-coast-circle.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "album-coast-wheel.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "album-coast-carousel.html").path))
        // sitemap.xml names the sitemaps, which name every page the site has, at its address:
        // the albums' pages, plain pages and photo pages.
        let sitemaps = try Self.read(site.appending(path: "sitemap.xml")).matches(of: #/<sitemap><loc>https://example\.org/summer/(?<file>[^<]+)</loc>/#)
            .map { String($0.output.file) }
        #expect(sitemaps.first == "sitemap-pages.xml" && sitemaps.contains("album-coast.sitemap-1.xml"), "\(sitemaps)")
        let sitemap = try sitemaps.map { try Self.read(site.appending(path: $0)) }.joined()
        let photoPages = sitemap.matches(of: #/<loc>https://example\.org/summer/photo/\d+\.html</loc>/#).count
        for page in ["https://example.org/summer/</loc>", "album-coast.html", "album-hills-circle.html", "album-hills-justified.html", try AlbumIndexFile(site: site, stem: "album-coast").plainPage(0)] {
            #expect(sitemap.contains(page), "\(page)")
        }
        #expect(!sitemap.contains("wheel"))
        #expect(photoPages == (try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "photo").path)).count && photoPages > 0, "\(photoPages) photo pages in the sitemaps")
        // The accent, after the theme rules.
        let css = try Self.read(site.appending(path: "gallery.css"))
        #expect(css.contains(":root[data-theme] { --accent: #c0392b; }"))
        #expect(css.range(of: "--accent: #c0392b")!.lowerBound > css.range(of: ":root[data-theme=\"dark\"]")!.lowerBound)
        // Originals offered for download: copied byte for byte, named on the cells and in the lightbox.
        let originals = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "originals").path)
        #expect(originals.count == 6)
        let source = try Data(contentsOf: work.url.appending(path: "photos/coast/coast-0.jpg"))
        #expect(originals.contains { (try? Data(contentsOf: site.appending(path: "originals/\($0)"))) == source })
        #expect(album.contains("data-original=\"originals/"))
        // The image quality is in the images' names and in their bytes.
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: site.appending(path: "thumbs").path)
        #expect(!thumbs.isEmpty && thumbs.allSatisfy { $0.hasSuffix("-q70.webp") })
    }

    /// Stored measurements (caption and comment heights, by style and width) in the library.
    static func measurements(_ work: TemporaryDirectory) throws -> Int {
        try DatabaseQueue(path: work.url.appending(path: "gallery.db").path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM text_measurements") ?? 0
        }
    }

    @Test("what a change redoes: words rewrite pages only; fonts and columns re-measure and re-lay out, no image; the image quality re-encodes images only")
    func onlyWhatChanged() throws {
        let work = try Self.folder()
        let first = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(first.stdout.contains("18 images written, 0 reused"), "\(first.stdout)")
        let measured = try Self.measurements(work)
        #expect(measured > 0)
        try work.write("photos/gallery.toml", text: "[site]\ntitle = \"Renamed\"\nlanguage = \"fr\"\n")
        let retitled = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(retitled.stdout.contains("0 images written, 18 reused"), "\(retitled.stdout)")
        #expect(try Self.read(work.url.appending(path: "site/index.html")).contains("<h1>Renamed</h1>"))
        #expect(try Self.measurements(work) == measured, "a title change measured texts again")
        let pagesBefore = Self.files(work.url.appending(path: "site")).filter { $0.key.hasSuffix(".html") }
        // Fonts and grid: new measurements and layouts (other heights in the pages), no image.
        try work.write("photos/gallery.toml", text: "[site]\ntitle = \"Renamed\"\nlanguage = \"fr\"\n[look]\ncaption_font = \"DejaVu Serif\"\ncolumn_width = 300\n")
        let relaid = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(relaid.status == 0 && relaid.stdout.contains("0 images written, 18 reused"), "\(relaid.stdout) \(relaid.stderr)")
        let css = try Self.read(work.url.appending(path: "site/gallery.css"))
        #expect(css.contains("\"Gallery DejaVu Serif Bold\""))
        // The captions in the new font at every band's width (and the comments at the bands'
        // widths that are new): at least one new measurement per band.
        let remeasured = try Self.measurements(work)
        let after = try FluidMasonry(idealColumnWidth: 300)
        // The style sheet's bands are the 300 px grid's.
        #expect(after.bands.dropFirst().allSatisfy { css.contains("@media (min-width: \(Int($0.minimumViewportWidth.rounded(.down)))") }, "the bands of column_width = 300")
        #expect(remeasured >= measured + after.bands.count, "\(remeasured) stored, \(measured) before")
        // A layout for every band of the 300 px grid.
        let layouts = try GalleryBinary.run(["layouts", "--json"], in: work.url)
        let widths = Set(((try JSONSerialization.jsonObject(with: Data(layouts.stdout.utf8)) as? [[String: Any]]) ?? [])
            .filter { $0["kind"] as? String == "masonry" }.compactMap { $0["width"] as? Double })
        #expect(Set(after.bands.map(after.layoutWidth)).isSubset(of: widths), "\(widths.sorted())")
        try work.write("photos/gallery.toml", text: "[site]\ntitle = \"Renamed\"\nlanguage = \"fr\"\n")
        #expect(try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url).stdout.contains("0 images written, 18 reused"))
        #expect(Self.files(work.url.appending(path: "site")).filter { $0.key.hasSuffix(".html") } == pagesBefore)
        try work.write("photos/gallery.toml", text: "[site]\ntitle = \"Renamed\"\nlanguage = \"fr\"\n[content]\nimage_quality = 95\n")
        let requality = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(requality.stdout.contains("18 images written, 0 reused") && requality.stdout.contains("18 removed"), "\(requality.stdout)")
        // Pages change only where they name the images.
        let pagesAfter = Self.files(work.url.appending(path: "site")).filter { $0.key.hasSuffix(".html") }
        for (name, before) in pagesBefore {
            let after = String(decoding: pagesAfter[name] ?? Data(), as: UTF8.self)
            let expected = String(decoding: before, as: UTF8.self).replacingOccurrences(of: ".jpg", with: "-q95.jpg")
                .replacingOccurrences(of: ".webp", with: "-q95.webp")
            #expect(after == expected, "\(name) changed beyond its image names")
        }
        // JPEG grid images instead of WebP: new grid images, the WebP ones removed (a photo's
        // images come from one decode, so its large view is written again under its own name).
        try work.write("photos/gallery.toml", text: "[site]\ntitle = \"Renamed\"\nlanguage = \"fr\"\n[content]\nimage_quality = 95\nthumbnail_format = \"jpeg\"\n")
        let jpeg = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(jpeg.stdout.contains("18 images written, 0 reused") && jpeg.stdout.contains("12 removed"), "\(jpeg.stdout)")
        let large = try FileManager.default.contentsOfDirectory(atPath: work.url.appending(path: "site/large").path)
        #expect(large.count == 6 && large.allSatisfy { $0.hasSuffix("-q95.jpg") }, "\(large)")
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: work.url.appending(path: "site/thumbs").path)
        #expect(thumbs.count == 12 && thumbs.allSatisfy { $0.hasSuffix("-q95.jpg") }, "\(thumbs)")
        for name in thumbs {
            let bytes = try [UInt8](Data(contentsOf: work.url.appending(path: "site/thumbs/" + name)))
            #expect(bytes.prefix(2) == [0xFF, 0xD8], "\(name) is not a JPEG")
        }
        for (name, before) in pagesAfter {
            let after = try Self.read(work.url.appending(path: "site/" + name))
            #expect(after == String(decoding: before, as: UTF8.self).replacingOccurrences(of: ".webp", with: ".jpg"), "\(name) changed beyond its image names")
        }
    }

    @Test("album.toml and index.md: titles, the description above the grid, the cover, the order, unlisted albums")
    func albumSettings() throws {
        let work = try Self.folder()
        try work.write("photos/gallery.toml", text: "[site]\nbase_url = \"https://example.org/\"\n")
        try work.write("photos/coast/index.md", text: """
            ---
            title: "The coast, July"
            cover: coast-2.jpg
            order: 2
            ---
            Two weeks on the *coast*. The ferry left at six; we did not.

            - One camera
            """)
        try work.write("photos/hills/album.toml", text: "title = \"Hills\"\norder = 1\n")
        try work.write("photos/secret/x.jpg", TestImages.jpeg(width: 40, height: 30))
        try work.write("photos/secret/album.toml", text: "hidden = true\n")
        let built = try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url)
        #expect(built.status == 0, "\(built.stderr)")
        let site = work.url.appending(path: "site")
        let index = try Self.read(site.appending(path: "index.html"))
        // Ordered by `order`, titled, the unlisted album left off (its page still written).
        let hills = try #require(index.range(of: ">Hills</span>")), coast = try #require(index.range(of: ">The coast, July</span>"))
        #expect(hills.lowerBound < coast.lowerBound)
        #expect(!index.contains("secret"))
        let secret = try Self.read(site.appending(path: "album-secret.html"))
        #expect(secret.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!(try Self.read(site.appending(path: "sitemap.xml"))).contains("secret"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: site.path)).contains { $0.contains("secret") && $0.contains("sitemap") })
        // The cover: the index card's picture and the album's social preview.
        let photos = try GalleryBinary.run(["photos", "--json"], in: work.url)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(photos.stdout.utf8)) as? [[String: Any]])
        #expect(list.contains { $0["path"] as? String == "coast/coast-2.jpg" })
        let album = try Self.read(site.appending(path: "album-coast.html"))
        let coverLarge = try #require(album.firstMatch(of: #/og:image" content="https://example.org/(?<large>large/[^"]+)"/#)).output.large
        let coverHash = coverLarge.dropFirst("large/".count).prefix(16)
        #expect(album.contains("data-original") == false)
        let card = try #require(index.firstMatch(of: #/href="album-coast.html"><img src="thumbs/(?<hash>[0-9a-f]{16})-236.webp"/#))
        #expect(card.output.hash == coverHash, "the card shows \(card.output.hash), the cover is \(coverHash)")
        // …and both are coast-2.jpg's images, not the album's first photo's (coast-0.jpg).
        func imageHash(of path: String) throws -> Substring {
            let id = try #require(list.first { $0["path"] as? String == path }?["id"] as? Int)
            let cell = try #require(album.firstMatch(of: try Regex("id=\"photo-\(id)\"(?s:.*?)src=\"thumbs/([0-9a-f]{16})-236.webp\"")))
            return try #require(cell.output[1].substring)
        }
        #expect(try imageHash(of: "coast/coast-2.jpg") == coverHash)
        #expect(try imageHash(of: "coast/coast-0.jpg") != coverHash)
        // The description above the grid, in the comment's style, its box measured per column count.
        let description = try #require(album.firstMatch(of: #/<div class="album-description" style="(?<boxes>[^"]+)">(?<html>.*?)</div>/#))
        #expect(description.output.html.contains("<p class=\"comment\">Two weeks on the <em>coast</em>."))
        #expect(description.output.html.contains("<p class=\"comment\">• One camera</p>"))
        // Its box in every band: as wide as the band's narrowest grid allows (269 px on the
        // narrowest phones), up to 720 px.
        #expect(description.output.boxes.hasPrefix("--dw0:269px;--dh0:") && description.output.boxes.contains("--dw15:720px"), "\(description.output.boxes)")
        #expect(try Self.read(site.appending(path: "gallery.css")).contains(".album-description { --dw: var(--dw2); --dh: var(--dh2); }"))
        // The description's words are in the cut fonts: the site's words reached the subset.
        #expect(album.contains("<h1>The coast, July</h1>"))
    }

    @Test("an album file with a mistake (a cover that is not there): the same one line, and nothing written")
    func badAlbumFile() throws {
        let work = try Self.folder()
        try work.write("photos/hills/index.md", text: "---\ntitle: Hills\ncover: hills-9.jpg\n---\nText.\n")
        for command in [["build", "photos", "--out", "site"], ["import", "photos"]] {
            let run = try GalleryBinary.run(command, in: work.url)
            #expect(run.status == 2 && run.stderr.contains("hills/index.md:3: cover: 'hills-9.jpg' is not a photo in this album's folder"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "gallery.db").path))
            #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
        }
        // Found as deep as the import goes, through a symbolic link to a folder too.
        try work.remove("photos/hills/index.md")
        try work.write("elsewhere/trip/deeper/deep-0.jpg", TestImages.jpeg(width: 120, height: 90, seed: 9))
        try work.write("elsewhere/trip/deeper/index.md", text: "---\ntitle: Deeper\ncover: deep-9.jpg\n---\n")
        try FileManager.default.createSymbolicLink(atPath: work.url.appending(path: "photos/linked").path, withDestinationPath: "../elsewhere/trip")
        let run = try GalleryBinary.run(["import", "photos"], in: work.url)
        #expect(run.status == 2 && run.stderr.contains("deeper/index.md:3: cover: 'deep-9.jpg' is not a photo in this album's folder"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "gallery.db").path))
    }

    @Test("bad configurations: exit 2, one line naming file, line and key, and nothing written", arguments: [
        ("[look]\ntheme = \"sepia\"\n", "gallery.toml:2: look.theme: 'sepia' is not one of its values (accepted: one of light, dark, auto)"),
        ("[look]\ncaption_size = \"big\"\n", "gallery.toml:2: look.caption_size: is text, not a number"),
        ("[site]\ntitle = \"x\"\ntitel = \"y\"\n", "gallery.toml:3: site.titel: is not a key of [site] (did you mean title?)"),
        ("[content]\nviews = [\"masonry\",\n", "gallery.toml:2: is not valid TOML"),
        ("[pictures]\n", "gallery.toml:1: pictures: is not a table gallery knows"),
        ("[look]\n\ncaption_font = \"Comic Sans Nowhere\"\n", "gallery.toml:3: look.caption_font: 'Comic Sans Nowhere' is not a font family installed here"),
    ])
    func badConfiguration(text: String, message: String) throws {
        let work = try Self.folder()
        try work.write("photos/gallery.toml", text: text)
        for command in [["build", "photos", "--out", "site"], ["import", "photos"]] {
            let run = try GalleryBinary.run(command, in: work.url)
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(command): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "gallery.db").path))
            #expect(!FileManager.default.fileExists(atPath: work.url.appending(path: "site").path))
        }
        // A site built before stays whole when the configuration goes bad.
        try work.remove("photos/gallery.toml")
        #expect(try GalleryBinary.run(["build", "photos", "--out", "site", "--quiet"], in: work.url).status == 0)
        let before = Self.files(work.url.appending(path: "site"))
        try work.write("photos/gallery.toml", text: text)
        for command in [["export", "--out", "site"], ["build", "photos", "--out", "site"]] {
            let run = try GalleryBinary.run(command, in: work.url)
            #expect(run.status == 2 && run.stderr.contains(message), "\(command): \(run.stderr)")
        }
        #expect(Self.files(work.url.appending(path: "site")) == before)
        // --config names another file; a missing one is an error of its own.
        let missing = try GalleryBinary.run(["export", "--out", "site", "--config", "nope.toml"], in: work.url)
        #expect(missing.status == 2 && missing.stderr.contains("nope.toml: cannot be read"), "\(missing.stderr)")
    }
}
