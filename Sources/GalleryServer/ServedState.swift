import GalleryConfig
import GalleryHTML
import GalleryService
import GallerySitePlan
import GalleryStore
import Synchronization
import TextMetrics

/// What the API routes read for one state of the folder and the library: the configuration,
/// the albums no listing may gather (their `album.toml` read once per state, not once per
/// request) and the layout service that leaves them out. A new state comes with a new library
/// revision (an import: albums come and go) or a new folder version (the live preview's
/// watcher saw gallery.toml or an album file change).
struct ServedState: Sendable {
    var revision: Int64
    var version: Int
    var configuration: GalleryConfiguration
    var unlisted: [String]
    /// The names of the albums lists show.
    var listedNames: [String]
    var layouts: LayoutService

    /// The API answers for listed albums only: an album no list shows is as unknown as one the
    /// library does not have (its photos, layout and even its name would give away an unlisted
    /// or private album's address, which has its random part for that reason).
    /// `album` is resolved as the store resolves it (a name or a folder, a browse page's name),
    /// so the album refused is the one that would have answered.
    /// - Throws: `StoreError.unknownAlbum`, listing the listed albums.
    func checkListed(_ album: String?, in database: GalleryDatabase) throws {
        guard let album else { return }
        let scope = try database.layoutScope(album: album, favoritesRating: configuration.browse.favoritesRating, excluding: unlisted)
        guard case .album(let path) = scope, unlisted.contains(path) else { return }
        throw StoreError.unknownAlbum(name: album, known: listedNames)
    }

    /// `error` as the API may tell it: an unknown album's message lists the listed albums only.
    func told(_ error: StoreError) -> StoreError {
        guard case .unknownAlbum(let name, _) = error else { return error }
        return .unknownAlbum(name: name, known: listedNames)
    }

    /// The state last made, kept until the library or the folder changes; one text measurer
    /// per folder version, so its cache of shaped captions outlives imports.
    final class Cache: Sendable {
        private let database: GalleryDatabase
        private let configuration: GalleryConfiguration
        private let live: LivePreview?
        private let kept = Mutex<(state: ServedState?, measurer: (version: Int, measurer: TextMeasurer)?)>((nil, nil))

        init(database: GalleryDatabase, configuration: GalleryConfiguration, live: LivePreview?) {
            self.database = database
            self.configuration = configuration
            self.live = live
        }

        /// The state of the library and folder now. Blocks (SQLite, album files): call it
        /// inside `GalleryDatabase.snapshot`, whose state it then is.
        func current() throws -> ServedState {
            let (version, configuration) = live.map { $0.current } ?? (0, configuration)
            let revision = try database.libraryRevision()
            if let state = kept.withLock({ $0.state }), state.revision == revision, state.version == version { return state }
            // An album.toml that cannot be read is reported by the page that shows it; until it
            // is fixed, listings gather nothing (never an unlisted album's photos).
            let unlisted = ExcludedAlbums.pathsOrEveryAlbum(database: database)
            let listedNames = try database.albums().filter { !unlisted.contains($0.path) }.map(\.name)
            return kept.withLock { kept in
                let measurer = kept.measurer.flatMap { $0.version == version ? $0.measurer : nil } ?? TextMeasurer()
                let state = ServedState(revision: revision, version: version, configuration: configuration, unlisted: unlisted,
                                        listedNames: listedNames,
                                        layouts: SitePlan(configuration).layoutService(database: database, measurer: measurer, excluding: unlisted))
                kept = (state, (version, measurer))
                return state
            }
        }
    }
}
