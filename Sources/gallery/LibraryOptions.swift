import ArgumentParser
import Foundation
import GalleryStore

/// `--db`, shared by every command that reads or writes the library.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The library database.", valueName: "path"))
    var db: String = "gallery.db"

    /// Opens the database, creating it when `create` is set; otherwise a missing file is an error
    /// that says how to make one.
    func open(create: Bool) throws -> GalleryDatabase {
        if !create && !FileManager.default.fileExists(atPath: db) {
            throw CommandFailure(message: "no library at \(db); run 'gallery import PHOTOS/' first, or pass --db")
        }
        return try GalleryDatabase(path: db)
    }
}
