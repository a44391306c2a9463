import GalleryConfig
import GalleryHTML
import GalleryService
import GalleryStore
import TextMetrics

extension GalleryConfiguration {
    /// The layout service for this configuration's fonts, favourites and the library's unlisted
    /// albums; `warn` hears about characters no font has.
    func layoutService(database: GalleryDatabase, warn: @escaping @Sendable (String) -> Void = { _ in }) throws -> LayoutService {
        let styles = textStyles
        return LayoutService(database: database, measurer: TextMeasurer(warn: warn), caption: styles.caption, comment: styles.comment,
                             favoritesRating: browse.favoritesRating, unlistedAlbums: try UnlistedAlbums.paths(database: database))
    }
}
