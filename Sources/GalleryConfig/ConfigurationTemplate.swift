/// The `gallery.toml` that `gallery init` writes: every key at its default, each with a line
/// saying what it does. Keys without a default value (title, accent, base_url) are shown
/// commented out, with an example. Made from `GalleryConfiguration()`, so it cannot drift
/// from the defaults; a test reads it back.
public enum ConfigurationTemplate {
    public static func text(folderName: String) -> String {
        let d = GalleryConfiguration()
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let views = "[" + d.content.views.map { quoted($0.rawValue) }.joined(separator: ", ") + "]"
        let browseKinds = "[" + d.browse.by.map { quoted($0.rawValue) }.joined(separator: ", ") + "]"
        return """
            # gallery.toml: how `gallery build`, `export` and `serve` make this folder's site.
            # Every key is optional; a key left out keeps the default shown here. A key gallery
            # does not know is an error (so a typo never passes for a default).

            [site]
            # The site's name (default: the album's name, or the folder's: \(folderName)).
            # title = \(quoted(folderName))
            # A sentence or two under the title, and in search and social previews.
            description = \(quoted(d.site.description))
            author = \(quoted(d.site.author))
            # Shown in every page's footer, e.g. "© 2024 Ada Lovelace".
            copyright = \(quoted(d.site.copyright))
            # The pages' language and their few words: en, de, fr, ja (others use English words).
            language = \(quoted(d.site.language))
            # Where the site will be published: adds social preview tags, canonical links and
            # sitemap.xml, which need absolute addresses.
            # base_url = "https://example.org/photos/"

            [look]
            # light, dark, or auto (follows the visitor's system).
            theme = \(quoted(d.look.theme.rawValue))
            # Links and highlights (default: a warm rust, lighter on dark pages).
            # accent = "#c0392b"
            # Any family fontconfig finds (`fc-list : family`); captions and comments are
            # measured with it, so the layout stays exact.
            caption_font = \(quoted(d.look.captionFont))
            caption_size = \(number(d.look.captionSize))
            comment_font = \(quoted(d.look.commentFont))
            comment_size = \(number(d.look.commentSize))
            # The grid: column width in CSS px (photo and text plus cell_padding on each side),
            # space between columns, and the most columns a wide window shows.
            column_width = \(number(d.look.columnWidth))
            gutter = \(number(d.look.gutter))
            cell_padding = \(number(d.look.cellPadding))
            max_columns = \(d.look.maxColumns)

            [content]
            # date (capture time; photos without one after, by name) or name.
            sort = \(quoted(d.content.sort.rawValue))
            # The views each album offers, in this order; masonry is the album's own page.
            views = \(views)
            # What the lightbox offers to download: none, large (the large view) or original.
            downloads = \(quoted(d.content.downloads.rawValue))
            # Quality of the thumbnails and large views, 1 to 100.
            image_quality = \(d.content.imageQuality)
            # The grid images' format: webp (smaller, shown by every current browser) or jpeg.
            # The large views are JPEG either way.
            thumbnail_format = \(quoted(d.content.thumbnailFormat.rawValue))
            # Videos: web (the lightbox plays an H.264 + AAC MP4 made for every browser),
            # original (it plays a copy of the file as it is: not every browser plays every
            # file), or skip (videos are left out of the library and the site).
            videos = \(quoted(d.content.videos.rawValue))
            # The web versions' size: the shorter side at most this many pixels (1080p).
            video_max_height = \(d.content.videoMaxHeight)
            # Their quality: x264's CRF, 0 to 51, lower is better and larger (18 looks like the
            # original, 28 is small).
            video_quality = \(d.content.videoQuality)
            # A raw beside a JPEG (or HEIF) of the same name, as a camera set to RAW+JPEG writes
            # them: one photo shown from its JPEG (jpeg) or from its raw (raw), or two (both).
            raw_pairs = \(quoted(d.content.rawPairs.rawValue))
            # What the lightbox shows under a photo's comment, from the photos' own XMP, IPTC
            # and sidecars: show or hide. Face areas are never published.
            keywords = \(quoted(d.content.keywords.rawValue))
            people = \(quoted(d.content.people.rawValue))
            ratings = \(quoted(d.content.ratings.rawValue))

            [browse]
            # Pages that gather photos from every album, linked from the index page and from
            # the lightbox: years (and their months), places, people, keywords, favorites.
            by = \(browseKinds)
            # A photo rated this many stars or more is a favourite (as is one marked favourite).
            favorites_rating = \(d.browse.favoritesRating)

            [map]
            # The map page, made only when locations are published (--publish-location): its
            # tiles ({z}/{x}/{y}; the default's terms ask for the attribution below and fair
            # use: https://operations.osmfoundation.org/policies/tiles/), or tiles of your own.
            tiles = \(quoted(d.map.tiles))
            attribution = \(quoted(d.map.attribution))
            attribution_url = \(quoted(d.map.attributionURL))

            [slideshow]
            # The lightbox's slideshow (its play button, or the space key): each photo shown
            # this many seconds (a video plays through once instead).
            seconds = \(ConfigurationReader.Keys.format(d.slideshow.seconds))

            [feeds]
            # Atom feeds of the newest photos and albums (feed.atom, and one per album in
            # feeds/), made only with [site] base_url and only of public albums: how many
            # entries each holds (0: no feeds).
            entries = \(d.feeds.entries)

            [downloads]
            # One ZIP per album of its original files (stored as they are), linked from the
            # album's header with its size; rebuilt only when the album's photos change.
            album_zip = \(d.downloads.albumZip)
            # The lightbox links each photo's original file (as [content] downloads = "original").
            originals = \(d.downloads.originals)

            [publish]
            # Where `gallery publish SITE` puts the site: an S3 bucket, or any store that speaks
            # S3 (MinIO, Cloudflare R2, Backblaze B2, Ceph, SeaweedFS) at `endpoint`.
            # Credentials are never read from this file: AWS_ACCESS_KEY_ID and
            # AWS_SECRET_ACCESS_KEY, or a profile in ~/.aws/credentials (AWS_PROFILE).
            # target = "s3://my-bucket/photos"
            # endpoint = "https://s3.eu-central-003.backblazeb2.com"
            # region = "us-east-1"
            # How long browsers and CDNs keep pages, styles, scripts and data (seconds); images
            # and fonts are named by their content and kept for a year.
            page_max_age = \(d.publish.pageMaxAge)

            """
    }
}
