import GalleryConfig
import GalleryService
import GalleryStore
import TextMetrics

/// What a site is before any page is drawn, from the configuration: the grid's geometry, the
/// caption and comment styles it measures and sets, and the layouts its pages show. Import
/// (which measures and lays out ahead), export, serve and the CLI all read it, and the layout
/// service is built here, once, from it.
public struct SitePlan: Sendable {
    /// The person's choices (`gallery.toml`).
    public let configuration: GalleryConfiguration
    public let geometry: SiteGeometry
    /// The caption and comment styles (`[look]`): measured at import, set by the pages.
    public let caption: TextStyle
    public let comment: TextStyle

    public init(_ configuration: GalleryConfiguration) {
        self.configuration = configuration
        geometry = SiteGeometry(configuration)
        (caption, comment) = configuration.textStyles
    }

    /// The layouts the site's pages show for each album (`SiteGeometry.layoutNeeds`).
    public var layoutNeeds: SiteLayoutNeeds { geometry.layoutNeeds(configuration) }

    /// The layout service for this site's fonts and favourites, whose browse pages and searches
    /// leave out `excluding` (album paths: `ExcludedAlbums`, or on a private album's own site
    /// every other album).
    public func layoutService(database: GalleryDatabase, measurer: TextMeasurer, excluding: [String]) -> LayoutService {
        LayoutService(database: database, measurer: measurer, caption: caption, comment: comment,
                      favoritesRating: configuration.browse.favoritesRating, unlistedAlbums: excluding)
    }

    /// The layout service for the library's listings (`ExcludedAlbums` left out); `warn` hears
    /// about characters no font has.
    /// - Throws: a `ConfigurationError` naming an album file that cannot be read.
    public func layoutService(database: GalleryDatabase, warn: @escaping @Sendable (String) -> Void = { _ in }) throws -> LayoutService {
        layoutService(database: database, measurer: TextMeasurer(warn: warn), excluding: try ExcludedAlbums.paths(database: database))
    }
}
