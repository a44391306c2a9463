import Dispatch
import Foundation
import GalleryImport
import GalleryLayout
import GalleryService
import GalleryStore
import Imaging
import Synchronization
import TextMetrics

/// What an export did.
public struct ExportSummary: Sendable {
    public var pages = 0
    public var photos = 0
    public var imagesWritten = 0
    public var imagesReused = 0
    public var filesRemoved = 0
    /// Photos shown as placeholders, with the reason.
    public var failures: [(path: String, reason: String)] = []

    public var line: String {
        "\(pages) page\(pages == 1 ? "" : "s"), \(photos) photos, \(imagesWritten) images written, \(imagesReused) reused, \(filesRemoved) removed, \(failures.count) failed"
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
    public static let manifestName = ".gallery-export.json"

    let database: GalleryDatabase
    let outFolder: URL
    let force: Bool
    let jobs: Int
    let geometry: SiteGeometry
    /// False: pages, styles and fonts only; the images they name are made later, one photo at
    /// a time, by `renderImages(named:)` (what `gallery serve` does on request).
    let encodeImages: Bool

    public init(database: GalleryDatabase, outFolder: String, force: Bool = false, jobs: Int? = nil,
                geometry: SiteGeometry = SiteGeometry(), encodeImages: Bool = true) {
        self.database = database
        self.outFolder = URL(fileURLWithPath: outFolder).standardizedFileURL
        self.force = force
        self.jobs = max(1, jobs ?? ProcessorCount.online)
        self.geometry = geometry
        self.encodeImages = encodeImages
    }

    public func run(events: @escaping @Sendable (ImportEvent) -> Void = { _ in }) throws -> ExportSummary {
        let previousFiles = try prepareFolder()
        guard let root = try database.libraryRoot() else { throw ExportError.noLibrary }
        var summary = ExportSummary()
        var written = Set<String>()
        let libraryName = URL(fileURLWithPath: root).lastPathComponent

        // Layouts for every album at every column count, from the store or computed now.
        let measurer = TextMeasurer { events(.warning($0)) }
        let service = LayoutService(database: database, measurer: measurer)
        let albums = try database.albums().filter { $0.photoCount > 0 }
        let photos = Dictionary(try database.photos().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let files = try database.photoFiles()

        // Images: new or changed photos only, on all cores.
        let images = try writeImages(photos: photos, files: files, root: root, events: events, summary: &summary)
        written.formUnion(images.written)

        // Fonts cut to what the pages show: each face gets the clusters the measurement drew
        // with it, nothing more; characters no listed font has come with the system's fallback
        // face for them, so the page depends on no font of the visitor's machine.
        // The pages' own words, and what the script may write (its messages name data files).
        let chrome = "Photo unavailable Made with gallery photos albums ← ‹ › × 0123456789, "
            + "Photos Page Previous Next → The whole album All page by – "
            + "Some could not be shown: is missing damaged. Reload or see them below Only first can This loaded "
            + "abcdefghijklmnopqrstuvwxyz-./ "
            + AlbumView.allCases.map(\.title).joined(separator: " ")
        var texts = photos.values.flatMap { [$0.caption, $0.comment] }
        texts += albums.map(\.name) + [chrome, siteTitle(albums, libraryName)]
        let characters = try parallel(texts) { slice in
            var characters: [FontFace: Set<Unicode.Scalar>] = [:]
            for style in GalleryTextStyles.all {
                characters.merge(try measurer.charactersByFace(Array(slice), style: style)) { $0.union($1) }
            }
            return characters
        }.reduce(into: [FontFace: Set<Unicode.Scalar>]()) { $0.merge($1) { $0.union($1) } }
        // Where each caption's and comment's lines start at the cell's text width.
        let lineStarts = try parallel(photos.values.sorted { $0.id < $1.id }) { slice in
            try slice.map { photo in
                (photo.id, try measurer.lineStarts(photo.caption, style: GalleryTextStyles.caption, width: geometry.innerWidth),
                 try measurer.lineStarts(photo.comment, style: GalleryTextStyles.comment, width: geometry.innerWidth))
            }
        }.flatMap { $0 }
        let linesByPhoto = Dictionary(lineStarts.map { ($0.0, (caption: $0.1, comment: $0.2)) }, uniquingKeysWith: { a, _ in a })
        let fontURLs = try writeFonts(characters: characters)
        written.formUnion(fontURLs.values)
        let listed = Set(GalleryTextStyles.all.flatMap(\.fonts))
        let fallbackFaces = characters.keys.filter { !listed.contains($0) && fontURLs[$0.family] != nil }
        let textCSS = TextStyle.css(for: GalleryTextStyles.all, fallbackFaces: fallbackFaces) { fontURLs[$0.family] }
        try write("gallery.css", SiteAssets.stylesheet(geometry: geometry, textCSS: textCSS, fallbackFaces: fallbackFaces), into: &written)
        try write("gallery.js", SiteAssets.script, into: &written)

        // Pages.
        let renderer = PageRenderer(geometry: geometry, siteTitle: siteTitle(albums, libraryName))
        let several = albums.count > 1
        var cards: [PageRenderer.AlbumCard] = []
        var usedSlugs = Set<String>()
        for album in albums {
            var cells: [Int64: CellModel] = [:]
            var order: [Int64] = []
            var gridHeights: [Int: Double] = [:]
            for columns in 1 ... geometry.maximumColumns {
                let result = try service.masonry(MasonryRequest(
                    width: geometry.width(columns: columns), album: album.path, options: geometry.options(columns: columns)))
                gridHeights[columns] = result.layout.contentHeight
                for item in result.items {
                    let frame = (x: result.layout.x(column: item.column), y: item.y, width: result.layout.innerWidth, height: item.height)
                    if var cell = cells[item.photoID] {
                        cell.frames[columns] = frame
                        cells[item.photoID] = cell
                        continue
                    }
                    guard let photo = photos[item.photoID] else { continue }
                    order.append(item.photoID)
                    let image = images.byPhoto[item.photoID]
                    cells[item.photoID] = CellModel(
                        photoID: item.photoID, index: order.count - 1, caption: photo.caption, comment: photo.comment,
                        captionHeight: item.captionHeight, commentHeight: item.commentHeight,
                        captionLineStarts: linesByPhoto[photo.id]?.caption ?? [],
                        commentLineStarts: linesByPhoto[photo.id]?.comment ?? [],
                        photoHeight: item.photoHeight,
                        aspectRatio: photo.aspectRatio,
                        frames: [columns: frame], thumbnails: image?.thumbnails, large: image?.large,
                        intrinsicHeight: image?.intrinsicHeight ?? Int(item.photoHeight.rounded()), failure: image?.failure,
                        placeholderColor: image?.dominantColor)
                }
            }
            let links = PageRenderer.AlbumLinks(home: several ? "index.html" : nil, stem: several ? "album-\(slug(album.name, used: &usedSlugs))" : nil)
            let page = AlbumView.masonry.page(albumStem: links.stem)
            let subtitle = "\(album.photoCount) photo\(album.photoCount == 1 ? "" : "s")"
            let ordered = order.compactMap { cells[$0] }
            let data = AlbumData(albumPage: page)
            try writeMasonry(album: album.name, subtitle: subtitle, links: links, cells: ordered, heights: gridHeights, data: data,
                             renderer: renderer, into: &written, summary: &summary)
            // The album's other views, each its own page linked from the others.
            for view in AlbumView.allCases where view != .masonry {
                let html: String
                switch view {
                case .masonry: continue
                case .justified: html = try rowsPage(album: album.name, subtitle: subtitle, links: links, cells: ordered, data: data,
                                                     renderer: renderer, into: &written)
                case .wheel: html = renderer.wheelPage(title: album.name, subtitle: subtitle, links: links, cells: ordered, data: data.indexFile)
                case .carousel: html = renderer.carouselPage(title: album.name, subtitle: subtitle, links: links, cells: ordered, data: data.indexFile)
                case .circle: html = renderer.circlePage(title: album.name, subtitle: subtitle, links: links, cells: ordered)
                }
                try write(view.page(albumStem: links.stem), html, into: &written)
            }
            summary.pages += AlbumView.allCases.count
            cards.append(.init(name: album.name, link: page, count: album.photoCount,
                               cover: order.first.flatMap { images.byPhoto[$0]?.thumbnails?.first?.url }))
        }
        if several || albums.isEmpty {
            try write("index.html", renderer.indexPage(albums: cards, photoCount: photos.count), into: &written)
            summary.pages += 1
        }
        summary.photos = photos.count

        // Files this export no longer needs, and only those a previous export wrote.
        for stale in previousFiles.subtracting(written) where Self.isSafeRelativePath(stale) {
            if (try? FileManager.default.removeItem(at: outFolder.appending(path: stale))) != nil { summary.filesRemoved += 1 }
        }
        try writeManifest(files: written, complete: true)
        return summary
    }

    /// `work` over `items` cut into one slice per job, the slices on all cores at once (text
    /// shaping is most of an export's time: the measurer is safe to share); results in slice
    /// order; the first error thrown, if any.
    private func parallel<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ work: @escaping @Sendable (ArraySlice<Item>) throws -> Result
    ) throws -> [Result] {
        let size = max(1, (items.count + jobs - 1) / jobs)
        let starts = Array(stride(from: 0, to: items.count, by: size))
        let results = Mutex<[Int: Result]>([:])
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: starts.count) { n in
            do {
                let result = try work(items[starts[n] ..< min(starts[n] + size, items.count)])
                results.withLock { $0[n] = result }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let done = results.withLock { $0 }
        return starts.indices.compactMap { done[$0] }
    }

    /// The album's masonry page (its first screenful as HTML, the rest as data files the page
    /// loads as the visitor scrolls), and its plain pages for visitors and crawlers without
    /// script, each a masonry layout of its own photos.
    private func writeMasonry(
        album: String, subtitle: String, links: PageRenderer.AlbumLinks, cells: [CellModel], heights: [Int: Double], data: AlbumData,
        renderer: PageRenderer, into written: inout Set<String>, summary: inout ExportSummary
    ) throws {
        let page = AlbumView.masonry.page(albumStem: links.stem)
        try data.writeFiles(cells: cells, geometry: geometry) { try write($0, $1, into: &written) }
        let columns = 1 ... geometry.maximumColumns
        let firstScreen = cells.filter { cell in
            columns.contains { cell.frames[$0].map { $0.y < AlbumData.firstScreenHeight } ?? false }
        }
        let pageCount = AlbumData.pageCount(photos: cells.count)
        let plain = PageRenderer.PageLinks(album: page, first: pageCount > 0 ? data.plainPage(1) : nil)
        try write(page, renderer.albumPage(title: album, subtitle: subtitle, links: links, content: .init(
            cells: firstScreen, count: cells.count, heights: heights, data: data, pages: plain)), into: &written)
        for number in 1 ..< pageCount + 1 {
            var shown = Array(cells[(number - 1) * AlbumData.pageSize ..< min(number * AlbumData.pageSize, cells.count)])
            var pageHeights: [Int: Double] = [:]
            for k in columns {
                let layout = try MasonryLayout(
                    width: geometry.width(columns: k),
                    items: shown.map { MasonryItem(aspectRatio: $0.aspectRatio, captionHeight: $0.captionHeight, commentHeight: $0.commentHeight) },
                    options: geometry.options(columns: k))
                pageHeights[k] = layout.contentSize.height
                for position in shown.indices {
                    guard let frame = layout.attributes(at: position)?.frame else { continue }
                    shown[position].frames[k] = (frame.x, frame.y, frame.width, frame.height)
                }
            }
            let around = PageRenderer.PageLinks(
                album: page, previous: number > 1 ? data.plainPage(number - 1) : nil,
                next: number < pageCount ? data.plainPage(number + 1) : nil, position: "Page \(number)")
            // Nothing on a plain page depends on the photos after it: adding photos to the
            // album rewrites only the last plain page.
            let first = (number - 1) * AlbumData.pageSize
            let range = shown.count == 1 ? "Photo \(first + 1)" : "Photos \(first + 1)–\(first + shown.count)"
            try write(data.plainPage(number), renderer.albumPage(title: album, subtitle: range, links: links, content: .init(
                cells: shown, count: cells.count, listOffset: first, listCount: shown.count, heights: pageHeights, data: nil, pages: around)),
                into: &written)
            summary.pages += 1
        }
    }

    /// The rows view's data files, and its page with the first screenful as HTML.
    private func rowsPage(album: String, subtitle: String, links: PageRenderer.AlbumLinks, cells: [CellModel], data: AlbumData,
                          renderer: PageRenderer, into written: inout Set<String>) throws -> String {
        let rows = PageRenderer.RowsLayouts(aspectRatios: cells.map(\.aspectRatio), geometry: geometry)
        try data.writeRowsFiles(frames: rows.frames, count: cells.count, geometry: geometry) { try write($0, $1, into: &written) }
        let firstScreen = cells.filter { cell in
            (1 ... geometry.maximumColumns).contains { k in (rows.frames[k].map { cell.index < $0.count && $0[cell.index].y < AlbumData.firstScreenHeight }) ?? false }
        }
        return renderer.justifiedPage(title: album, subtitle: subtitle, links: links, cells: firstScreen, rows: rows, data: data.rowsIndexFile)
    }

    /// The only album's name, or the imported folder's.
    private func siteTitle(_ albums: [(path: String, name: String, photoCount: Int)], _ libraryName: String) -> String {
        albums.count == 1 ? albums[0].name : (libraryName.isEmpty || libraryName == "/" ? "Gallery" : libraryName)
    }

    // MARK: - Folder

    /// Checks the out folder may be written, creates it, and returns what a previous export wrote.
    private func prepareFolder() throws -> Set<String> {
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
            for folder in ["", "thumbs", "large", "fonts", "data"] {
                try manager.createDirectory(at: outFolder.appending(path: folder), withIntermediateDirectories: true)
            }
        } catch {
            throw ExportError.cannotWrite(path: outFolder.path, reason: error.localizedDescription)
        }
        var previous: Set<String> = []
        if let data = manager.contents(atPath: manifestURL.path),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let files = object["files"] as? [String] {
            previous = Set(files)
        }
        // A folder gets its manifest before anything else is written into it, so a first
        // export killed half-way (even with SIGKILL) is finished by a plain rerun instead of
        // being refused as someone else's folder. A folder that has one keeps it until the
        // export ends.
        if !manager.fileExists(atPath: manifestURL.path) {
            try writeManifest(files: previous, complete: false)
        }
        return previous
    }

    /// Writes `.gallery-export.json`: the files this export owns (the only ones it will ever
    /// delete) and whether an export into the folder has finished.
    private func writeManifest(files: Set<String>, complete: Bool) throws {
        let manifest: [String: Any] = ["generator": "gallery", "complete": complete, "files": files.sorted()]
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw ExportError.cannotWrite(path: outFolder.appending(path: Self.manifestName).path, reason: error.localizedDescription)
        }
        try writeIfChanged(Self.manifestName, data)
    }

    /// Writes `data` at `relative` atomically, unless the file already holds exactly it: a
    /// rerun with nothing changed writes nothing, so modification times, ETags and the
    /// caches that rely on them stay put.
    private func writeIfChanged(_ relative: String, _ data: Data) throws {
        let url = outFolder.appending(path: relative)
        if let existing = FileManager.default.contents(atPath: url.path), existing == data { return }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw ExportError.cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Relative, inside the folder: no absolute paths, no "..", no empty parts.
    static func isSafeRelativePath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0.isEmpty || $0 == "." }
    }

    private func write(_ relative: String, _ text: String, into written: inout Set<String>) throws {
        try writeIfChanged(relative, Data(text.utf8))
        written.insert(relative)
    }

    private func slug(_ name: String, used: inout Set<String>) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) { slug.append(character) } else if !slug.hasSuffix("-") { slug.append("-") }
        }
        slug = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        if slug.isEmpty { slug = "album" }
        // An album's view pages are named after its slug ("trip" → "trip-wheel"), so a slug
        // is free only if it and its view names are: albums "Trip" and "Trip wheel" must not
        // write the same page.
        func names(_ candidate: String) -> [String] {
            [candidate] + AlbumView.allCases.filter { $0 != .masonry }.map { "\(candidate)-\($0.rawValue)" }
        }
        var candidate = slug
        var n = 2
        while names(candidate).contains(where: used.contains) {
            candidate = "\(slug)-\(n)"
            n += 1
        }
        used.formUnion(names(candidate))
        return candidate
    }

    // MARK: - Fonts

    /// Subsets each font of the text styles to the characters it draws; family → URL relative
    /// to the site. Fonts that draw nothing are left out.
    private func writeFonts(characters: [FontFace: Set<Unicode.Scalar>]) throws -> [String: String] {
        var urls: [String: String] = [:]
        var seen = Set<String>()
        let fallbacks = characters.keys.filter { face in !GalleryTextStyles.all.contains { $0.fonts.contains(face) } }
            .sorted { ($0.family, $0.path) < ($1.family, $1.path) }
        for face in GalleryTextStyles.all.flatMap(\.fonts) + fallbacks where seen.insert(face.family).inserted {
            guard let used = characters[face], !used.isEmpty,
                  let bytes = try FontSubsetter.subset(face, characters: used) else { continue }
            let ext = face.path.hasSuffix(".ttf") ? "ttf" : "otf"
            let slug = face.family.lowercased().unicodeScalars.map { $0.properties.isAlphabetic || ("0" ... "9").contains($0) ? String($0) : "-" }.joined()
            // The name carries a digest of the subset's bytes: the file changes whenever the
            // site's characters do, and `gallery serve` lets browsers keep fonts/ for a year.
            var digest: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
            for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01B3 }
            let name = "fonts/" + slug + "-" + String(String(digest, radix: 16).prefix(12)) + "." + ext
            try writeIfChanged(name, Data(bytes))
            urls[face.family] = name
        }
        return urls
    }

    // MARK: - Images

    struct PhotoImages: Sendable {
        var thumbnails: [(url: String, width: Int)]?
        var large: String?
        var intrinsicHeight: Int
        var failure: String?
        /// "#rrggbb": shown in the photo's place until its image has arrived.
        var dominantColor: String?
    }

    /// The images one photo gets: its grid sizes and large view, named by content hash and size.
    struct ImagePlan {
        var format: ImageFormat
        var orientation: Orientation
        var names: [String]
        var grid: [(width: Int, height: Int)]
        var large: (width: Int, height: Int)
        var sizes: [(width: Int, height: Int)] { grid + [large] }
    }

    func imagePlan(_ photo: LibraryPhoto, _ file: (path: String, contentHash: String, format: String, orientation: Int)) -> ImagePlan? {
        guard let format = ImageFormat(rawValue: file.format) else { return nil }
        let key = String(file.contentHash.dropFirst("xxh64:".count))
        let grid = geometry.thumbnailWidths.map { Thumbnailer.size(displayWidth: photo.displayWidth, displayHeight: photo.displayHeight, toWidth: $0) }
        let orientation = Orientation(exifValue: file.orientation)
        let large = Thumbnailer.largeSize(
            format: format, storedWidth: photo.width, storedHeight: photo.height, orientation: orientation, longSide: geometry.largeLongSide)
        let names = grid.map { "thumbs/\(key)-\($0.width).jpg" } + ["large/\(key)-\(large.width)x\(large.height).jpg"]
        return ImagePlan(format: format, orientation: orientation, names: names, grid: grid, large: large)
    }

    /// Makes the images of the photo that `name` (a path the pages use, "thumbs/…" or
    /// "large/…") belongs to: all its sizes from one decode, each written atomically, so a
    /// request never sees half a file and an interrupted encode leaves none. Keeps the photo's
    /// dominant colour. False when no photo of the library has an image of that name.
    public func renderImages(named name: String) throws -> Bool {
        let parts = name.split(separator: "/")
        guard parts.count == 2, ["thumbs", "large"].contains(parts[0]),
              let dash = parts[1].firstIndex(of: "-") else { return false }
        let hash = "xxh64:" + parts[1][..<dash]
        guard let root = try database.libraryRoot() else { throw ExportError.noLibrary }
        guard let photo = try database.photo(contentHash: hash) else { return false }
        let file = (path: photo.path, contentHash: hash, format: photo.format, orientation: photo.orientation)
        guard let plan = imagePlan(photo, file), plan.names.contains(name) else { return false }
        guard let data = FileManager.default.contents(atPath: root + "/" + file.path) else {
            throw CodecError("cannot read \(root + "/" + file.path) (was it moved? run 'gallery import' again)")
        }
        let rendered = try Thumbnailer.renderWithColor([UInt8](data), format: plan.format, orientation: plan.orientation, sizes: plan.sizes)
        for folder in ["thumbs", "large"] {
            try FileManager.default.createDirectory(at: outFolder.appending(path: folder), withIntermediateDirectories: true)
        }
        for (imageName, bytes) in zip(plan.names, rendered.images) {
            try Data(bytes).write(to: outFolder.appending(path: imageName), options: .atomic)
        }
        try database.saveDominantColors([file.contentHash: rendered.dominantColor.hex])
        return true
    }

    private func writeImages(
        photos: [Int64: LibraryPhoto], files: [Int64: (path: String, contentHash: String, format: String, orientation: Int)],
        root: String, events: @escaping @Sendable (ImportEvent) -> Void, summary: inout ExportSummary
    ) throws -> (byPhoto: [Int64: PhotoImages], written: Set<String>) {
        struct Job: Sendable {
            var photoID: Int64
            var source: String
            var format: ImageFormat
            var orientation: Orientation
            var names: [String]
            var sizes: [(width: Int, height: Int)]
        }
        var byPhoto: [Int64: PhotoImages] = [:]
        var pending: [Job] = []
        var written = Set<String>()
        let storedColors = try database.dominantColors()
        var hashes: [Int64: String] = [:]
        var colorsToRead: [(photoID: Int64, thumbnail: String, width: Int, height: Int)] = []
        for (id, photo) in photos.sorted(by: { $0.key < $1.key }) {
            guard let file = files[id], let plan = imagePlan(photo, file) else { continue }
            let (format, orientation, names, grid, large) = (plan.format, plan.orientation, plan.names, plan.grid, plan.large)
            written.formUnion(names)
            hashes[id] = file.contentHash
            byPhoto[id] = PhotoImages(
                thumbnails: zip(names, grid).map { ($0, $1.width) }, large: names.last,
                intrinsicHeight: grid[0].height, failure: nil, dominantColor: storedColors[file.contentHash])
            if !encodeImages { continue }
            if names.allSatisfy({ FileManager.default.fileExists(atPath: outFolder.appending(path: $0).path) }) {
                summary.imagesReused += names.count
                // Images kept from an earlier export into another library: read the colour
                // back from the smallest one rather than decode the original.
                if storedColors[file.contentHash] == nil { colorsToRead.append((id, names[0], grid[0].width, grid[0].height)) }
            } else {
                pending.append(Job(photoID: id, source: root + "/" + file.path, format: format,
                                orientation: orientation, names: names, sizes: grid + [large]))
            }
        }
        let failures = Mutex<[(Int64, String, String)]>([])
        let colors = Mutex<[Int64: String]>([:])
        let done = Atomic<Int>(0)
        let next = Atomic<Int>(0)
        let out = outFolder
        let work = pending
        let total = work.count
        events(.progress(done: 0, total: total))
        DispatchQueue.concurrentPerform(iterations: min(self.jobs, max(total, 1))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < total else { return }
                let job = work[index]
                do {
                    guard let data = FileManager.default.contents(atPath: job.source) else {
                        throw CodecError("cannot read the file (was it moved? run 'gallery import' again)")
                    }
                    let rendered = try Thumbnailer.renderWithColor([UInt8](data), format: job.format, orientation: job.orientation, sizes: job.sizes)
                    for (name, bytes) in zip(job.names, rendered.images) {
                        try Data(bytes).write(to: out.appending(path: name), options: .atomic)
                    }
                    colors.withLock { $0[job.photoID] = rendered.dominantColor.hex }
                } catch {
                    failures.withLock { $0.append((job.photoID, job.source, "\(error)")) }
                    events(.skipped(path: job.source, reason: "\(error); shown as a placeholder"))
                }
                events(.progress(done: done.add(1, ordering: .relaxed).newValue, total: total))
            }
        }
        for (id, thumbnail, width, height) in colorsToRead {
            guard let data = FileManager.default.contents(atPath: out.appending(path: thumbnail).path),
                  let image = try? ImageDecoder.decode([UInt8](data), format: .jpeg, minWidth: width, minHeight: height) else { continue }
            colors.withLock { $0[id] = image.dominantColor.hex }
        }
        let found = colors.withLock { $0 }
        for (id, color) in found { byPhoto[id]?.dominantColor = color }
        if !found.isEmpty {
            try database.saveDominantColors(Dictionary(found.compactMap { id, color in hashes[id].map { ($0, color) } }, uniquingKeysWith: { a, _ in a }))
        }
        let failed = failures.withLock { $0 }
        let failedIDs = Set(failed.map(\.0))
        summary.imagesWritten = work.filter { !failedIDs.contains($0.photoID) }.reduce(0) { $0 + $1.names.count }
        for (id, path, reason) in failed {
            byPhoto[id]?.thumbnails = nil
            byPhoto[id]?.large = nil
            byPhoto[id]?.failure = reason
            byPhoto[id]?.dominantColor = nil
            summary.failures.append((path, reason))
        }
        // A failed photo's images were never written: keep them out of the manifest.
        for job in work where failedIDs.contains(job.photoID) {
            written.subtract(job.names)
        }
        return (byPhoto, written)
    }
}
