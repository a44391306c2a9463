import ArgumentParser
import Foundation
import GalleryConfig
import GalleryHTML
import GalleryImport
import GalleryServer
import GallerySitePlan
import GalleryStore
import Hummingbird
import Logging

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the gallery and its JSON layout API over HTTP; with a folder, a live preview of it.",
        discussion: """
            Pages are the static export's, generated on first request and kept in DB.site/ next to \
            the database (and brought up to date when the library changes). API: /api/photos, \
            /api/layout, /healthz. Stops cleanly on SIGINT and SIGTERM.

            'gallery serve PHOTOS/' is a live preview: the folder is imported into a library in \
            PHOTOS/.gallery/ and watched; new, changed and deleted photos, annotation files, \
            gallery.toml and album files are picked up within a second, and open pages reload \
            themselves where they were.
            """
    )

    @Argument(help: ArgumentHelp("A photo folder to preview live (its library goes into FOLDER/.gallery/).", valueName: "folder"))
    var folder: String?

    @OptionGroup var library: LibraryOptions
    @OptionGroup var settings: ConfigurationOptions

    @Option(help: ArgumentHelp("The address to listen on (other machines cannot connect to the default).", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0: any free port).", valueName: "port"))
    var port = 8080

    func validate() throws {
        guard (0 ... 65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535 (got \(port))") }
    }

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "gallery")
        logger.logLevel = .info
        if let folder {
            try await preview(folder: folder, logger: logger)
            return
        }
        let database = try library.open(create: false)
        let configuration = try settings.load(library: database)
        let site = URL(fileURLWithPath: library.db).standardizedFileURL.appendingPathExtension("site")
        let app = GalleryServer.application(database: database, siteFolder: site, host: host, port: port, logger: logger,
                                            configuration: configuration) { url in
            FileHandle.standardOutput.write(Data("serving \(url)\n".utf8))
        }
        try await app.runService()
    }

    /// The live preview: import, serve, watch, import what changed, tell the pages.
    private func preview(folder: String, logger: Logger) async throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure(message: "\(folder) is not a folder")
        }
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        let hidden = root + "/.gallery"
        try FileManager.default.createDirectory(atPath: hidden, withIntermediateDirectories: true)
        let database = try GalleryDatabase(path: hidden + "/library.db")
        let refresher = PreviewRefresher(root: root, database: database, settings: settings)
        // The first import must succeed (a bad gallery.toml is an error, as for build);
        // later ones report their problems and keep the last good state.
        let configuration = try refresher.refresh(announce: true)
        let live = LivePreview(configuration: configuration)
        let watcher = try FolderWatcher(root: root) {
            do {
                live.changed(configuration: try refresher.refresh(announce: false))
            } catch {
                FileHandle.standardError.write(Data("gallery: \(error)\n".utf8))
            }
        }
        watcher.start()
        defer { watcher.stop() }
        let app = GalleryServer.application(database: database, siteFolder: URL(fileURLWithPath: hidden + "/site"), host: host, port: port,
                                            logger: logger, configuration: configuration, live: live) { url in
            FileHandle.standardOutput.write(Data("serving \(url)\n".utf8))
            FileHandle.standardError.write(Data("watching \(root): changes show in open pages within a second\n".utf8))
        }
        try await app.runService()
    }
}

/// One catch-up of the live preview's library with its folder: configuration read, import of
/// what changed, layouts prepared. One at a time (a change during one is caught by the next).
final class PreviewRefresher: Sendable {
    let root: String
    let database: GalleryDatabase
    let settings: ConfigurationOptions
    private let running = NSLock()

    init(root: String, database: GalleryDatabase, settings: ConfigurationOptions) {
        self.root = root
        self.database = database
        self.settings = settings
    }

    func refresh(announce: Bool) throws -> GalleryConfiguration {
        running.lock()
        defer { running.unlock() }
        let configuration = try settings.load(folder: root)
        try settings.checkAlbums(folder: root)
        try database.setPhotoOrder(PhotoOrder(configuration.content.sort))
        let before = try database.libraryRevision()
        let summary = try Importer(database: database, folder: root, options: ImportOptions(configuration, jobs: nil, annotationsFile: nil))
            .run { event in
                if case .skipped(let path, let reason) = event { FileHandle.standardError.write(Data("\(path): \(reason)\n".utf8)) }
                if case .warning(let text) = event { FileHandle.standardError.write(Data("\(text)\n".utf8)) }
            }
        let plan = SitePlan(configuration)
        try plan.layoutService(database: database) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }.prepare(plan.layoutNeeds, changedAfter: before)
        if announce || summary.added + summary.updated + summary.removed + summary.skipped > 0 {
            FileHandle.standardError.write(Data("\(summary.line)\n".utf8))
        }
        return configuration
    }
}
