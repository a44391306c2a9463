import ArgumentParser
import Foundation
import GalleryHTML
import GalleryJSON
import GalleryLayout
import GallerySitePlan
import GalleryStore

struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Print the map page's clusters at a zoom: where it draws the photos whose location a site publishes.",
        discussion: """
            The photos of every listed album (or --album's) that have a location, clustered as \
            `gallery export --publish-location` clusters them for map.html: zoom 0 is the whole \
            world in 256 px, each zoom doubles it, up to \(MapClusters.defaultMaxZoom); clusters \
            closer than \(Int(MapClusters.defaultRadius)) px at a zoom are one.
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var settings: ConfigurationOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The map's zoom, 0 to \(MapClusters.defaultMaxZoom).", valueName: "z"))
    var zoom: Int

    @Option(help: ArgumentHelp("Only this album's map (its map.html?album= page).", valueName: "name"))
    var album: String?

    @Flag(help: "Print one JSON object (keys documented in the README).")
    var json = false

    func validate() throws {
        guard (0 ... MapClusters.defaultMaxZoom).contains(zoom) else {
            throw ValidationError("--zoom must be 0 to \(MapClusters.defaultMaxZoom) (got \(zoom))")
        }
    }

    struct Output: Encodable {
        struct Cluster: Encodable {
            var latitude: Double, longitude: Double, count: Int
            /// The zoom at which it parts (a tap zooms there); null: its photos stay together.
            var partingZoom: Int?
            var photos: [Int64]

            enum CodingKeys: String, CodingKey { case latitude, longitude, count, partingZoom, photos }

            /// `partingZoom` written even when null: every cluster has the same keys.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(latitude, forKey: .latitude)
                try container.encode(longitude, forKey: .longitude)
                try container.encode(count, forKey: .count)
                try container.encode(partingZoom, forKey: .partingZoom)
                try container.encode(photos, forKey: .photos)
            }
        }
        var zoom: Int, maxZoom: Int, radius: Double, count: Int
        var clusters: [Cluster]
    }

    func run() throws {
        let database = try library.open(create: false)
        let configuration = try settings.load(library: database)
        // The map's photos in the site's order (every listed photo by date across albums).
        let listed = try database.photos(album: BrowseSelection.all.name, favoritesRating: configuration.browse.favoritesRating,
                                         excluding: try ExcludedAlbums.paths(database: database))
        if let album, !listed.contains(where: { $0.album == album }) {
            throw CommandFailure(message: "no listed album is named '\(album)' (gallery photos shows each photo's album; unlisted albums are on no map)")
        }
        let chosen = listed.filter { album == nil || $0.album == album }.compactMap { photo in MapPlace.of(photo).map { (id: photo.id, place: $0) } }
        let clusters = MapClusters(points: chosen.map(\.place))
        let output = Output(zoom: zoom, maxZoom: clusters.maxZoom, radius: clusters.radius, count: chosen.count, clusters: clusters.clusters(zoom: zoom).map { cluster in
            Output.Cluster(latitude: cluster.latitude, longitude: cluster.longitude, count: cluster.count, partingZoom: clusters.partingZoom(cluster),
                           photos: cluster.places.map { chosen[clusters.order[$0]].id })
        })
        if json {
            print(try JSON.string(output, JSONOutput(pretty: true)))
            return
        }
        var table = TextTable(columns: ["latitude", "longitude", "count", "parts at", "first photo"])
        for cluster in output.clusters {
            table.add([String(format: "%.5f", cluster.latitude), String(format: "%.5f", cluster.longitude), String(cluster.count),
                       cluster.partingZoom.map(String.init) ?? "-", String(cluster.photos[0])])
        }
        print(table.rendered(), terminator: "")
        print("zoom \(zoom): \(output.clusters.count) cluster\(output.clusters.count == 1 ? "" : "s") of \(chosen.count) located photo\(chosen.count == 1 ? "" : "s")")
    }
}
