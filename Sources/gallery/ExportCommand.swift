import ArgumentParser
import Foundation
import GalleryConfig
import GalleryHTML
import GalleryStore

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the static HTML gallery of the library.",
        discussion: """
            Open OUT/index.html from disk or put the folder on any static host. Reruns re-encode \
            only new or changed photos. A folder that is not empty and was not written by \
            gallery export is refused unless --force; nothing gallery did not write is ever deleted.
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var output: ExportOptions
    @OptionGroup var settings: ConfigurationOptions

    func run() throws {
        let database = try library.open(create: false)
        try output.export(database, configuration: try settings.load(library: database))
    }
}

/// The options export and build share.
struct ExportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder to write the site into.", valueName: "folder"))
    var out: String

    @Flag(help: "Write into a non-empty folder that is not a previous export.")
    var force = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Images encoded at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Print no progress, only failures, warnings and the summary.")
    var quiet = false

    @Option(help: ArgumentHelp("The order of each album's photos: date (capture time; undated ones after, by name) or name (default: [content] sort, else date).", valueName: "order"))
    var sort: PhotoOrder?

    @Flag(name: .customLong("publish-location"), help: "Put the photos' GPS positions into the pages (never done otherwise).")
    var publishLocation = false

    func validate() throws {
        if let jobs, jobs < 1 || jobs > 1024 {
            throw ValidationError("--jobs must be between 1 and 1024 (got \(jobs))")
        }
    }

    /// `--sort`, else the configuration's.
    func order(_ configuration: GalleryConfiguration) -> PhotoOrder {
        sort ?? PhotoOrder(configuration.content.sort)
    }

    /// The exporter these options ask for.
    func exporter(_ database: GalleryDatabase, configuration: GalleryConfiguration) -> SiteExporter {
        SiteExporter(database: database, outFolder: out, force: force, jobs: jobs, publishLocation: publishLocation,
                     configuration: configuration, askPassword: Self.askAtTerminal)
    }

    /// Writes the site (`previous`: what the last export wrote, when its reading was started
    /// before, `SiteExporter.readPreviousExport`).
    func export(_ database: GalleryDatabase, configuration: GalleryConfiguration, previous: SiteExporter.PreviousExport? = nil) throws {
        // The order is the library's: the stored layouts, `gallery layout` and `gallery serve`
        // follow it (a change makes the layouts stale).
        try database.setPhotoOrder(order(configuration))
        let display = ProgressDisplay(quiet: quiet, verb: "export")
        let summary = try exporter(database, configuration: configuration).run(previous: previous) { display.handle($0) }
        display.finish()
        print(summary.line)
        // No page links an unlisted album: its address is given here, to be passed on.
        for album in summary.unlisted { print("unlisted album '\(album.title)': \(album.address)") }
        if !quiet {
            let index = URL(fileURLWithPath: out).standardizedFileURL.appending(path: "index.html")
            FileHandle.standardError.write(Data("open \(index.absoluteString)\n".utf8))
        }
    }
}

extension ExportOptions {
    /// A private album's password typed at the terminal, without echo; nil when gallery does
    /// not run in one (CI, a pipe): the album then needs password_file or the environment.
    @Sendable static func askAtTerminal(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1, let typed = getpass(prompt) else { return nil }
        return String(cString: typed)
    }
}

extension PhotoOrder: ExpressibleByArgument {
    init(_ order: GalleryConfiguration.SortOrder) {
        switch order {
        case .date: self = .date
        case .name: self = .name
        }
    }
}
