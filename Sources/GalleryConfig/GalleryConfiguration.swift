import GalleryLayout

/// What a person can choose about their gallery, read from `gallery.toml` (`ConfigurationReader`)
/// or left at these defaults. Five tables, as the file has them: the site's words, its look,
/// what it contains, the ways to browse it, and where it is published.
public struct GalleryConfiguration: Sendable, Equatable, Codable {
    public var site = Site()
    public var look = Look()
    public var content = Content()
    public var browse = Browse()
    public var map = Map()
    public var slideshow = Slideshow()
    public var feeds = Feeds()
    public var downloads = DownloadFiles()
    public var publish = Publish()

    public init() {}

    public struct Site: Sendable, Equatable, Codable {
        /// The site's name; nil: the album's name (one album) or the folder's.
        public var title: String?
        public var description = ""
        public var author = ""
        public var copyright = ""
        /// The pages' `lang` and the language of their few words (`SiteWords`).
        public var language = "en"
        /// Where the site will be published, ending in "/": enables OpenGraph and Twitter card
        /// tags, canonical links and sitemap.xml (all need absolute addresses).
        public var baseURL: String?

        public init() {}
    }

    public struct Look: Sendable, Equatable, Codable {
        public var theme = Theme.auto
        /// "#rrggbb"; nil: the built-in accent (a warm rust, lighter on dark pages).
        public var accent: String?
        public var captionFont = "Inter"
        public var captionSize = 15.0
        public var commentFont = "Inter"
        public var commentSize = 13.0
        /// The grid's column: photo and text plus `cellPadding` on each side.
        public var columnWidth = MasonryOptions.defaultColumnWidth
        public var gutter = 0.0
        public var cellPadding = 8.0
        public var maxColumns = 8

        public init() {}
    }

    public struct Content: Sendable, Equatable, Codable {
        public var sort = SortOrder.date
        /// The album's views, in the order its pages link them.
        public var views = LayoutKind.allCases
        public var downloads = Downloads.none
        /// Encoding quality of the thumbnails and large views (1–100).
        public var imageQuality = 82
        /// The grid images' file format: WebP (a quarter smaller at the same quality, which a
        /// phone on a slow line feels) or JPEG. The large views stay JPEG (what a visitor saves).
        public var thumbnailFormat = ThumbnailFormat.webp
        /// What the site does with videos: plays a web rendition (H.264 + AAC in MP4, what
        /// every browser plays), plays a copy of the original file as it is, or leaves them out.
        public var videos = Videos.web
        /// The web renditions' most "p" (their shorter side: 1080 fits 1920×1080 and an upright
        /// 1080×1920); never enlarged.
        public var videoMaxHeight = 1080
        /// libx264's constant rate factor for the renditions: lower is better and larger, 23 its
        /// default, 18 near-transparent, 28 small.
        public var videoQuality = 23
        /// A raw and a JPEG (or HEIF) of one name in one folder — a camera set to RAW+JPEG —
        /// are one photo, shown from its JPEG (the camera's rendering) or its raw; or, with
        /// `both`, two.
        public var rawPairs = RawPairs.jpeg
        /// Whether the lightbox shows a photo's keywords, the people named in it, and its
        /// rating (face areas are never published).
        public var keywords = Visibility.show
        public var people = Visibility.show
        public var ratings = Visibility.show

        public init() {}
    }

    /// The pages that gather photos from every album: a year's (and its months'), a place's,
    /// a person's, a keyword's, and the favourites.
    public struct Browse: Sendable, Equatable, Codable {
        /// Which kinds of browse page the site has, in the order the index lists them.
        public var by = BrowseKind.allCases
        /// A photo rated this many stars or more is a favourite (as is one marked so).
        public var favoritesRating = 4

        public init() {}
    }

    /// The map page (only where locations are published: `--publish-location`).
    public struct Map: Sendable, Equatable, Codable {
        /// The tiles' address, with {z}, {x} and {y} (and {s} for a server letter, {r} for
        /// "@2x" on dense screens): http(s), or a path relative to the site for tiles of one's own.
        public var tiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
        /// What the tiles' terms ask to be shown on the map, and where it links to.
        public var attribution = "© OpenStreetMap contributors"
        public var attributionURL = "https://www.openstreetmap.org/copyright"

        public init() {}
    }

    /// The lightbox's slideshow (`[slideshow]`).
    public struct Slideshow: Sendable, Equatable, Codable {
        /// How long each photo is shown; a video plays through once instead.
        public var seconds = 5.0

        public init() {}
    }

    /// The Atom feeds (`[feeds]`), on a site with `base_url`.
    public struct Feeds: Sendable, Equatable, Codable {
        /// How many entries each feed holds, newest first; 0: no feeds.
        public var entries = 50

        public init() {}
    }

    /// What visitors can take home besides what the lightbox shows (`[downloads]`).
    public struct DownloadFiles: Sendable, Equatable, Codable {
        /// One ZIP of each album's original files, linked from its header.
        public var albumZip = false
        /// The lightbox links each photo's original (the same as `[content] downloads =
        /// "original"`, which reading the file sets).
        public var originals = false

        public init() {}
    }

    /// Where `gallery publish` puts the site (its credentials come from the environment or
    /// ~/.aws/credentials, never from this file).
    public struct Publish: Sendable, Equatable, Codable {
        /// s3://BUCKET[/PREFIX]
        public var target: String?
        /// An S3-compatible store's address (MinIO, R2, B2, SeaweedFS...); nil: AWS.
        public var endpoint: String?
        public var region: String?
        /// Cache-Control max-age of pages, styles, scripts and data files, in seconds.
        public var pageMaxAge = 300

        public init() {}
    }

    public enum Theme: String, Sendable, Codable, CaseIterable { case light, dark, auto }
    public enum SortOrder: String, Sendable, Codable, CaseIterable { case date, name }
    /// What the lightbox offers to download: nothing, the large view, or the original file.
    public enum Downloads: String, Sendable, Codable, CaseIterable { case none, large, original }
    public enum ThumbnailFormat: String, Sendable, Codable, CaseIterable { case webp, jpeg }
    public enum Videos: String, Sendable, Codable, CaseIterable { case web, original, skip }
    public enum Visibility: String, Sendable, Codable, CaseIterable { case show, hide }
    public enum RawPairs: String, Sendable, Codable, CaseIterable { case jpeg, raw, both }
    /// The kinds of browse page (`[browse] by`).
    public enum BrowseKind: String, Sendable, Codable, CaseIterable { case years, places, people, keywords, favorites }
}
