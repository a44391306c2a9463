import ArgumentParser
import Foundation
import GalleryConfig
import GalleryStore
import TextMetrics

/// `--config`, shared by the commands that make a site (import, build, export, serve).
struct ConfigurationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (default: gallery.toml in the photo folder, if there is one).", valueName: "file"))
    var config: String?

    /// The configuration for photos in `folder`: `--config`, else `folder/gallery.toml`, else
    /// the defaults. A file that exists and cannot be used is an error before anything is
    /// written (`ConfigurationError`, exit code 2).
    func load(folder: String?) throws -> GalleryConfiguration {
        try loadFile(folder: folder) ?? GalleryConfiguration()
    }

    /// The configuration file's, or nil when there is none.
    func loadFile(folder: String?) throws -> GalleryConfiguration? {
        let path: String
        if let config {
            path = config
        } else {
            guard let folder else { return nil }
            path = URL(fileURLWithPath: folder).appending(path: ConfigurationReader.fileName).path
            guard FileManager.default.fileExists(atPath: path) else { return nil }
        }
        return try ConfigurationReader.read(path: path, fontFamilyExists: { FontFamilyLookup.exists($0) })
    }

    /// The configuration of a library's photo folder (the folder it was imported from).
    func load(library database: GalleryDatabase) throws -> GalleryConfiguration {
        try load(folder: config == nil ? try database.libraryRoot() : nil)
    }
}
