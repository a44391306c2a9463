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
    /// The export under way and the library revision it makes. Requests that arrive while it
    /// runs wait for it instead of starting another: an actor method that awaits lets other
    /// calls in, and two whole-site exports into one folder would race.
    private var running: (revision: Int64, task: Task<Void, any Error>)?
    /// How many exports this cache started (tests hold it to one per library change).
    private(set) var exportsStarted = 0

    init(database: GalleryDatabase, folder: URL) {
        self.database = database
        self.folder = folder
    }

    /// The site folder, exported again first if photos or annotations changed since.
    func current() async throws -> URL {
        let revision = try database.libraryRevision()
        if revision == exportedRevision { return folder }
        if let running, running.revision == revision {
            try await running.task.value
            return folder
        }
        // A newer revision than the export under way: start after it, never beside it.
        let previous = running?.task
        exportsStarted += 1
        let task = Task { [database, folder] in
            _ = try? await previous?.value
            // The export is blocking work on all cores: run it off the concurrency pool.
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                DispatchQueue.global().async {
                    do {
                        _ = try SiteExporter(database: database, outFolder: folder.path, force: true).run()
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
        running = (revision, task)
        defer { if running?.revision == revision { running = nil } }
        try await task.value
        if (exportedRevision ?? .min) < revision { exportedRevision = revision }
        return folder
    }
}
