import ArgumentParser
import Foundation
import GalleryHTML
import GalleryJSON
import GallerySitePlan
import GalleryStore

struct PhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "List the photos in the library."
    )

    @OptionGroup var library: LibraryOptions

    @OptionGroup var settings: ConfigurationOptions

    @Option(help: ArgumentHelp("Only this album, or a browse page's photos: year:2024, month:2024-07, place:NAME, person:NAME, keyword:NAME, favorites.", valueName: "name"))
    var album: String?

    @OptionGroup var search: SearchOptions

    @Flag(help: "Print a JSON array (the keys are documented in the README).")
    var json = false

    func run() throws {
        let database = try library.open(create: false)
        let configuration = try settings.load(library: database)
        let unlisted = try ExcludedAlbums.paths(database: database)
        let photos: [LibraryPhoto]
        if let scope = try search.scope(language: configuration.site.language, unlisted: unlisted, album: album) {
            photos = try database.photos(search: scope)
        } else {
            photos = try database.photos(album: album, favoritesRating: configuration.browse.favoritesRating, excluding: unlisted)
        }
        if json {
            print(try JSON.string(photos, JSONOutput(pretty: true)))
            return
        }
        var table = TextTable(columns: ["id", "album", "path", "size", "orientation", "caption"])
        for photo in photos {
            table.add([
                String(photo.id), photo.album, photo.path, "\(photo.displayWidth)×\(photo.displayHeight)",
                String(photo.orientation.rawValue), photo.caption,
            ])
        }
        print(table.rendered(), terminator: "")
        print("\(photos.count) photo\(photos.count == 1 ? "" : "s")")
    }
}
