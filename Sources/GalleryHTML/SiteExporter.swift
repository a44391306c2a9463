import Foundation
import GallerySitePlan
import GalleryZip
import GallerySiteFiles
import GalleryConfig
import GalleryService
import GalleryStore
import GalleryWork
import Imaging
import Synchronization
import TextMetrics

/// What an export did.
public struct ExportSummary: Sendable {
    public var pages = 0
    public var photos = 0
    public var imagesWritten = 0
    public var imagesReused = 0
    /// Videos' web renditions made (or originals copied for the lightbox to play).
    public var videosWritten = 0
    public var filesRemoved = 0
    /// Albums, browse pages, the search and the map whose files were made again (by their page's
    /// name, or "search", "map"), and how many were kept as the last export wrote them (nothing they are made
    /// from changed: `ExportInputs`). A private album's password page is made each time, and
    /// counted in neither.
    public var albumsRendered: [String] = []
    public var albumsKept = 0
    /// Why no album could be kept, when the folder holds an earlier export: it did not
    /// finish, or it left no record of its inputs (made by an older version, or the record
    /// deleted). Nil otherwise.
    public var renderedAllBecause: String?
    /// Of the albums made again, the files kept: those showing only photos of theirs that did
    /// not change (or move).
    public var filesKept = 0
    /// Photos shown as placeholders, with the reason.
    public var failures: [(path: String, reason: String)] = []
    /// The unlisted albums' pages (`access = "unlisted"`), which no page links: their title and
    /// address (with `[site] base_url`, else relative to the site's folder).
    public var unlisted: [(title: String, address: String)] = []

    public var line: String {
        "\(pages) page\(pages == 1 ? "" : "s"), \(photos) photos, \(imagesWritten) images written, \(imagesReused) reused, "
            + (videosWritten > 0 ? "\(videosWritten) video\(videosWritten == 1 ? "" : "s") written, " : "")
            + "\(filesRemoved) removed, \(failures.count) failed"
            + (albumsKept > 0 ? "; \(albumsKept) of \(albumsKept + albumsRendered.count) albums and pages unchanged" : "")
            + (filesKept > 0 ? "; \(filesKept) files of the others unchanged" : "")
            + (renderedAllBecause.map { "; every page made again: \($0)" } ?? "")
    }
}

/// Writes the static gallery: pages whose positions come from the stored masonry layouts,
/// one per column count (media queries pick one, no script needed), thumbnails at 1× and 2×
/// and a large view, the fonts cut to the characters used, and the CSS generated from the
/// text styles the heights were measured with.
///
/// Incremental: images are named by content hash and size, so only new or changed photos are
/// encoded again; files a previous export wrote and this one does not are deleted (the
/// manifest `.gallery-export.json` lists them; nothing else in the folder is touched).
public struct SiteExporter: Sendable {
    public static let manifestName = ExportFolder.manifestName
    /// `gallery publish` refuses a folder that holds it. (The manifest itself is left
    /// untouched by a rerun that changes nothing, so it cannot carry "running".)
    public static let runningMarkerName = ExportFolder.runningMarkerName

    let database: GalleryDatabase
    let outFolder: URL
    /// `outFolder` as a path, for `isInFolder`.
    private let outFolderPath: String
    let force: Bool
    let jobs: Int
    let geometry: SiteGeometry
    /// False: pages, styles and fonts only; the images they name are made later, one photo at
    /// a time, by `PhotoImages.render(named:database:)` (what `gallery serve` does on request).
    let encodeImages: Bool
    /// Pages carry the photos' GPS positions (`--publish-location`); never otherwise.
    let publishLocation: Bool
    /// The person's choices (`gallery.toml`).
    let configuration: GalleryConfiguration
    /// The album whose own site this export makes (a private album's, before it is sealed:
    /// `PrivateAlbumSite`); nil: the whole site.
    let onlyAlbum: String?
    /// Asks the person at the terminal for a private album's password (the prompt given); nil
    /// when there is no one to ask.
    let askPassword: @Sendable (String) -> String?

    public init(database: GalleryDatabase, outFolder: String, force: Bool = false, jobs: Int? = nil,
                geometry: SiteGeometry? = nil, encodeImages: Bool = true, publishLocation: Bool = false,
                configuration: GalleryConfiguration = GalleryConfiguration(), onlyAlbum: String? = nil,
                askPassword: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.onlyAlbum = onlyAlbum
        self.askPassword = askPassword
        self.publishLocation = publishLocation
        self.configuration = configuration
        self.database = database
        self.outFolder = URL(fileURLWithPath: outFolder).standardizedFileURL
        outFolderPath = self.outFolder.path
        self.force = force
        self.jobs = max(1, jobs ?? ProcessorCount.online)
        // The grid `[look]` asks for, unless a test gives another.
        self.geometry = geometry ?? SiteGeometry(configuration)
        self.encodeImages = encodeImages
    }

    /// What the last export into the folder wrote (its manifest), being read on another core.
    public struct PreviousExport: Sendable {
        let manifest: BackgroundValue<ExportManifest?>
    }

    /// Starts reading what the last export into the folder wrote, for `run(previous:)`:
    /// `gallery build` starts it before its import, which leaves the other core free (the
    /// manifest is a second of one core at 100,000 photos).
    public func readPreviousExport() -> PreviousExport {
        let url = outFolder.appending(path: Self.manifestName), widths = geometry.thumbnailWidths
        return PreviousExport(manifest: BackgroundValue { ExportManifest.read(at: url, thumbnailWidths: widths) })
    }

    /// Writes the site. `previous`: `readPreviousExport()`'s, when it was started before (the
    /// manifest is read here otherwise).
    public func run(previous: PreviousExport? = nil, events: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) throws -> ExportSummary {
        // Private albums' passwords first: one missing stops the export before it writes.
        let privateAlbums = onlyAlbum == nil ? try PrivateAlbumSite.find(database: database, environment: ProcessInfo.processInfo.environment,
                                                                        ask: askPassword) : []
        for album in privateAlbums { for warning in album.warnings { events(.warning(warning)) } }
        // What the last export wrote: its manifest read on another core while the images are
        // looked for (a second at 100,000 photos).
        let previousManifest = try prepareFolder(previous: previous)
        guard let root = try database.libraryRoot() else { throw ExportError.noLibrary }
        let marker = outFolder.appending(path: Self.runningMarkerName)
        // Left by an export that was killed or failed: some albums' files are of another state
        // than the inputs kept say.
        let interrupted = FileManager.default.fileExists(atPath: marker.path)
        let running = try RunningMarker(path: marker.path, folder: outFolder.path)
        var summary = ExportSummary()

        // Images first, new or changed photos only, on all cores: the pages then know which
        // photos could not be shown.
        // Not a private album's photos: their images are made on its own site, and sealed.
        let excluded = try onlyAlbum.map { only in try database.albums().map(\.path).filter { $0 != only } } ?? privateAlbums.map(\.path)
        // The pages set each caption and comment in its lines once or twice (a chunk, a plain
        // page): a small cache of shaped paragraphs is enough.
        let measurer = TextMeasurer(warn: { events(.warning($0)) }, paragraphCacheLimit: 2_000)
        var context = try SiteContext(database: database, geometry: geometry, measurer: measurer, publishLocation: publishLocation,
                                      configuration: configuration, onlyAlbum: onlyAlbum)
        // The albums and browse pages listed on another core while the images are looked for
        // (seconds each at 100,000 photos, when none is new).
        let listing = BackgroundValue { [context, jobs] in try SiteSnapshot.listing(context: context, jobs: jobs) }
        let images = try writeImages(root: root, excluding: excluded, events: events, summary: &summary)
        var written = images.written
        let previous = try previousManifest.get()
        let previousFiles = previous?.files ?? ExportFiles(thumbnailWidths: geometry.thumbnailWidths)
        (context.imageFailures, context.videoFailures) = (images.failures, images.videoFailures)
        let site = try SiteSnapshot(context: context, listing: try listing.get())
        // What each album's files were made from last time: an album whose inputs are the same
        // and whose files are all there is not rendered again (`ExportInputs`).
        let previousInputs = ExportInputs.read(from: outFolder, interrupted: interrupted)
        site.previousSearchNumbering.withLock { $0 = previousInputs.entries[ExportInputs.searchKey]?.searchNumbering }
        if previousInputs.entries.isEmpty && previousFiles.count > 0 {
            summary.renderedAllBecause = interrupted ? "the last export into \(outFolder.lastPathComponent) did not finish"
                : "no record of what its pages were made from (\(ExportFolder.inputsName), written from this version on)"
        }
        // What this export's files are made from, for the next one.
        var nextInputs = ExportInputs()
        let shared = try site.sharedInputs()
        // The site's one list of files (`SiteSnapshot.fileList`), in its order, each file made
        // from the library on its own (the same code makes them for `gallery serve`). Albums,
        // browse pages and the search two at a time (`jobs`), their files on all cores: after a
        // change most are only compared, and those that are not lay out their photos again;
        // an album's source is let go once its files are written, so memory does not grow
        // with the library.
        var albums: [SiteFileListEntry] = []
        var keptSearch = false
        func exportAlbums() throws {
            // The search first, then the albums by size: the longest ones started first end
            // with the rest (the search, last in the list, was the whole second half of a
            // caption's build at 100,000 photos, alone on one core).
            let order = albums.indices.sorted { Self.size(of: albums[$0], site: site) > Self.size(of: albums[$1], site: site) }
            let made = ParallelWork.map(order, jobs: jobs) { [albums] index in
                Result { try exportAlbum(albums[index], site: site, shared: shared, previousInputs: previousInputs, previousFiles: previousFiles,
                                         events: events) }
            }
            var outcomes = Array(repeating: Result<AlbumExport, any Error>.success(AlbumExport(names: [], pages: 0)), count: albums.count)
            for (index, outcome) in zip(order, made) { outcomes[index] = outcome }
            albums = []
            // In the list's order, whichever finished first: the summary reads the same each time.
            for outcome in outcomes { merge(try outcome.get()) }
        }
        func merge(_ made: AlbumExport) {
            written.formUnion(made.names)
            summary.pages += made.pages
            summary.filesKept += made.filesKept
            if let key = made.key {
                nextInputs.entries[key] = made.inputs
                if made.isKept { summary.albumsKept += 1 } else { summary.albumsRendered.append(key) }
                if key == ExportInputs.searchKey { keptSearch = made.isKept }
            }
        }
        for entry in try site.fileList() {
            switch entry {
            case .files(let files):
                try exportAlbums()
                for name in files.map(\.name) {
                    guard let bytes = try site.render(name) else { continue }
                    try writeIfChanged(name, Data(bytes))
                    written.insert(name)
                    if name.hasSuffix(".html") { summary.pages += 1 }
                }
            case .album, .search:
                albums.append(entry)
            case .map:
                // After the search, which tells whether its points may have changed.
                try exportAlbums()
                merge(try exportMap(site: site, shared: shared, keptSearch: keptSearch, previousInputs: previousInputs, previousFiles: previousFiles))
            }
        }
        try exportAlbums()
        // Encoded on another core while the stale files go and the manifest is written (a
        // quarter of a second each at 100,000 photos, the build's last serial steps).
        let nextInputsEncoded = BackgroundValue { [nextInputs] in try nextInputs.encoded() }
        if !site.hasMap && !site.mappedAlbums.isEmpty {
            events(.warning("the map needs Leaflet, which is not installed (sudo apt-get install \(SiteLeaflet.packages)); the site has no map page this time"))
        }
        // Private albums: their own sites, sealed under their folders (what opens them is in the list).
        for album in privateAlbums {
            guard let listed = site.albums.all.first(where: { $0.path == album.path }), let folder = listed.privateFolder else { continue }
            let sealed = try PrivateAlbumSite(album: album, folder: folder, page: listed.name(.page(.masonry)), siteTitle: site.albums.title)
                .write(into: outFolder, exporter: self, events: events)
            for name in sealed { written.insert(name) }
        }
        summary.photos = site.photoCount
        summary.unlisted = site.albums.all.filter { $0.visibility == .unlisted }.map { album in
            (album.title, (configuration.site.baseURL ?? "") + album.name(.page(.masonry)))
        }

        // Files this export no longer needs, and only those a previous export wrote.
        var emptied = Set<String>()
        for stale in previousFiles.subtracting(written) where Self.isSafeRelativePath(stale) {
            if (try? FileManager.default.removeItem(at: outFolder.appending(path: stale))) != nil { summary.filesRemoved += 1 }
            if stale.hasPrefix("private/") { emptied.insert(String(stale.split(separator: "/").prefix(2).joined(separator: "/"))) }
        }
        // A private album's folder that no longer holds a file (its album gone, public again,
        // or a library made anew) goes too, and only if nothing else is in it.
        for folder in emptied.sorted() { Self.removeEmptyFolders(outFolder.appending(path: folder)) }
        // Unless it would say what it says: a build that changed a caption writes and compares
        // 350,000 sorted names for nothing (half a second at 100,000 photos).
        if previous?.complete != true || written != previousFiles { try writeManifest(files: written, complete: true) }
        // After the manifest (inputs would vouch for files it does not own) and before the
        // marker goes (while it lies there, they are not trusted).
        do {
            try ExportInputs.write(try nextInputsEncoded.get(), into: outFolder)
        } catch {
            events(.warning("\(outFolder.appending(path: ExportFolder.inputsName).path): cannot be written (\(error.localizedDescription)); the next export renders every page again"))
        }
        running.remove()
        return summary
    }

    /// Writes `files` (an album's or the search's) on all cores, but those whose run's digest
    /// (`part`; nil for a file that reads all of its album) is the one the last export kept
    /// (`kept`) and that are still there. Returns the files the site now has of them (kept or
    /// written), the runs' digests, for the next export, and how many files were kept.
    private func write<File: Sendable>(
        _ files: [(name: String, file: File)], keeping kept: [String: String]?, previousFiles: ExportFiles,
        part: @escaping @Sendable (File) throws -> String?, render: @escaping @Sendable (File) throws -> String?
    ) throws -> (names: Set<String>, parts: [String: String], kept: Int) {
        let made = Mutex<(names: Set<String>, parts: [String: String])>(([], [:]))
        let keptParts = Atomic<Int>(0)
        try ParallelWork.forEach(files, jobs: jobs) { name, file in
            if let digest = try part(file) {
                made.withLock { $0.parts[name] = digest }
                if kept?[name] == digest, isWhole([name], previous: previousFiles) {
                    keptParts.add(1, ordering: .relaxed)
                    made.withLock { _ = $0.names.insert(name) }
                    return
                }
            }
            guard let text = try render(file) else { return }
            try writeIfChanged(name, Data(text.utf8))
            made.withLock { _ = $0.names.insert(name) }
        }
        return made.withLock { ($0.names, $0.parts, keptParts.load(ordering: .relaxed)) }
    }

    /// Writes an album's, a browse page's or the search's files (`entry`), or none of them when
    /// nothing they are made from changed since the last export (`previousInputs`) and they are
    /// all there; what it did, for the summary and the next export.
    private func exportAlbum(_ entry: SiteFileListEntry, site: SiteSnapshot, shared: String, previousInputs: ExportInputs,
                             previousFiles: ExportFiles, events: @escaping @Sendable (ProgressEvent) -> Void) throws -> AlbumExport {
        switch entry {
        case .album(let album):
            if let page = try site.privatePage(album) {
                // Nothing of a private album is written here but its password page.
                try writeIfChanged(album.name(.page(.masonry)), Data(page.utf8))
                return AlbumExport(names: [album.name(.page(.masonry))], pages: 1)
            }
            defer { site.forget(album) }
            let source = try site.source(album)
            let files = try site.files(of: album)
            let zip = try writeZip(of: album, site: site, events: events).map { [$0] } ?? []
            let pages = files.filter { $0.name.hasSuffix(".html") }.count
            let key = album.name(.page(.masonry))
            let previous = previousInputs.entries[key]
            let inputs = site.albumInputs(of: album, source: source, shared: shared)
            let digest = try site.inputsDigest(of: album, source: source, albumInputs: inputs)
            if let previous, previous.digest == digest, isWhole(files.map(\.name), previous: previousFiles) {
                return AlbumExport(names: files.map(\.name) + zip, pages: pages, key: key, inputs: previous, isKept: true)
            }
            let made = try write(files, keeping: previous?.parts, previousFiles: previousFiles,
                                 part: { try site.partDigest($0, source: source, albumInputs: inputs) },
                                 render: { try site.render($0, of: source) })
            return AlbumExport(names: Array(made.names) + zip, pages: pages, filesKept: made.kept,
                               key: key, inputs: ExportInputs.Entry(digest: digest, parts: made.parts))
        case .search:
            // The search page and its index: every listed photo's words and cells, in search order.
            let album = site.searchAlbum, source = try site.source(album)
            let inputs = site.albumInputs(of: album, source: source, shared: shared + site.searchInputs)
            let digest = try site.inputsDigest(of: album, source: source, albumInputs: inputs)
            let key = ExportInputs.searchKey, previous = previousInputs.entries[key]
            if let previous, previous.digest == digest, let names = previous.files, isWhole(names, previous: previousFiles) {
                return AlbumExport(names: names, pages: 1, key: key, inputs: previous, isKept: true)
            }
            let search = try site.search()
            let files = search.files.map { (name: SiteFileName.search($0).name, file: $0) }
            // Its blocks of documents are made again when their photos changed, its words'
            // shards when their words did (its index reads every photo).
            let made = try write(files, keeping: previous?.parts, previousFiles: previousFiles, part: { file in
                switch file {
                case .docs(let id): return try site.searchDocsDigest(id, source: source, albumInputs: inputs)
                case .terms(let key): return try site.searchTermsDigest(key, recent: false, albumInputs: inputs)
                case .recentTerms(let key): return try site.searchTermsDigest(key, recent: true, albumInputs: inputs)
                case .page, .index: return nil
                }
            }, render: { try site.render($0) })
            // Kept when nothing changed: the map's points read the search's index, made from it.
            site.forget(album)
            return AlbumExport(names: Array(made.names), pages: 1, filesKept: made.kept, key: key,
                               inputs: ExportInputs.Entry(digest: digest, files: files.map(\.name), parts: made.parts,
                                                          searchNumbering: search.numbers.numbering))
        case .files, .map:
            return AlbumExport(names: [], pages: 0)
        }
    }

    /// Writes the map's page and points files (`SiteSnapshot.mapFiles`) unless what they are
    /// made from is what the last export's were made from (`SiteSnapshot.mapDigest`), and they
    /// are all there. A search kept as it was (`keptSearch`) has the same points: then not even
    /// the search's index is made (2 s at 100,000 photos) to tell. Made again, only the files
    /// whose bytes changed are written, in the list's order (parts before what lists them).
    private func exportMap(site: SiteSnapshot, shared: String, keptSearch: Bool,
                           previousInputs: ExportInputs, previousFiles: ExportFiles) throws -> AlbumExport {
        let key = ExportInputs.mapKey, previous = previousInputs.entries[key]
        let pages = 1
        if let previous, keptSearch, let names = previous.files, isWhole(names, previous: previousFiles) {
            return AlbumExport(names: names, pages: pages, key: key, inputs: previous, isKept: true)
        }
        let digest = try site.mapDigest(shared: shared)
        if let previous, previous.digest == digest, let names = previous.files, isWhole(names, previous: previousFiles) {
            return AlbumExport(names: names, pages: pages, key: key, inputs: previous, isKept: true)
        }
        let names = try site.mapFiles().map(\.name)
        for name in names {
            guard let bytes = try site.render(name) else { continue }
            try writeIfChanged(name, Data(bytes))
        }
        return AlbumExport(names: names, pages: pages, key: key, inputs: ExportInputs.Entry(digest: digest, files: names))
    }

    /// How many photos an album (or the search: all of them) shows, to start the largest first.
    private static func size(of entry: SiteFileListEntry, site: SiteSnapshot) -> Int {
        switch entry {
        case .album(let album): album.count
        case .search: site.photoCount + 1
        case .files, .map: 0
        }
    }

    /// Whether every one of `names` was written by the last export and is still in the folder:
    /// what lets an album whose inputs did not change keep its files (someone may have deleted one).
    private func isWhole(_ names: [String], previous: ExportFiles) -> Bool {
        names.allSatisfy { name in previous.contains(name) && isInFolder(name) }
    }

    // MARK: - Folder

    /// Whether the out folder has a file at `relative` (a site file's name): asked for every
    /// image of the library at each export, so by `access` on a path made once, not through
    /// a URL and FileManager for each (seconds at 300,000 images).
    private func isInFolder(_ relative: String) -> Bool {
        Self.isInFolder(relative, outFolderPath)
    }

    private static func isInFolder(_ relative: String, _ folder: String) -> Bool {
        access(folder + "/" + relative, F_OK) == 0
    }

    /// Checks the out folder may be written and creates it; returns what a previous export
    /// wrote (its manifest, read on another core, or as `previous` began to; nil when there is none).
    private func prepareFolder(previous: PreviousExport?) throws -> BackgroundValue<ExportManifest?> {
        let manager = FileManager.default
        let manifestURL = outFolder.appending(path: Self.manifestName)
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: outFolder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ExportError.cannotWrite(path: outFolder.path, reason: "it is a file, not a folder") }
            let contents = (try? manager.contentsOfDirectory(atPath: outFolder.path)) ?? []
            let isExport = manager.fileExists(atPath: manifestURL.path)
            if !contents.isEmpty && !isExport && !force { throw ExportError.notAnExport(path: outFolder.path) }
        }
        do {
            for folder in ["", "thumbs", "large", "fonts", "data", "videos"] {
                try manager.createDirectory(at: outFolder.appending(path: folder), withIntermediateDirectories: true)
            }
        } catch {
            throw ExportError.cannotWrite(path: outFolder.path, reason: error.localizedDescription)
        }
        // A folder gets its manifest before anything else is written into it, so a first
        // export killed half-way (even with SIGKILL) is finished by a plain rerun instead of
        // being refused as someone else's folder. A folder that has one keeps it until the
        // export ends.
        guard manager.fileExists(atPath: manifestURL.path) else {
            try writeManifest(files: ExportFiles(thumbnailWidths: geometry.thumbnailWidths), complete: false)
            return BackgroundValue { nil }
        }
        return previous?.manifest ?? readPreviousExport().manifest
    }

    /// Writes `.gallery-export.json`: the files this export owns (the only ones it will ever
    /// delete) and whether an export into the folder has finished.
    private func writeManifest(files: ExportFiles, complete: Bool) throws {
        let url = outFolder.appending(path: Self.manifestName)
        do {
            try ExportManifest.write(complete: complete, files: files, to: url)
        } catch {
            throw ExportError.cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The album's ZIP (`[downloads] album_zip`), unless the file its contents name is there
    /// already; its name, or nil when it cannot be made: one warning, and the export goes on
    /// without it.
    private func writeZip(of album: SiteAlbums.Album, site: SiteSnapshot, events: @Sendable (ProgressEvent) -> Void) throws -> String? {
        guard let zip = try site.albumZip(album) else {
            if let path = album.path, let problem = site.albumZipProblems.withLock({ $0[path] }) {
                events(.warning("\(problem): the album '\(album.title)' has no ZIP this time"))
            }
            return nil
        }
        do {
            return try site.write(zip, of: album, into: outFolder)
        } catch let error as StoredZipError {
            events(.warning("\(error): the album '\(album.title)' has no ZIP this time"))
            return nil
        }
    }

    /// Writes `data` at `relative` atomically, unless the file already holds exactly it: a
    /// rerun with nothing changed writes nothing, so modification times, ETags and the
    /// caches that rely on them stay put.
    private func writeIfChanged(_ relative: String, _ data: Data) throws {
        let url = outFolder.appending(path: relative)
        do {
            try SiteFileWrite.ifChanged(data, to: url)
        } catch {
            throw ExportError.cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Removes `folder` and the folders in it that hold no file, deepest first.
    static func removeEmptyFolders(_ folder: URL) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            var isFolder: ObjCBool = false
            let child = folder.appending(path: name)
            if manager.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue { removeEmptyFolders(child) }
        }
        if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true { try? manager.removeItem(at: folder) }
    }

    /// Relative, inside the folder: no absolute paths, no "..", no empty parts.
    static func isSafeRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0.isEmpty || $0 == "." }
    }

    // MARK: - Images

    /// The site's images, as `gallery serve` makes them too.
    private var images: PhotoImages { PhotoImages(outFolder: outFolder, configuration: configuration, geometry: geometry) }

    /// What `writeImages` finds of one batch of photos before it makes anything: their files'
    /// names, how many are there already, the photos whose images are not and the clips not
    /// made yet.
    private struct ImageCheck: Sendable {
        var written: ExportFiles
        var reused = 0
        var pending: [Int64] = []
        var colorsToRead: [(photoID: Int64, contentHash: String, thumbnail: String, width: Int, height: Int)] = []
        var clips: [(id: Int64, name: String, isMotion: Bool)] = []
        /// `[content] downloads = "original"`: each photo's original's name and its file.
        var originals: [(name: String, source: String)] = []
    }

    /// Makes the images of every photo that lacks one (all sizes from one decode), on all
    /// cores; keeps the photos' dominant colours. Returns the images' names and the photos
    /// whose images could not be made, with the reason. The library is read a few thousand
    /// photos at a time and encoded a few hundred at a time: memory does not grow with it.
    private func writeImages(
        root: String, excluding excluded: [String], events: @escaping @Sendable (ProgressEvent) -> Void, summary: inout ExportSummary
    ) throws -> (failures: [Int64: String], videoFailures: [Int64: String], written: ExportFiles) {
        let images = self.images
        let ids = try database.photoIDs(excludingAlbums: excluded)
        let colorless = try database.contentHashesWithoutColor()
        // The image folders read once, before anything is written to them.
        let listing = FolderListing(root: outFolderPath, folders: ["thumbs", "large", "videos"])
        // Which images are there already, a few thousand photos at a time on every core (at
        // 100,000 photos and nothing to make, 2.6 s of one core: the build's longest wait).
        let batches = stride(from: 0, to: ids.count, by: 2000).map { ids[$0 ..< min($0 + 2000, ids.count)] }
        let checked = ParallelWork.map(batches, jobs: jobs) { [database, outFolderPath, encodeImages, geometry] batch in
            Result { () throws -> ImageCheck in
                var check = ImageCheck(written: ExportFiles(thumbnailWidths: geometry.thumbnailWidths))
                func isThere(_ name: String) -> Bool { listing.contains(name) ?? Self.isInFolder(name, outFolderPath) }
                // Their files only: an image's names and sizes come from the file, not from what
                // is said of the photo.
                for (id, stored) in try database.storedPhotos(ids: batch, annotated: false).sorted(by: { $0.key < $1.key }) {
                    guard let plan = images.plan(stored.photo, contentHash: stored.contentHash, withOriginal: true) else { continue }
                    check.written.formUnion(plan.names)
                    if let video = plan.video { check.written.insert(video) }
                    if let motion = plan.motion { check.written.insert(motion) }
                    if !encodeImages { continue }
                    for (clip, isMotion) in [(plan.video, false), (plan.motion, true)] {
                        if let clip, !isThere(clip) { check.clips.append((id, clip, isMotion)) }
                    }
                    if let original = plan.original { check.originals.append((original, root + "/" + stored.photo.originalPath)) }
                    if plan.names.allSatisfy(isThere) {
                        check.reused += plan.names.count
                        // Images kept from an earlier export into another library: read the
                        // colour back from the smallest one rather than decode the original.
                        if colorless.contains(stored.contentHash) {
                            check.colorsToRead.append((id, stored.contentHash, plan.names[0], plan.grid[0].width, plan.grid[0].height))
                        }
                    } else {
                        check.pending.append(id)
                    }
                }
                return check
            }
        }
        var written = ExportFiles(thumbnailWidths: geometry.thumbnailWidths)
        var pending: [Int64] = []
        var colorsToRead: [(photoID: Int64, contentHash: String, thumbnail: String, width: Int, height: Int)] = []
        var pendingVideos: [(id: Int64, name: String, isMotion: Bool)] = []
        var queuedVideos = Set<String>()  // two copies of one clip are made once
        for check in checked {
            let check = try check.get()
            written.formUnion(check.written)
            summary.imagesReused += check.reused
            pending += check.pending
            colorsToRead += check.colorsToRead
            pendingVideos += check.clips.filter { queuedVideos.insert($0.name).inserted }
            for (original, source) in check.originals {
                // The file as it is, for `[content] downloads = "original"`: copied once (here,
                // one at a time: two photos of the same file have one original).
                let target = outFolder.appending(path: original)
                if !FileManager.default.fileExists(atPath: target.path) {
                    do {
                        try images.copyOriginal(from: source, to: original)
                    } catch {
                        events(.warning("\(source): its original could not be copied into the site: \(error)"))
                    }
                }
                if FileManager.default.fileExists(atPath: target.path) { written.insert(original) }
            }
        }

        struct Job: Sendable {
            var photoID: Int64
            var contentHash: String
            var source: String
            var plan: ImagePlan
        }
        let failures = Mutex<[(id: Int64, path: String, reason: String, names: [String])]>([])
        let done = Atomic<Int>(0)
        let out = outFolder
        let total = pending.count
        events(.progress(done: 0, total: total))
        for start in stride(from: 0, to: total, by: 256) {
            let batch = try database.storedPhotos(ids: pending[start ..< min(start + 256, total)], annotated: false)
            let jobs = batch.sorted { $0.key < $1.key }.compactMap { id, stored in
                images.plan(stored.photo, contentHash: stored.contentHash).map {
                    Job(photoID: id, contentHash: stored.contentHash, source: root + "/" + stored.photo.path, plan: $0)
                }
            }
            let colors = Mutex<[String: String]>([:])
            // A photo that cannot be shown is reported and drawn as a placeholder: nothing here
            // stops the loop.
            try ParallelWork.forEach(jobs, jobs: self.jobs) { job in
                do {
                    let color = try images.render(job.plan, from: job.source)
                    colors.withLock { $0[job.contentHash] = color }
                } catch {
                    failures.withLock { $0.append((job.photoID, job.source, "\(error)", job.plan.names)) }
                    events(.skipped(path: job.source, reason: "\(error); shown as a placeholder"))
                }
                events(.progress(done: done.add(1, ordering: .relaxed).newValue, total: total))
            }
            let found = colors.withLock { $0 }
            summary.imagesWritten += jobs.filter { found[$0.contentHash] != nil }.reduce(0) { $0 + $1.plan.names.count }
            if !found.isEmpty { try database.saveDominantColors(found, pruning: false) }
        }
        var readBack: [String: String] = [:]
        for (_, hash, thumbnail, width, height) in colorsToRead {
            guard let data = FileManager.default.contents(atPath: out.appending(path: thumbnail).path),
                  let format = ImageFileName(parsing: thumbnail)?.encoding,
                  let image = try? ImageDecoder.decode([UInt8](data), format: format, minWidth: width, minHeight: height) else { continue }
            readBack[hash] = image.dominantColor.hex
        }
        if total > 0 || !readBack.isEmpty { try database.saveDominantColors(readBack) }
        var reasons: [Int64: String] = [:]
        for failure in failures.withLock({ $0 }) {
            reasons[failure.id] = failure.reason
            summary.failures.append((failure.path, failure.reason))
            // A failed photo's images were never written: keep them out of the manifest.
            written.subtract(failure.names)
        }
        // A video none of whose frames decodes (no poster) has nothing to play either.
        let playable = pendingVideos.filter { reasons[$0.id] == nil }
        written.subtract(pendingVideos.filter { reasons[$0.id] != nil }.map(\.name))
        let videoFailures = try writeVideos(playable.map { ($0.id, $0.isMotion) }, root: root, events: events, summary: &summary)
        written.subtract(videoFailures.values.map(\.name))
        return (reasons, videoFailures.mapValues(\.reason), written)
    }

    /// Makes what the lightbox plays for each video of `clips` (its web rendition, or its
    /// original's copy) and each Live Photo's clip, one at a time on every core, with the
    /// encoder's progress. A clip that cannot be made is one line, and its cell shows its poster
    /// or its still: the export goes on.
    private func writeVideos(
        _ clips: [(id: Int64, isMotion: Bool)], root: String, events: @escaping @Sendable (ProgressEvent) -> Void, summary: inout ExportSummary
    ) throws -> [Int64: (name: String, reason: String)] {
        var failures: [Int64: (name: String, reason: String)] = [:]
        let images = self.images
        for (number, (id, isMotion)) in clips.enumerated() {
            guard let stored = try database.storedPhotos(ids: [id])[id],
                  let plan = images.plan(stored.photo, contentHash: stored.contentHash),
                  let name = isMotion ? plan.motion : plan.video else { continue }
            let source = root + "/" + (isMotion ? plan.motionPath ?? stored.photo.path : stored.photo.path)
            let duration = stored.photo.duration
            let progress = { (progress: VideoTranscoder.Progress) in
                events(.encoding(path: source, item: number + 1, items: clips.count, frames: progress.frames, seconds: progress.seconds,
                                 duration: duration))
            }
            do {
                let outcome = isMotion ? try images.makeMotion(plan, root: root, progress: progress)
                    : try images.makeVideo(plan, from: source, progress: progress)
                summary.videosWritten += 1
                if let damaged = outcome?.damagedPackets, damaged > 0 {
                    events(.warning("\(source): \(damaged) damaged packet\(damaged == 1 ? "" : "s") of the clip could not be decoded and "
                                    + "\(damaged == 1 ? "was" : "were") left out of its web version; the rest plays"))
                }
                if let cut = outcome?.cutAt {
                    events(.warning("\(source): the animation runs longer than its web video holds (\(VideoTranscoder.animationFrameLimit) frames, "
                                    + "\(Int(VideoTranscoder.animationSecondsLimit)) s): it loops from \(HTML.px(cut)) s"))
                }
                if let reason = outcome?.soundLeftOut {
                    events(.warning("\(source): its sound cannot be read (\(reason)); its web version is silent"))
                }
            } catch {
                failures[id] = (name, "\(error)")
                events(.warning("\(source): \(error); \(isMotion ? "its still is shown without its motion" : "its poster is shown instead")"))
            }
        }
        return failures
    }
}
