import GalleryConfig
import GalleryLayout
import Testing

@Suite("gallery.toml: every key read, every mistake named by file, line and key")
struct ConfigurationReaderTests {
    @Test("the file gallery init writes reads back as the defaults")
    func templateIsTheDefaults() throws {
        let text = ConfigurationTemplate.text(folderName: "Summer \"24\"")
        #expect(try ConfigurationReader.parse(text, file: "gallery.toml") == GalleryConfiguration())
        // Uncommenting the examples gives values that are accepted.
        let uncommented = text.replacingOccurrences(of: "# title =", with: "title =")
            .replacingOccurrences(of: "# accent =", with: "accent =").replacingOccurrences(of: "# base_url =", with: "base_url =")
            .replacingOccurrences(of: "# target =", with: "target =").replacingOccurrences(of: "# endpoint =", with: "endpoint =")
            .replacingOccurrences(of: "# region =", with: "region =")
        let read = try ConfigurationReader.parse(uncommented, file: "gallery.toml")
        #expect(read.site.title == "Summer \"24\"" && read.look.accent == "#c0392b" && read.site.baseURL == "https://example.org/photos/")
        #expect(read.publish.target == "s3://my-bucket/photos" && read.publish.endpoint == "https://s3.eu-central-003.backblazeb2.com"
            && read.publish.region == "us-east-1" && read.publish.pageMaxAge == 300)
    }

    @Test("the issue's example, every key set")
    func everyKey() throws {
        let text = """
            [site]
            title = "Summer on the coast"
            description = "Two weeks, one camera."
            author = "Ada"
            copyright = "© 2024 Ada"
            language = "de"
            base_url = "https://example.org/coast"
            [look]
            theme = "dark"
            accent = "#C0392B"
            caption_font = "Noto Serif"
            caption_size = 17.5
            comment_font = "DejaVu Sans"
            comment_size = 12
            column_width = 300
            gutter = 12
            cell_padding = 10
            max_columns = 5
            [content]
            sort = "name"
            views = ["masonry", "circle", "rows", "circle"]
            downloads = "original"
            image_quality = 90
            thumbnail_format = "jpeg"
            videos = "original"
            video_max_height = 720
            video_quality = 28
            """
        let c = try ConfigurationReader.parse(text, file: "x.toml")
        #expect(c.site.title == "Summer on the coast" && c.site.description == "Two weeks, one camera." && c.site.author == "Ada")
        #expect(c.site.copyright == "© 2024 Ada" && c.site.language == "de" && c.site.baseURL == "https://example.org/coast/")
        #expect(c.look.theme == .dark && c.look.accent == "#c0392b" && c.look.captionFont == "Noto Serif" && c.look.captionSize == 17.5)
        #expect(c.look.commentFont == "DejaVu Sans" && c.look.commentSize == 12 && c.look.columnWidth == 300 && c.look.gutter == 12)
        #expect(c.look.cellPadding == 10 && c.look.maxColumns == 5)
        #expect(c.content.sort == .name && c.content.views == [.masonry, .circle, .justified] && c.content.downloads == .original && c.content.imageQuality == 90)
        #expect(c.content.thumbnailFormat == .jpeg && GalleryConfiguration().content.thumbnailFormat == .webp)
        #expect(c.content.videos == .original && c.content.videoMaxHeight == 720 && c.content.videoQuality == 28)
        #expect(GalleryConfiguration().content.videos == .web && GalleryConfiguration().content.videoMaxHeight == 1080 && GalleryConfiguration().content.videoQuality == 23)
        // The justified view by its one name, or by "rows", its first one (still accepted, never written).
        let named = try ConfigurationReader.parse("[content]\nviews = [\"masonry\", \"justified\"]\n", file: "x.toml")
        let aliased = try ConfigurationReader.parse("[content]\nviews = [\"masonry\", \"rows\"]\n", file: "x.toml")
        #expect(named.content.views == [.masonry, .justified] && aliased == named)
        #expect(ConfigurationTemplate.text(folderName: "x").contains("views = [\"masonry\", \"justified\", \"wheel\", \"carousel\", \"circle\"]"))
        // [downloads]: the album's ZIP; originals is [content] downloads = "original" by another name, whichever table comes first.
        let downloads = try ConfigurationReader.parse("[downloads]\nalbum_zip = true\noriginals = true\n[content]\ndownloads = \"large\"\n", file: "x.toml")
        #expect(downloads.downloads.albumZip && downloads.downloads.originals && downloads.content.downloads == .original)
        #expect(!GalleryConfiguration().downloads.albumZip && GalleryConfiguration().content.downloads == .none)
        // [slideshow]: each photo's seconds, whole or not.
        #expect(try ConfigurationReader.parse("[slideshow]\nseconds = 2.5\n", file: "x.toml").slideshow.seconds == 2.5)
        #expect(try ConfigurationReader.parse("[slideshow]\nseconds = 8\n", file: "x.toml").slideshow.seconds == 8)
        #expect(GalleryConfiguration().slideshow.seconds == 5)
        #expect(try ConfigurationReader.parse("[feeds]\nentries = 0\n", file: "x.toml").feeds.entries == 0 && GalleryConfiguration().feeds.entries == 50)
        // An empty file, and one with only a table: the defaults.
        #expect(try ConfigurationReader.parse("", file: "x.toml") == GalleryConfiguration())
        #expect(try ConfigurationReader.parse("[look]\n", file: "x.toml") == GalleryConfiguration())
    }

    @Test("each kind of mistake: one error with the file, line, key and what is accepted")
    func mistakes() {
        let cases: [(text: String, line: Int?, key: String?, says: String)] = [
            ("[site]\ntitle = \"a\"\nlanguage = [1,\n", 3, nil, "is not valid TOML"),
            ("[site]\ntitle = \"a\"\n\n[looks]\ntheme = \"dark\"\n", 4, "looks", "the tables [site], [look], [content], [browse], [map], [slideshow], [feeds], [downloads] and [publish]"),
            ("theme = \"dark\"\n", 1, "theme", "is not in a table"),
            ("[look]\ntheme = \"dark\"\ncaptoin_font = \"Inter\"\n", 3, "look.captoin_font", "did you mean caption_font?"),
            ("[look]\n\n\ncaption_size = \"big\"\n", 4, "look.caption_size", "is text, not a number (accepted: a number from 8 to 48)"),
            ("[look]\ncaption_size = 200\n", 2, "look.caption_size", "is 200 (accepted: a number from 8 to 48)"),
            ("[look]\nmax_columns = 2.5\n", 2, "look.max_columns", "not a whole number"),
            ("[look]\ntheme = \"sepia\"\n", 2, "look.theme", "one of light, dark, auto"),
            ("[look]\naccent = \"red\"\n", 2, "look.accent", "a hex colour"),
            ("[look]\ncolumn_width = 130\ncell_padding = 32\n", 3, "look.cell_padding", "leaves 66 px"),
            ("[look]\ncaption_font = \"  \"\n", 2, "look.caption_font", "is empty"),
            ("[site]\nbase_url = \"example.org\"\n", 2, "site.base_url", "not an absolute http(s) address"),
            ("[site]\nlanguage = \"english!\"\n", 2, "site.language", "not a language tag"),
            ("[site]\ntitle = 5\n", 2, "site.title", "is a whole number, not text"),
            ("[content]\nviews = [\"rows\"]\n", 2, "content.views", "must include masonry"),
            ("[content]\nviews = \"masonry\"\n", 2, "content.views", "not a list"),
            ("[content]\nviews = [\"masonry\", \"grid\"]\n", 2, "content.views", "'grid'"),
            ("[content]\ndownloads = \"all\"\n", 2, "content.downloads", "one of none, large, original"),
            ("[content]\nimage_quality = 0\n", 2, "content.image_quality", "a whole number from 1 to 100"),
            ("[content]\nthumbnail_format = \"avif\"\n", 2, "content.thumbnail_format", "one of webp, jpeg"),
            ("[content]\nsort = true\n", 2, "content.sort", "is true or false, not text"),
            ("[content]\nvideos = \"webm\"\n", 2, "content.videos", "one of web, original, skip"),
            ("[content]\nvideo_max_height = 100\n", 2, "content.video_max_height", "a whole number from 144 to 4320"),
            ("[content]\nvideo_quality = 60\n", 2, "content.video_quality", "a whole number from 0 to 51"),
            // A multi-line string that looks like keys is stepped over when lines are counted.
            ("[site]\ndescription = \"\"\"\nsort = 1\n\"\"\"\n[content]\nsort = \"size\"\n", 6, "content.sort", "one of date, name"),
            ("look.theme = \"nope\"\n", 1, "look.theme", "one of light, dark, auto"),
            ("[publish]\ntarget = \"my-bucket/photos\"\n", 2, "publish.target", "s3://BUCKET or s3://BUCKET/PREFIX"),
            ("[map]\ntiles = \"https://tiles.example/{z}/{x}.png\"\n", 2, "map.tiles", "lacks {z}, {x} or {y}"),
            ("[map]\ntiles = \"javascript://{z}/{x}/{y}\"\n", 2, "map.tiles", "not an http(s) address or a path"),
            ("[map]\nattribution_url = \"osm.org\"\n", 2, "map.attribution_url", "not an http(s) address"),
            ("[map]\nstyle = \"dark\"\n", 2, "map.style", "is not a key of [map]"),
            ("[publish]\nendpoint = \"minio:9000\"\n", 2, "publish.endpoint", "not an http(s) address"),
            ("[publish]\npage_max_age = -1\n", 2, "publish.page_max_age", "a whole number from 0"),
            ("[downloads]\nalbum_zip = \"yes\"\n", 2, "downloads.album_zip", "not true or false"),
            ("[slideshow]\nseconds = 0.5\n", 2, "slideshow.seconds", "is 0.5 (accepted: a number from 1 to 3600)"),
            ("[slideshow]\nseconds = \"5s\"\n", 2, "slideshow.seconds", "is text, not a number"),
            ("[slideshow]\ninterval = 5\n", 2, "slideshow.interval", "is not a key of [slideshow]"),
            ("[feeds]\nentries = 5000\n", 2, "feeds.entries", "a whole number from 0 to 1000"),
            ("[feeds]\nentries = 2.5\n", 2, "feeds.entries", "not a whole number"),
            ("[downloads]\nzip = true\n", 2, "downloads.zip", "is not a key of [downloads]"),
            // A secret is refused by name, whatever it is called.
            ("[publish]\ntarget = \"s3://b\"\naws_secret_access_key = \"abc\"\n", 3, "publish.aws_secret_access_key", "never reads from gallery.toml"),
            ("[publish]\naccess_key_id = \"AKIA\"\n", 2, "publish.access_key_id", "AWS_ACCESS_KEY_ID"),
        ]
        for (text, line, key, says) in cases {
            do {
                let read = try ConfigurationReader.parse(text, file: "photos/gallery.toml")
                Issue.record("accepted: \(text) → \(read)")
            } catch {
                #expect(error.file == "photos/gallery.toml")
                #expect(error.line == line, "\(text): \(error)")
                #expect(error.key == key, "\(text): \(error)")
                #expect(error.description.contains(says), "\(text): \(error)")
                #expect(error.description.hasPrefix("photos/gallery.toml:\(line.map(String.init) ?? "")"), "\(error)")
            }
        }
    }

    @Test("a file that is missing or not UTF-8 is named")
    func unreadable() throws {
        #expect(throws: ConfigurationError.self) { try ConfigurationReader.read(path: "/nonexistent/gallery.toml") }
        do {
            _ = try ConfigurationReader.read(path: "/nonexistent/gallery.toml")
        } catch {
            #expect(error.description == "/nonexistent/gallery.toml: cannot be read (missing, or no permission)")
        }
    }
}
