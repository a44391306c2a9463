import ArgumentParser
import Foundation
import GalleryImport
import GalleryStore

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Import a folder of photos and write its static gallery, in one step.",
        discussion: "The same as 'gallery import FOLDER' followed by 'gallery export --out OUT'."
    )

    @Argument(help: ArgumentHelp("The folder that holds the photos.", valueName: "folder"))
    var folder: String

    @OptionGroup var library: LibraryOptions
    @OptionGroup var output: ExportOptions
    @OptionGroup var settings: ConfigurationOptions

    @Option(help: ArgumentHelp("A JSON annotations file; its paths are relative to the folder.", valueName: "file"))
    var annotations: String?

    func run() throws {
        // Read before anything is written: a bad configuration changes nothing.
        let configuration = try settings.load(folder: folder)
        try settings.checkAlbums(folder: folder)
        let database = try library.open(create: true)
        // The order first: the layouts the import stores are then already the export's.
        try database.setPhotoOrder(output.order(configuration))
        // What the last build wrote, read on the other core while the import runs on one.
        let previous = output.exporter(database, configuration: configuration).readPreviousExport()
        let display = ProgressDisplay(quiet: output.quiet, verb: "import")
        let summary = try Importer(database: database, folder: folder, options: ImportOptions(configuration, jobs: output.jobs, annotationsFile: annotations))
            .run { display.handle($0) }
        display.finish()
        print(summary.line)
        try output.export(database, configuration: configuration, previous: previous)
    }
}
