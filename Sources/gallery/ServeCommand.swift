import ArgumentParser
import Foundation
import GalleryServer
import Hummingbird
import Logging

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the gallery and its JSON layout API over HTTP.",
        discussion: """
            Pages are the static export's, generated on first request and kept in DB.site/ next to \
            the database (and brought up to date when the library changes). API: /api/photos, \
            /api/layout, /healthz. Stops cleanly on SIGINT and SIGTERM.
            """
    )

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
        let database = try library.open(create: false)
        let configuration = try settings.load(library: database)
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "gallery")
        logger.logLevel = .info
        let site = URL(fileURLWithPath: library.db).standardizedFileURL.appendingPathExtension("site")
        let app = GalleryServer.application(database: database, siteFolder: site, host: host, port: port, logger: logger,
                                            configuration: configuration) { url in
            FileHandle.standardOutput.write(Data("serving \(url)\n".utf8))
        }
        try await app.runService()
    }
}
