import GalleryConfig
import GalleryLayout
import GalleryService
import GallerySitePlan
import GalleryStore
import TextMetrics

/// What every part of a site is made from: the library, the page geometry, the measurer
/// that sets captions and comments in lines, and the photos whose images could not be made
/// (an export learns them before it writes pages; they are drawn as placeholders).
struct SiteContext: Sendable {
    let database: GalleryDatabase
    let geometry: SiteGeometry
    /// The album grid's bands (`geometry.fluid`), made once.
    let fluid: FluidMasonry
    /// The justified view's bands (`geometry.justified`), made once.
    let justified: FluidJustified
    let measurer: TextMeasurer
    let layouts: LayoutService
    var imageFailures: [Int64: String] = [:]
    /// Videos whose rendition could not be made: their cells show the poster and play nothing.
    var videoFailures: [Int64: String] = [:]
    /// Whether pages carry the photos' GPS positions (off unless asked for: a location is
    /// private until its owner publishes it).
    var publishLocation = false
    /// The person's choices (`gallery.toml`).
    var configuration: GalleryConfiguration
    /// The caption and comment styles (`[look]`), measured and drawn.
    let caption: TextStyle
    let comment: TextStyle
    var textStyles: [TextStyle] { [caption, comment] }
    /// The pages' words in the configured language, made once per site.
    let words: SiteWords
    /// The one album a private album's own site shows (`SiteExporter.onlyAlbum`); nil: every album.
    let onlyAlbum: String?
    /// The albums whose photos no browse page, search, map or other album's site shows: the
    /// unlisted and private ones, or on a private album's own site every other.
    let excludedAlbums: [String]

    init(database: GalleryDatabase, geometry: SiteGeometry, measurer: TextMeasurer, imageFailures: [Int64: String] = [:],
         videoFailures: [Int64: String] = [:], publishLocation: Bool = false, configuration: GalleryConfiguration = GalleryConfiguration(),
         onlyAlbum: String? = nil) throws {
        self.publishLocation = publishLocation
        self.configuration = configuration
        self.database = database
        self.geometry = geometry
        fluid = geometry.fluid
        justified = geometry.justified
        self.measurer = measurer
        (caption, comment) = configuration.textStyles
        words = SiteWords(language: configuration.site.language)
        self.onlyAlbum = onlyAlbum
        excludedAlbums = try onlyAlbum.map { only in try database.albums().map(\.path).filter { $0 != only }.sorted() }
            ?? ExcludedAlbums.paths(database: database)
        // Browse pages and search gather photos from every album but those.
        layouts = SitePlan(configuration).layoutService(database: database, measurer: measurer, excluding: excludedAlbums)
        self.imageFailures = imageFailures
        self.videoFailures = videoFailures
    }
}
