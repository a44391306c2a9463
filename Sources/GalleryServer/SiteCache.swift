import Foundation
import GalleryConfig
import GalleryHTML
import GalleryStore

/// The served site: the files `gallery export` writes, made by the same code (`SiteSnapshot`),
/// each the first time it is asked for and kept in a folder next to the database. A page costs
/// what its own photos cost, so the first answer comes at once on a library of any size;
/// each photo's images are made the first time one of them is asked for.
///
/// Pages, data files, the style sheet and fonts belong to a library revision: after a change
/// to photos or annotations each is made again when next asked for (and written only if its
/// bytes changed). Images are named by content hash and stay valid.
///
/// While the library changes under it (an import running), every file is still whole and of
/// one state: it is made inside one read transaction (`GalleryDatabase.snapshot`), from a site
/// of the revision that transaction sees; a file made for an older state never replaces one
/// made for a newer; and the placeholder colours that encoding images stores count as a change
/// of what a page shows, so pages asked for after them carry them.
actor SiteCache {
    let database: GalleryDatabase
    let folder: URL
    /// The site of the library revision last seen, the configuration it was made with, and the
    /// files made from it (with the colours of `colours`) so far.
    private var snapshot: SiteSnapshot?
    private var snapshotConfiguration = GalleryConfiguration()
    private var made: Set<String> = []
    /// Private albums' folders sealed from the snapshot (`writePrivateAlbum`).
    private var sealedFolders: Set<String> = []
    /// Goes up each time images were made, which stores their placeholder colours: the pages
    /// and data made before show none for those photos.
    private var colours = 0
    /// What made each file as it is on disk now: a file made from an older state is not
    /// written over it.
    private var written: [String: FileState] = [:]

    /// The library state a file was made from: its revision, then the colours known.
    struct FileState: Comparable {
        var revision: Int64
        var colours: Int
        static func < (a: FileState, b: FileState) -> Bool { (a.revision, a.colours) < (b.revision, b.colours) }
    }
    /// Files being made, by revision and name: requests that arrive meanwhile wait for that
    /// one rendering instead of starting another (an actor method that awaits lets others in).
    private var making: [String: Task<Bool, any Error>] = [:]
    /// The site being made for a revision and folder version ("REVISION VERSION"), which the
    /// requests arriving meanwhile wait for.
    private var makingSite: (key: String, task: Task<SiteSnapshot, any Error>)?
    /// How many site snapshots and files this cache made (tests hold concurrent requests to one).
    private(set) var snapshotsMade = 0
    private(set) var filesMade = 0
    /// Image encodes under way, by photo (the content hash in the image's name): requests for
    /// any of a photo's images while it is encoded wait for that one encode.
    private var encoding: [String: Task<Bool, any Error>] = [:]
    /// How many photos' images this cache encoded (tests hold concurrent requests to one).
    private(set) var imageEncodes = 0
    private let slots = EncodeSlots(limit: ProcessInfo.processInfo.activeProcessorCount)

    /// The person's choices (`gallery.toml`).
    let configuration: GalleryConfiguration

    /// Live preview: the configuration and folder version as the watcher last saw them.
    let live: LivePreview?
    private var snapshotVersion = 0

    init(database: GalleryDatabase, folder: URL, configuration: GalleryConfiguration = GalleryConfiguration(), live: LivePreview? = nil) {
        self.database = database
        self.folder = folder
        self.configuration = configuration
        self.live = live
    }

    /// The configuration the site is made with now.
    private var currentConfiguration: GalleryConfiguration { live?.configuration ?? configuration }

    /// The site of the library as it is now: read and made in a snapshot (off the concurrency
    /// pool), once for all the requests that ask while it is made.
    private func site() async throws -> SiteSnapshot {
        let database = database
        let revision = try await database.libraryRevision()
        // A live preview's folder version changes with gallery.toml and album files too, which
        // the library revision does not see.
        let (version, configuration) = live.map { $0.current } ?? (0, configuration)
        if let snapshot, snapshot.revision == revision, snapshotVersion == version { return snapshot }
        let key = "\(revision) \(version)"
        if let running = makingSite, running.key == key { return try await running.task.value }
        let task = Task { try await database.snapshot { try SiteSnapshot(database: database, configuration: configuration) } }
        makingSite = (key, task)
        defer { if makingSite?.key == key { makingSite = nil } }
        let site = try await task.value
        // Another request may have installed this state's site, or a newer one, while this one
        // waited: the newer stays.
        if let snapshot, snapshot.revision == site.revision, snapshotVersion == version { return snapshot }
        if let snapshot, snapshot.revision > site.revision || snapshotVersion > version { return site }
        snapshotVersion = version
        snapshotConfiguration = configuration
        snapshot = site
        made = []
        sealedFolders = []
        snapshotsMade += 1
        return site
    }

    /// Makes the site file `name` ("index.html", "data/index.chunk-2.js", "gallery.css", …) in
    /// the folder, as the library is now; false when the site has no such file (404).
    func file(named name: String) async throws -> Bool {
        let site = try await site()
        if made.contains(name) { return true }
        if name.hasPrefix("private/") {
            // A private album's sealed site: made and sealed into the folder once per state of
            // the library, then its files are served as they are.
            let folder = name.split(separator: "/").prefix(2).joined(separator: "/")
            if !sealedFolders.contains(folder) {
                let key = "\(site.revision) \(folder)"
                let target = self.folder
                let task = making[key] ?? Task { try await BlockingWork.run { try site.writePrivateAlbum(folder: folder, into: target) } }
                making[key] = task
                defer { making[key] = nil }
                guard try await task.value else { return false }
                if snapshot === site { sealedFolders.insert(folder) }
            }
            return FileManager.default.fileExists(atPath: self.folder.appending(path: name).path)
        }
        if name.hasPrefix("downloads/") {
            // An album's ZIP: copied from the originals into the folder, not held in memory.
            let folder = self.folder
            return try await BlockingWork.run { try site.writeAlbumZip(named: name, into: folder) }
        }
        let colours = self.colours
        let key = "\(site.revision) \(colours) \(name)"
        if let running = making[key] { return try await running.value }
        filesMade += 1
        let configuration = snapshotConfiguration
        let task = Task { [database] in
            // One snapshot: the revision it sees, and everything the file shows. When
            // an import committed since `site` was made, the site of this state is made here.
            let (state, bytes) = try await database.snapshot { () -> (FileState, [UInt8]?) in
                let revision = try database.libraryRevision()
                let current = revision == site.revision ? site : try SiteSnapshot(database: database, configuration: configuration)
                return (FileState(revision: revision, colours: colours), try current.render(name))
            }
            guard let bytes else { return false }
            try self.write(bytes, named: name, madeFrom: state)
            return true
        }
        making[key] = task
        defer { making[key] = nil }
        let found = try await task.value
        // Kept as made only while nothing it shows has changed since.
        if found, snapshot === site, colours == self.colours { made.insert(name) }
        return found
    }

    /// Writes a made file, whole or not at all, unless the file there was made from a newer
    /// state (a render begun before a change can end after the next one's); untouched when
    /// unchanged, so its ETag stays put. On the actor, so two writes of one file keep order.
    private func write(_ bytes: [UInt8], named name: String, madeFrom state: FileState) throws {
        if let newer = written[name], state < newer { return }
        written[name] = state
        try SiteFileWrite.ifChanged(Data(bytes), to: folder.appending(path: name))
    }

    /// Makes the images of the photo `name` belongs to ("thumbs/HASH-236.webp", …) if the
    /// library has it; false otherwise (404). Encodes run a few at a time, off the concurrency
    /// pool, and each file appears whole (written atomically) or not at all.
    func image(named name: String) async throws -> Bool {
        guard let image = ImageFileName(parsing: name) else { return false }
        // A photo's images are made together; a video's rendition on its own (it takes longer).
        let photo = image.isVideo ? name : image.key
        if let running = encoding[photo] { return try await running.value }
        imageEncodes += 1
        let configuration = currentConfiguration
        let task = Task { [database, folder, slots] in
            await slots.acquire()
            do {
                let made = try await BlockingWork.run {
                    try PhotoImages(outFolder: folder, configuration: configuration).render(named: name, database: database)
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
        let made = try await task.value
        if made, !image.isOriginal, !image.isVideo {
            // Its placeholder colour is stored now: pages and data made before lack it.
            colours += 1
            self.made = []
        }
        return made
    }
}
