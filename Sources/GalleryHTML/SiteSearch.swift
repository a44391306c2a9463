import GalleryLayout
import GalleryService
import GalleryStore

/// The site's search index: what the search page (gallery-9-found.js) finds photos in, with
/// no server behind it.
///
/// Every photo the site lists is a document, in search order (by date across albums:
/// `BrowseSelection.all`, the order `gallery layout --query` lays out what it finds in), and
/// has a number that an insert does not change (`SearchNumbering`). Its
/// words (`LibraryPhoto.searchTokens`) go into shards by their first characters: a shard holds
/// every word that begins with its key and no longer key, so a query word needs only the
/// shards whose key begins it or that it begins (one, most of the time), and a shard stays
/// near `shardBytes` however large the library, unless one word alone is larger. Each word
/// lists its documents' numbers (ascending, as gaps). The words are in two sets of shards:
/// those of the photos added since the last renumbering (`recentShards`: at most about 1,000,
/// wherever they are in search order) and those of every other photo, each set cut by the same
/// rule on its own; the page reads a word's shards in both. A day of photos added (at the end,
/// or all over the years from an old memory card) then rewrites the added photos' shards, not
/// every older shard holding one of its words or renumbered by it (7.8 MB at 100,000 photos):
/// the older shards change with the words of the photos they hold, and all at a renumbering.
/// The documents' cells (`AlbumData.Cell` without column or y, their texts' heights
/// in every band unrounded) are in blocks, the chunks of the search's album (`AlbumCuts`: cut
/// by content and named by their first photo's id, so that photos inserted by date rewrite
/// the blocks they land in, not every block after them), fetched only for the photos drawn:
/// the page places what it found with the engine's shortest-column rule from their aspect
/// ratios and measured heights, as `gallery layout --query` does.
///
/// Every file is a script calling `galleryData({...})`, as the album's data files are, so
/// search works from `file://` too.
struct SiteSearch: Sendable {
    /// About how many bytes a shard's JSON may take before it is split by one more character.
    static let shardBytes = 48_000
    /// Keys are at most this many characters: a shard with one very common word stays one.
    static let longestKey = 4

    struct Shard: Sendable {
        var key: String
        /// Its words, each with the documents it is in, ascending.
        var terms: [(token: String, documents: [Int32])]
    }

    /// How many documents (photos) the index holds.
    let count: Int
    /// Its blocks of documents' cells: the chunks of the search's album (about 15 photos: a
    /// first screen of found photos from all over a library costs a few of them, at about 640
    /// bytes a cell, most of it its texts with the bands' line breaks).
    let blocks: AlbumCuts
    /// The documents' numbers, and where each number is in search order: the words of the
    /// documents added since the last renumbering are in `recentShards`, the others' in `shards`.
    let numbers: SearchNumbering.Placed
    /// The shards of the base's documents and of those added, by key (each sorted by their
    /// UTF-8 bytes).
    let shards: [Shard], recentShards: [Shard]
    /// Each shard's position in `shards` and in `recentShards`, by its key.
    private let shardByKey: [String: Int], recentShardByKey: [String: Int]
    /// Where the documents were taken, only where the site publishes locations (`places`):
    /// the map's points, in search order, each with its document's number and its album's stem
    /// ("" on a one-album site).
    let points: [MapPoint]

    struct MapPoint: Sendable {
        var latitude: Double, longitude: Double, document: Int, id: Int64, stem: String
    }

    /// The index of `all`'s photos (the source of `BrowseSelection.all`), their words with
    /// places where the site publishes them and dates by `monthNames` (the site's language).
    /// `albumStems`: each album's stem by its name, for the map's points. `numbering`: the last
    /// export's numbers (nil: every document numbered by its place).
    init(all: AlbumSource, places: Bool, monthNames: [[String]], albumStems: [String: String] = [:], signature: String,
         numbering: SearchNumbering? = nil) throws {
        let ids = try all.photoIDs()
        let numbers = SearchNumbering.place(ids, previous: numbering)
        // Kept in the library for the photos unchanged since the last index with this
        // signature: one caption edited no longer cuts every photo's texts into words again.
        let photos = try all.context.database.searchWords(ids: ids, places: places, monthNames: monthNames,
                                                           signature: signature + " places \(places) months \(monthNames)")
        var postings: [String: [Int32]] = [:]
        var points: [MapPoint] = []
        for (position, id) in ids.enumerated() {
            guard let photo = photos[id] else { continue }
            let document = numbers.numbers[position]
            for word in photo.words {
                postings[word, default: []].append(document)
            }
            if places, let (latitude, longitude) = MapPlace.of(latitude: photo.latitude, longitude: photo.longitude) {
                points.append(MapPoint(latitude: latitude, longitude: longitude, document: Int(document), id: id, stem: albumStems[photo.album] ?? ""))
            }
        }
        count = ids.count
        blocks = try all.cuts()
        let base = Int32(numbers.numbering.base.count)
        var older: [String: [Int32]] = [:], recent: [String: [Int32]] = [:]
        for (word, unsorted) in postings {
            // Ascending: the base's numbers, then the added ones.
            let documents = numbers.addedPositions.isEmpty ? unsorted : unsorted.sorted()
            let cut = documents.firstIndex { $0 >= base } ?? documents.count
            if cut > 0 { older[word] = Array(documents[..<cut]) }
            if cut < documents.count { recent[word] = Array(documents[cut...]) }
        }
        self.numbers = numbers
        shards = Self.shards(older)
        recentShards = Self.shards(recent)
        shardByKey = Self.positions(shards)
        recentShardByKey = Self.positions(recentShards)
        self.points = points
    }

    /// The words cut into shards: by their first character, and a shard larger than
    /// `shardBytes` again by the next (its words no longer than its key stay in it).
    static func shards(_ postings: [String: [Int32]]) -> [Shard] {
        typealias Entry = (token: String, documents: [Int32])
        func key(_ token: String, _ length: Int) -> String {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: token.unicodeScalars.prefix(length))
            return String(scalars)
        }
        // A word, its quotes and colon, and its gaps of a few digits each.
        func bytes(_ entries: [Entry]) -> Int { entries.reduce(0) { $0 + $1.token.utf8.count + 4 + 4 * $1.documents.count } }
        func grouped(_ entries: [Entry], length: Int) -> [(key: String, entries: [Entry])] {
            Dictionary(grouping: entries) { key($0.token, length) }.map { ($0.key, $0.value) }
        }
        var shards: [Shard] = []
        func place(_ entries: [Entry], key: String, length: Int) {
            guard bytes(entries) > shardBytes, length < longestKey else {
                shards.append(Shard(key: key, terms: entries))
                return
            }
            let own = entries.filter { $0.token.unicodeScalars.count <= length }
            if !own.isEmpty { shards.append(Shard(key: key, terms: own)) }
            for group in grouped(entries.filter { $0.token.unicodeScalars.count > length }, length: length + 1) {
                place(group.entries, key: group.key, length: length + 1)
            }
        }
        for group in grouped(postings.map { ($0.key, $0.value) }, length: 1) { place(group.entries, key: group.key, length: 1) }
        for index in shards.indices { shards[index].terms.sort { $0.token.utf8.lexicographicallyPrecedes($1.token.utf8) } }
        return shards.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private static func positions(_ shards: [Shard]) -> [String: Int] {
        Dictionary(shards.enumerated().map { ($0.element.key, $0.offset) }) { first, _ in first }
    }

    /// A file's name with "{n}" for what names it (`SiteFileName` makes every name): `sample`
    /// is the file of `n`, which its name writes as `written`.
    private static func template(_ sample: SearchFile, written: String) -> String {
        SiteFileName.search(sample).name.replacingOccurrences(of: "-\(written).js", with: "-{n}.js")
    }
    private static let termsTemplate = template(.terms(key: "a"), written: "61")
    private static let recentTermsTemplate = template(.recentTerms(key: "a"), written: "61")
    static let docsTemplate = template(.docs(0), written: "0")

    // MARK: - Files

    /// What the page learns first.
    struct Index: Encodable {
        var kind = "search"
        var count: Int
        /// Where each document's number is in search order (`SearchNumbering`): numbers below
        /// `base` but `holes` are the base's documents, in search order, around the places the
        /// added ones take; number `base` + i is at place `added[i]`.
        var base: Int
        var holes: [Int]
        var added: [Int]
        /// Each block's first document, and its first photo's id (its file's name: `docs` with
        /// {n} = the id).
        var blockStarts: [Int]
        var blocks: [Int64]
        /// The shards' keys: a shard's words are in `terms` with {n} = its key's UTF-8 bytes in
        /// lowercase hex; the added photos' shards' in `recentTerms`.
        var shards: [String]
        var recentShards: [String]
        /// The names of the shards' and the blocks' files: {n} a shard's key in hex, a block's id.
        var terms: String
        var recentTerms: String
        var docs: String
        /// The grid's bands and what a cell's height is made of (`MasonryOptions`), for the
        /// page's placement.
        var bands: [AlbumData.Band]
        var padding: Double
        var gutter: Double
        var annotationTop: Double
        var annotationBottom: Double
        /// The grid images' `sizes`.
        var sizes: String
    }

    struct Terms: Encodable {
        var kind = "terms"
        /// Each word's documents: the first, then the gaps to each next.
        var terms: [String: [Int32]]
    }

    struct Documents: Encodable {
        var kind = "docs"
        /// Entry j: the block's first document + j (nil should the library have changed while
        /// the block was made).
        var cells: [AlbumData.Cell?]
    }

    func indexScript(fluid: FluidMasonry) throws -> String {
        let options = fluid.options(fluid.bands[0])
        return try AlbumData.script(Index(
            count: count, base: numbers.numbering.base.count, holes: numbers.holes, added: numbers.addedPositions,
            blockStarts: blocks.chunkStarts, blocks: blocks.chunkIDs, shards: shards.map(\.key), recentShards: recentShards.map(\.key),
            terms: Self.termsTemplate, recentTerms: Self.recentTermsTemplate, docs: Self.docsTemplate,
            bands: fluid.bands.map { AlbumData.Band(columns: $0.columns, innerWidth: $0.innerWidth) },
            padding: fluid.cellPadding, gutter: fluid.gutter, annotationTop: options.annotationTopPadding,
            annotationBottom: options.annotationBottomPadding, sizes: fluid.imageSizes))
    }

    /// The words of the shard whose key is `key` (of the added photos' shards when `recent`),
    /// each with its documents; nil when there is no such shard.
    func terms(key: String, recent: Bool) -> [(token: String, documents: [Int32])]? {
        recent ? recentShardByKey[key].map { recentShards[$0].terms } : shardByKey[key].map { shards[$0].terms }
    }

    /// The words of the shard whose key is `key` (of the added photos' when `recent`); nil
    /// when there is no such shard.
    func termsScript(key: String, recent: Bool) throws -> String? {
        guard let shard = terms(key: key, recent: recent) else { return nil }
        var terms: [String: [Int32]] = [:]
        for (token, documents) in shard {
            var previous: Int32 = 0
            terms[token] = documents.map { document in
                defer { previous = document }
                return document - previous
            }
        }
        return try AlbumData.script(Terms(terms: terms))
    }

    /// The block of the documents' cells whose first photo is `id`, from `all`; nil when there
    /// is no such block.
    func documentsScript(_ id: Int64, all: AlbumSource, markup: CellMarkup) throws -> String? {
        guard let block = blocks.chunk(firstID: id) else { return nil }
        let range = blocks.chunkRange(block)
        var cells = [AlbumData.Cell?](repeating: nil, count: range.count)
        for cell in try all.cells(range) where range.contains(cell.index) { cells[cell.index - range.lowerBound] = AlbumData.Cell(cell, markup: markup, withItem: false, withPlace: true) }
        return try AlbumData.script(Documents(cells: cells))
    }

    /// The map's points of the album whose stem is `stem` (nil: every point), and their
    /// clusters.
    func map(stem: String?) -> (points: [MapPoint], clusters: MapClusters) {
        let chosen = points.filter { stem == nil || $0.stem == stem }
        return (chosen, MapClusters(points: chosen.map { ($0.latitude, $0.longitude) }))
    }

    /// The map of the album whose stem is `stem` (nil: every point) as its page loads it.
    func mapPoints(stem: String?) throws -> SiteMapPoints {
        let (chosen, clusters) = map(stem: stem)
        return try SiteMapPoints(points: chosen, clusters: clusters)
    }

    /// The files of the index, in the order an export writes them (the index last: a page
    /// that reads it finds every file it names).
    var files: [SearchFile] {
        blocks.chunkIDs.map(SearchFile.docs) + shards.map { .terms(key: $0.key) } + recentShards.map { .recentTerms(key: $0.key) } + [.index, .page]
    }
}
