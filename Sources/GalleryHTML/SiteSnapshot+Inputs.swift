import Crypto
import Foundation
import GalleryJSON
import GalleryStore

/// What an album's files are made from, as one digest: an export that finds an album's digest as
/// the last complete export left it, and the album's files still there, writes none of them
/// again and does not even render them (issue 51: one caption edited renders its album and the
/// browse pages and search that show its photo, not the site).
///
/// Every input of the renderer is in it, so that two equal digests mean equal bytes: the site's
/// shared inputs (`sharedInputs`), the album as listed (title, settings, links, counts), its
/// stored layouts (ids and revisions: a layout computed again is a new row) and, photo by photo
/// in the album's order, what may change how it is drawn (`GalleryDatabase.renderStamps`) and
/// whether its images or clip failed this time. Erring is one-sided on purpose: an input left
/// out would keep a stale file, so anything doubtful is in (the program's own file, the
/// whole configuration, the fonts).
extension SiteSnapshot {
    /// What every file of the site is made from: this program (another build may write other
    /// bytes), the configuration, the grid, the site's title, the fonts the texts are set in
    /// (their files' content, through the styles' fingerprints: line breaks are measured with
    /// them), which pages the site has and whether it has browse pages' links (not where
    /// they are: the lightbox reads them from their own file, `BrowseLinks`). Not the style sheet
    /// (every page links it by one name) nor the font files' names: the rest files' change with
    /// every character new to the site and only the style sheet names them; pages name the base
    /// files, in their preloads (`inputsDigest`).
    func sharedInputs() throws -> String {
        let style = try style()
        var text = "gallery site inputs 3\n" + Self.programIdentity + "\n"
        text += try JSON.string(context.configuration, JSONOutput(sortedKeys: true)) + "\n"
        text += String(reflecting: context.geometry) + "\n"
        text += "location \(context.publishLocation) map \(hasMap) index \(hasIndexPage) browse \(hasBrowsePage) search \(hasSearch) private \(hasPrivateAlbums)\n"
        text += "only \(context.onlyAlbum ?? "-") excluded \(context.excludedAlbums)\n"
        text += "title \(renderer.siteTitle) search \(renderer.searchPage ?? "-") map \(renderer.mapPage ?? "-")\n"
        text += "browse links \(renderer.browseLinks ?? "-")\n"
        text += "set in \(context.caption.fingerprint) \(context.comment.fingerprint) faces \(style.faces)\n"
        return text
    }

    /// The digest of everything `album`'s files are made from (its source `source`; `albumInputs`:
    /// what all of them share). Not for a private album, whose one page, its password box, is
    /// made each time.
    func inputsDigest(of album: SiteAlbums.Album, source: AlbumSource, albumInputs: String) throws -> String {
        var text = try albumInputs + preloads
        text += "whole \(source.count) \(source.videoCount) \(album.count) \(album.videoCount) \(album.dates ?? "-") \(source.coverFile ?? "-")\n"
        text += "links " + String(reflecting: source.links) + "\n"
        text += "description " + String(reflecting: source.description) + "\n"
        text += "masonry " + source.layouts.map { "\($0.layout.id):\($0.layout.revision)" }.joined(separator: " ") + "\n"
        // Its chunks in the search's blocks: where they are, which the index says.
        text += "shared " + (try sharedChunks(source)).digestText + "\n"
        // Whose data files its pages load (`DataTwins`): another page's, which it does not write.
        text += try dataTwins().digestText(of: album.links.stem) + "\n"
        if views(of: album).contains(.justified) {
            text += "justified " + (try source.justifiedLayouts()).map { "\($0.layout.id):\($0.layout.revision)" }.joined(separator: " ") + "\n"
        }
        var hash = SHA256()
        hash.update(data: Data(text.utf8))
        let ids = try source.photoIDs()
        for start in stride(from: 0, to: ids.count, by: 2_000) {
            hash.update(data: Data(try photoLines(ids[start ..< min(start + 2_000, ids.count)]).utf8))
        }
        return Self.hex(hash)
    }

    /// The digest of one of `album`'s files that shows a run of its photos only — a data chunk,
    /// a group's shapes, a justified frames file, a plain page — from that run's own inputs:
    /// when one photo changes, the files of the runs before it (and, but for frames that moved,
    /// after it) keep their digest. Nil for the album's other files (they read all of it: `inputsDigest`).
    func partDigest(_ file: AlbumFile, source: AlbumSource, albumInputs: String) throws -> String? {
        var text = albumInputs + "file \(file)\n"
        switch file {
        case .chunk:
            // Its photos and their texts' heights, not their places: the page places them from
            // the index (`AlbumData.Cell`), so a photo changed before them leaves them as they are.
            return try digest(text, run: try source.photos(of: file), of: source)
        case .shapes:
            // Its photos' shapes and texts' heights in every band (`AlbumSource.shapes`): the
            // layouts' photo heights are the engine's inner width / aspect ratio.
            return try digest(text, run: try source.photos(of: file), of: source)
        case .ids:
            // Its photos' ids, as the file lists them.
            return Self.digest(text + (try source.photoIDs(try source.photos(of: file))).map(String.init).joined(separator: " ") + "\n")
        case .justifiedFrames:
            // Frames only, as the file holds them (from the chunk's top, not the album's), by
            // their numbers' bits: as text they were a second's formatting at 100,000 photos.
            var hash = SHA256()
            hash.update(data: Data(text.utf8))
            for frame in try source.justifiedChunkFrames(try source.photos(of: file), every: try source.everyJustifiedFrame()) {
                [Double(frame.count)].withUnsafeBytes { hash.update(bufferPointer: $0) }
                frame.withUnsafeBytes { hash.update(bufferPointer: $0) }
            }
            return Self.hex(hash)
        case .justifiedBounds(let id, let chunks):
            // Its chunks' bounds, as the file holds them (from its group's top).
            guard let chunk = try source.cuts().chunk(firstID: id) else { return nil }
            var hash = SHA256()
            hash.update(data: Data(text.utf8))
            for band in try source.justifiedRunBounds(chunk ..< chunk + chunks) {
                [Double(band.count)].withUnsafeBytes { hash.update(bufferPointer: $0) }
                band.withUnsafeBytes { hash.update(bufferPointer: $0) }
            }
            return Self.hex(hash)
        case .plainPage(let id):
            // Its photos' cells (`plainPage`), not their places in the album; the header's
            // links; the pages before and after it.
            text += "links " + String(reflecting: source.links) + "\n"
            text += try preloads
            text += "around \(String(reflecting: try source.cuts().neighbours(firstID: id)))\n"
            return try digest(text, run: try source.photos(of: file), of: source)
        case .photoPage(let id):
            // The photo alone (and its album's title and links, in `albumInputs`).
            text += try preloads + photoLines([id])
        case .index, .columns, .heights, .dates, .justifiedIndex, .page, .sitemap:
            return nil
        }
        return Self.digest(text)
    }

    /// The digest of the search's block of documents whose first photo is `id`, from its photos
    /// alone: their cells carry their texts' heights, not places (`SiteSearch.documentsScript`),
    /// so one changed photo changes one block, and photos inserted the blocks they land in.
    func searchDocsDigest(_ id: Int64, source: AlbumSource, albumInputs: String) throws -> String {
        try digest(albumInputs + "docs \(id)\n", run: try source.photos(of: .chunk(id)), of: source)
    }

    /// The digest of the search's words shard `key` (of the added photos' when `recent`; nil
    /// when there is none), from its words and their documents, as its file holds them: a
    /// caption edited rewrites the shards that held its old words or hold its new ones, and
    /// the others need not even be written out again to be compared (their JSON was 3 % of a
    /// caption's build at 100,000 photos).
    func searchTermsDigest(_ key: String, recent: Bool, albumInputs: String) throws -> String? {
        guard let terms = try search().terms(key: key, recent: recent) else { return nil }
        var hash = SHA256()
        hash.update(data: Data((albumInputs + (recent ? "recent terms" : "terms") + " \(key)\n").utf8))
        for (token, documents) in terms {
            hash.update(data: Data(token.utf8))
            [Int32(0), Int32(documents.count)].withUnsafeBytes { hash.update(bufferPointer: $0) }
            documents.withUnsafeBytes { hash.update(bufferPointer: $0) }
        }
        return Self.hex(hash)
    }

    /// The digest of `text` and then of the photos at `indices` of `source`, by their digests
    /// (`photoDigests`): what a run laid out on its own, or placed by the page, is made from.
    /// Not where the run lies in the album: no such file says it (`AlbumCuts`), so photos
    /// inserted before it leave its digest as it was, and the export does not render it again.
    private func digest(_ text: String, run indices: Range<Int>, of source: AlbumSource) throws -> String {
        let digests = try photoDigests(of: source)
        let run = indices.clamped(to: 0 ..< digests.count)
        var hash = SHA256()
        hash.update(data: Data(text.utf8))
        hash.update(data: Data("run of \(run.count)\n".utf8))
        digests.withDigests(of: run) { hash.update(bufferPointer: $0) }
        return Self.hex(hash)
    }

    /// Each photo's digest, in album order, of all that the files showing a run of photos read
    /// of it: its id (not its index), its photo's and texts' heights in every band (not its
    /// places), what may change how it is drawn (`renderStamps`) and whether its images or clip
    /// failed. Made once per album, in one pass over its layouts and stamps: each chunk, group
    /// and plain page reading its run from every band and the stamps again was a fifth of a
    /// caption's export.
    private func photoDigests(of source: AlbumSource) throws -> PhotoRunDigests {
        try source.photoDigests.withLock { known in
            if let known { return known }
            let database = context.database, stamps = try renderStamps()
            var digests = PhotoRunDigests(reservingFor: source.count)
            for part in source.parts {
                let bands = try source.layouts.map { try database.layoutItems(of: $0, indices: part) }
                guard let first = bands.first else { break }
                for (position, item) in first.enumerated() {
                    digests.append(UInt64(bitPattern: item.photoID))
                    for band in bands {
                        // Every band's items of one index range: the same photos unless the
                        // library changed in between (then another id is digested, not skipped).
                        guard position < band.count else {
                            for _ in 0 ..< 4 { digests.append(.max) }
                            continue
                        }
                        let placed = band[position]
                        digests.append(UInt64(bitPattern: placed.photoID))
                        digests.append(placed.photoHeight.bitPattern)
                        digests.append(placed.captionHeight.bitPattern)
                        digests.append(placed.commentHeight.bitPattern)
                    }
                    let id = item.photoID
                    digests.append(stamps[id] ?? "gone")
                    digests.append(context.imageFailures[id] ?? "-")
                    digests.append(context.videoFailures[id] ?? "-")
                    digests.endPhoto()
                }
            }
            known = digests
            return digests
        }
    }

    /// The fonts every page preloads, by their base files' names (pages only: no data file names
    /// them). They change with the font package, or a face's first mark or joiner (`FontFile`).
    private var preloads: String {
        get throws { "preloads \(try style().firstScreenFonts)\n" }
    }

    /// What every file of `album` is made from but its photos and their places: the site's
    /// `shared` inputs and the album as listed, without what adding a photo changes (its counts,
    /// dates and ZIP), which the files that show them add (`inputsDigest`, `partDigest`). Made
    /// once per album, for all of its files' digests.
    func albumInputs(of album: SiteAlbums.Album, source: AlbumSource, shared: String) -> String {
        var listed = album
        // Never kept, not even digested: a password has no place in a file beside the site.
        listed.settings?.password = nil
        listed.settings?.passwordFile = nil
        (listed.count, listed.videoCount, listed.dates, listed.links.zip) = (0, 0, nil, nil)
        var links = source.links
        links.zip = nil
        return shared + "\nalbum " + String(reflecting: listed) + "\nsource \(source.name) \(String(reflecting: source.scope)) "
            + String(reflecting: links) + " views \(views(of: album))\n"
    }

    /// A line per photo of `ids`, in their order: what may change how it is drawn
    /// (`GalleryDatabase.renderStamps`) and whether its images or its clip failed this time.
    private func photoLines(_ ids: some Collection<Int64>) throws -> String {
        let stamps = try renderStamps()
        var lines = ""
        for id in ids {
            lines += "\(id) \(stamps[id] ?? "gone") \(context.imageFailures[id] ?? "-") \(context.videoFailures[id] ?? "-")\n"
        }
        return lines
    }

    /// Every photo's render stamp (`GalleryDatabase.renderStamps`), read once for the snapshot.
    private func renderStamps() throws -> [Int64: String] {
        try madeStamps.withLock { made in
            if let made { return made }
            let stamps = try context.database.renderStamps()
            made = stamps
            return stamps
        }
    }

    /// The digest in lowercase hex, by table: `String(format:)` a byte at a time was 2.5 % of
    /// a caption's build at 100,000 photos (a digest for each of thousands of part files).
    private static func hex(_ hash: SHA256) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * SHA256.byteCount)
        for byte in hash.finalize() { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }

    private static func digest(_ text: String) -> String {
        var hash = SHA256()
        hash.update(data: Data(text.utf8))
        return hex(hash)
    }

    /// The digest of what the map's page and points files are made from: the site's `shared`
    /// inputs, the albums on the map by stem and title, the fonts pages preload, and the
    /// search's points (where each photo is, its place in the search's order, its id, which
    /// cuts the parts, its album). Not the photos' texts: a caption edited leaves the map's
    /// 2.7 MB of points (at 100,000 photos) as they were, unrendered.
    func mapDigest(shared: String) throws -> String {
        let search = try search()
        var hash = SHA256()
        let albums = albums.all.filter { $0.path.map(mappedAlbums.contains) == true }.map { "\($0.links.stem ?? "") \($0.title)" }
        hash.update(data: Data((shared + searchInputs + "\nmap " + albums.joined(separator: "\n") + "\n" + (try preloads)).utf8))
        for point in search.points {
            [point.latitude, point.longitude, Double(point.document)].withUnsafeBytes { hash.update(bufferPointer: $0) }
            [point.id].withUnsafeBytes { hash.update(bufferPointer: $0) }
            hash.update(data: Data((point.stem + "\n").utf8))
        }
        return Self.hex(hash)
    }

    /// What the search's files are made from beyond its photos (`sharedInputs` and the search's
    /// own album): each album's stem by its name, which its map points carry.
    var searchInputs: String {
        "\nsearch albums " + albums.all.map { "\($0.name)=\($0.links.stem ?? "")" }.joined(separator: " ")
    }

    /// The running program's file, by size and modification time: a rebuilt or upgraded gallery
    /// renders everything once, as its pages may differ.
    static let programIdentity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "program unknown \(UInt64.random(in: .min ... .max))" }
        return "program \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
    }()
}
