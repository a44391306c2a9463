import ArgumentParser
import Foundation
import GalleryConfig
import GalleryImport
import GallerySitePlan
import GalleryStore

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a folder of photos and their annotations into the library.",
        discussion: """
            Every subfolder is an album; the folder itself is the default album. Rerunning adds \
            new photos, updates changed ones and removes deleted ones. Files that cannot be \
            imported are listed on stderr ("path: reason") and counted as skipped; the rest is \
            still imported, and the exit code is 0.
            """
    )

    @Argument(help: ArgumentHelp("The folder that holds the photos.", valueName: "folder"))
    var folder: String

    @OptionGroup var library: LibraryOptions
    @OptionGroup var settings: ConfigurationOptions

    @Option(help: ArgumentHelp("A JSON annotations file; its paths are relative to the folder.", valueName: "file"))
    var annotations: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Files read at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Flag(help: "Print no progress, only skipped files, warnings and the summary.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 || jobs > 1024 {
            throw ValidationError("--jobs must be between 1 and 1024 (got \(jobs))")
        }
    }

    func run() throws {
        // Read before anything is written: a bad configuration changes nothing.
        let file = try settings.loadFile(folder: folder)
        try settings.checkAlbums(folder: folder)
        let configuration = file ?? GalleryConfiguration()
        let database = try library.open(create: true)
        // A configured order becomes the library's; without a file the library keeps its own
        // (an earlier `export --sort`).
        if let file { try database.setPhotoOrder(PhotoOrder(file.content.sort)) }
        let display = ProgressDisplay(quiet: quiet, verb: "import")
        let importer = Importer(
            database: database, folder: folder,
            options: ImportOptions(configuration, jobs: jobs, annotationsFile: annotations))
        let before = try database.libraryRevision()
        let summary = try importer.run { display.handle($0) }
        // The layouts the site's pages show, computed now (only albums that changed): a page
        // served or exported next reads them.
        let plan = SitePlan(configuration)
        try plan.layoutService(database: database) { display.handle(.warning($0)) }.prepare(plan.layoutNeeds, changedAfter: before)
        display.finish()
        print(summary.line)
    }
}
