import Dispatch
import Foundation
import GalleryHTML
import GalleryStore

/// The served site: the static export's own output (pages, thumbnails, large images, fonts),
/// written next to the database and brought up to date when the library changes. The server
/// serves exactly what `gallery export` writes, made by the same code.
actor SiteCache {
    let database: GalleryDatabase
    let folder: URL
    private var exportedRevision: Int64?

    init(database: GalleryDatabase, folder: URL) {
        self.database = database
        self.folder = folder
    }

    /// The site folder, exported again first if photos or annotations changed since.
    func current() async throws -> URL {
        let revision = try database.libraryRevision()
        if revision != exportedRevision {
            // The export is blocking work on all cores: run it off the concurrency pool.
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                DispatchQueue.global().async { [database, folder] in
                    do {
                        _ = try SiteExporter(database: database, outFolder: folder.path, force: true).run()
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
            exportedRevision = revision
        }
        return folder
    }
}
