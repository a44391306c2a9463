import Dispatch
import Foundation
import GalleryHTML
import GalleryStore

/// The served site: the static export's own output (pages, thumbnails, large images, fonts),
/// written next to the database and brought up to date when the library changes. The server
/// serves exactly what `gallery export` writes, made by the same code, with one difference:
/// pages, styles and fonts are written at once, and each photo's images the first time one of
/// them is asked for, so the first answer does not wait for every image of the library.
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
    /// Image encodes under way, by photo (the content hash in the image's name): requests for
    /// any of a photo's images while it is encoded wait for that one encode.
    private var encoding: [Substring: Task<Bool, any Error>] = [:]
    /// How many photos' images this cache encoded (tests hold concurrent requests to one).
    private(set) var imageEncodes = 0
    private let slots = EncodeSlots(limit: ProcessInfo.processInfo.activeProcessorCount)

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
                        _ = try SiteExporter(database: database, outFolder: folder.path, force: true, encodeImages: false).run()
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

    /// Makes the images of the photo `name` belongs to ("thumbs/HASH-236.jpg", …) if the
    /// library has it; false otherwise (404). Encodes run a few at a time, off the concurrency
    /// pool, and each file appears whole (written atomically) or not at all.
    func image(named name: String) async throws -> Bool {
        _ = try await current()
        guard let file = name.split(separator: "/").last, let dash = file.firstIndex(of: "-") else { return false }
        let photo = file[..<dash]
        if let running = encoding[photo] { return try await running.value }
        imageEncodes += 1
        let task = Task { [database, folder, slots] in
            await slots.acquire()
            do {
                let made = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
                    DispatchQueue.global().async {
                        continuation.resume(with: Result {
                            try SiteExporter(database: database, outFolder: folder.path, force: true).renderImages(named: name)
                        })
                    }
                }
                await slots.release()
                return made
            } catch {
                await slots.release()
                throw error
            }
        }
        encoding[photo] = task
        defer { encoding[photo] = nil }
        return try await task.value
    }
}
