import Foundation
import GalleryLayout
import GRDB

extension GalleryDatabase {
    // MARK: - Scopes and inputs

    /// The scope for `album` (nil: the whole library when it has several albums, the album
    /// when it has one): an album by its name or path, else a browse page by its name
    /// (`BrowseSelection`: "keyword:sunset", "year:2024", "favorites", …).
    /// "browse:" before a browse page's name makes it one even where an album has that name.
    /// - Parameters:
    ///   - favoritesRating: the stars that make a photo a favourite (`[browse]`).
    ///   - excluding: albums (paths) whose photos a browse page leaves out: unlisted ones.
    /// - Throws: `StoreError.unknownAlbum`, listing the known albums; `.emptyBrowsePage`.
    public func layoutScope(album: String?, favoritesRating: Int = 4, excluding: [String] = []) throws -> LayoutScope {
        try read { db in try Self.scope(db, album: album, favoritesRating: favoritesRating, excluding: excluding) }
    }

    static func scope(_ db: Database, album: String?, favoritesRating: Int, excluding: [String] = []) throws -> LayoutScope {
        let albums = try Row.fetchAll(db.cachedStatement(sql: "SELECT path, name FROM albums ORDER BY path"))
        if let album {
            let forced = album.hasPrefix("browse:")
            if !forced, let row = albums.first(where: { ($0["name"] as String) == album || ($0["path"] as String) == album }) {
                return .album(path: row["path"])
            }
            let name = forced ? String(album.dropFirst("browse:".count)) : album
            guard let selection = BrowseSelection(name: name, favoritesRating: favoritesRating) else {
                if let expected = BrowseSelection.expectedForm(of: name) { throw StoreError.malformedBrowseName(name: name, expected: expected) }
                throw StoreError.unknownAlbum(name: album, known: albums.map { $0["name"] })
            }
            return try browseScope(db, selection, excluding: excluding)
        }
        if albums.count == 1, let only = albums.first { return .album(path: only["path"]) }
        return .library
    }

    /// A browse page's photos from every album but `excluding`, `selection` as the library
    /// spells it.
    /// - Throws: `StoreError.emptyBrowsePage`, listing what the library has of its kind.
    public func browseScope(_ selection: BrowseSelection, excluding: [String]) throws -> LayoutScope {
        try read { db in try Self.browseScope(db, selection, excluding: excluding) }
    }

    /// Counts `scope`'s photos for its revision now, unless they are counted at this library
    /// revision already: what a build does for every browse page, a few at a time, before it
    /// asks for their layouts (`SiteSnapshot.prepareBrowsePages`).
    public func countPhotos(of scope: LayoutScope) throws {
        _ = try read { db in try revision(db, scope: scope) }
    }

    static func browseScope(_ db: Database, _ selection: BrowseSelection, excluding: [String]) throws -> LayoutScope {
        .browse(try canonical(db, selection, excluding: excluding.sorted()), excluding: excluding.sorted())
    }

    /// `selection` as the library spells it (a keyword, person or place named in another
    /// case: the spelling most photos have), once some photo is on it.
    /// - Throws: `StoreError.emptyBrowsePage`, listing what the library has of its kind.
    static func canonical(_ db: Database, _ selection: BrowseSelection, excluding: [String]) throws -> BrowseSelection {
        func spelled(_ sql: SQL, kind: String, known: SQL) throws -> String {
            if let name = try SQLRequest<String>(literal: sql).fetchOne(db) { return name }
            throw StoreError.emptyBrowsePage(name: selection.name, kind: kind, known: try SQLRequest<String>(literal: known).fetchAll(db))
        }
        // Only photos a page may gather count: a name found only in a left-out album, or only
        // on a Live Photo's clip, is none.
        let listed: SQL = "\(BrowseSelection.listed(excluding)) AND p.live_still_id IS NULL"
        let years: SQL = "SELECT DISTINCT substr(p.taken_at, 1, 4) FROM photos p JOIN albums a ON a.id = p.album_id WHERE p.taken_at IS NOT NULL AND \(listed) ORDER BY 1"
        // Which spelling most photos have is counted only where the library has several: with
        // one, the first photo found has it (a count of a keyword's photos is a scan of them,
        // at 100,000 photos 15 ms a page).
        func choice(among spellings: SQL, _ order: SQL) throws -> SQL {
            try SQLRequest<Int>(literal: "SELECT count(*) FROM (\(spellings))").fetchOne(db) ?? 0 > 1 ? order : ""
        }
        // A keyword's or a person's name, by the table of names and the photos' links to it.
        func name(_ value: String, table: String, link: String, column: String) throws -> String {
            let named: SQL = "FROM \(sql: table) t JOIN \(sql: link) l ON l.\(sql: column) = t.id JOIN photos p ON p.id = l.photo_id JOIN albums a ON a.id = p.album_id"
            let order = try choice(among: "SELECT id FROM \(sql: table) WHERE name = \(value) COLLATE NOCASE", "GROUP BY t.id ORDER BY count(*) DESC, t.name")
            return try spelled("SELECT t.name \(named) WHERE t.name = \(value) COLLATE NOCASE AND \(listed) \(order) LIMIT 1",
                               kind: table, known: "SELECT DISTINCT t.name \(named) WHERE \(listed) ORDER BY t.name")
        }
        switch selection {
        case .keyword(let keyword):
            return .keyword(try name(keyword, table: "keywords", link: "photo_keywords", column: "keyword_id"))
        case .person(let person):
            return .person(try name(person, table: "people", link: "photo_people", column: "person_id"))
        case .place(let place):
            let levels = ["place_sublocation", "place_city", "place_state", "place_country"]
            let from: SQL = "FROM annotations n JOIN photos p ON p.id = n.photo_id JOIN albums a ON a.id = p.album_id"
            let named = levels.map { level -> SQL in "SELECT n.\(sql: level) AS name \(from) WHERE n.\(sql: level) = \(place) COLLATE NOCASE AND \(listed)" }
                .joined(separator: " UNION ALL ")
            let spellings = levels.map { level -> SQL in "SELECT \(sql: level) FROM annotations WHERE \(sql: level) = \(place) COLLATE NOCASE" }
                .joined(separator: " UNION ")
            let order = try choice(among: spellings, "GROUP BY name ORDER BY count(*) DESC, name")
            let all = levels.map { level -> SQL in "SELECT n.\(sql: level) AS name \(from) WHERE n.\(sql: level) IS NOT NULL AND \(listed)" }.joined(separator: " UNION ")
            return .place(try spelled("SELECT name FROM (\(named)) \(order) LIMIT 1", kind: "places", known: "SELECT name FROM (\(all)) ORDER BY name"))
        case .year, .month:
            guard try SQLRequest<Bool>(literal: "SELECT EXISTS (SELECT 1 FROM photos p JOIN albums a ON a.id = p.album_id WHERE \(selection.condition) AND \(listed))").fetchOne(db) == true else {
                throw StoreError.emptyBrowsePage(name: selection.name, kind: "years", known: try SQLRequest<String>(literal: years).fetchAll(db))
            }
            return selection
        case .favorites, .all:
            return selection
        }
    }

    /// What a scope's stored layouts were computed from, compared for equality
    /// (`LayoutRecord.layout(currentRevision:)`): an album's own revision; for a browse page,
    /// how many photos it has and the latest change among them (`photos.changed`, migration
    /// 0023) — any photo that comes onto the page, or changes on it, carries a change newer
    /// than all before, and one that goes lowers the count — so a change elsewhere in the
    /// library leaves its layouts fresh. The whole library and searches follow the library's
    /// revision. A browse page's count is a scan of its photos: kept per library revision
    /// (`scopeRevisions`), as every change moves that.
    func revision(_ db: Database, scope: LayoutScope) throws -> Int64 {
        switch scope {
        case .album(let path):
            // A deleted album reads as -1, so its layouts read as stale.
            return try Int64.fetchOne(db.cachedStatement(sql: "SELECT revision FROM albums WHERE path = ?"), arguments: [path]) ?? -1
        case .library, .search:
            return try Self.libraryRevision(db)
        case .browse(let selection, let excluding):
            let library = try Self.libraryRevision(db)
            if let known = scopeRevisions.revision(of: scope.stored, at: library) { return known }
            let row = try SQLRequest<Row>(literal: Self.pageCount(selection, excluding: excluding)).fetchOne(db)
            let revision = Self.browseRevision(photos: row?["photos"] ?? 0, latest: row?["latest"] ?? 0)
            scopeRevisions.keep(revision, of: scope.stored, at: library)
            return revision
        }
    }

    /// A browse page's revision from how many photos it holds and the latest change among them.
    /// Both in one number (the column stored layouts keep): the latest change above the
    /// count's 24 bits; two states of a page that differ have different pairs. Bit 62 is set,
    /// as no library revision (what browse layouts stored before 0023 carry) ever is: those
    /// can never read as fresh.
    static func browseRevision(photos: Int64, latest: Int64) -> Int64 {
        1 &<< 62 | (latest & (1 &<< 38 - 1)) &<< 24 | (photos & 0xFF_FFFF)
    }

    /// How many photos a browse page holds and the latest change among them (`photos`,
    /// `latest`): what its revision is made of. Each kind of page finds its own photos through
    /// an index (a date range, a place's levels, a keyword's or person's links), not by a scan
    /// of the library (held by `BrowsePageCountTests`, on the query plan).
    static func pageCount(_ selection: BrowseSelection, excluding: [String]) -> SQL {
        """
        SELECT count(*) AS photos, coalesce(max(p.changed), 0) AS latest
        FROM photos p JOIN albums a ON a.id = p.album_id LEFT JOIN annotations n ON n.photo_id = p.id
        WHERE \(onPage(selection, excluding: excluding))
        """
    }

    /// The library's revision: every change to photos, annotations, keywords, people and
    /// measured heights moves it.
    static func libraryRevision(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT revision FROM library_revision WHERE id = 1")) ?? 0
    }

    /// `select` (over photos `p` joined to albums `a` and annotations `n`) kept to the scope's
    /// photos, in display order.
    /// A Live Photo's clip is not an item of its own: it is left out.
    static func inDisplayOrder(_ db: Database, _ select: String, scope: LayoutScope) throws -> SQL {
        let sort = try photoOrder(db)
        let order = sort.orderBy, acrossAlbums = sort.acrossAlbumsOrderBy
        switch scope {
        case .library: return "\(sql: select) WHERE p.live_still_id IS NULL ORDER BY \(sql: order)"
        case .album(let path): return "\(sql: select) WHERE a.path = \(path) AND p.live_still_id IS NULL ORDER BY \(sql: order)"
        case .search(let search):
            // One bound JSON array, whatever the count: a search may find more photos than a
            // statement takes parameters (32,766).
            let ids = "[" + (try found(db, search)).map { String($0.id) }.joined(separator: ",") + "]"
            return "\(sql: select) WHERE p.id IN (SELECT value FROM json_each(\(ids))) AND p.live_still_id IS NULL ORDER BY \(sql: acrossAlbums)"
        case .browse(let selection, let excluding):
            return "\(sql: select) WHERE \(onPage(selection, excluding: excluding)) ORDER BY \(sql: acrossAlbums)"
        }
    }

    /// The photos a browse page holds, as a condition on photos `p`, albums `a` and annotations
    /// `n`: those `selection` names, from every album but `excluding`, Live Photos' clips left
    /// out. What the page shows and what its revision counts.
    static func onPage(_ selection: BrowseSelection, excluding: [String]) -> SQL {
        "\(selection.condition) AND \(BrowseSelection.listed(excluding)) AND p.live_still_id IS NULL"
    }

    /// The photos of a scope in display order, with the scope's revision, read in one snapshot.
    public func layoutInputs(scope: LayoutScope) throws -> LayoutInputs {
        try read { db in
            let sql = try Self.inDisplayOrder(db, """
                SELECT p.id AS photo_id, p.display_width, p.display_height,
                       coalesce(n.caption, '') AS caption, coalesce(n.comment, '') AS comment
                FROM photos p JOIN albums a ON a.id = p.album_id
                LEFT JOIN annotations n ON n.photo_id = p.id
                """, scope: scope)
            let photos = try SQLRequest<Row>(literal: sql).fetchAll(db).map { row in
                LayoutInput(photoID: row["photo_id"], aspectRatio: Self.aspectRatio(row), caption: row["caption"], comment: row["comment"])
            }
            return LayoutInputs(revision: try self.revision(db, scope: scope), photos: photos)
        }
    }

    /// display_width / display_height of a row that selects both.
    private static func aspectRatio(_ row: Row) -> Double {
        let width: Double = row["display_width"], height: Double = row["display_height"]
        return width / height
    }

    // MARK: - Stored layouts

    private static let headerByKey = "SELECT \(LayoutRecord.selection) FROM layouts WHERE scope = ? AND kind = ? AND width = ? AND options = ?"

    /// The header stored under `key`, if any; `scopeRevision`: its scope's revision, when the
    /// caller has read it already.
    private func header(_ db: Database, _ key: LayoutKey, scopeRevision: Int64? = nil) throws -> StoredLayout? {
        // Cached statements: this is the hot path of the layout API.
        let record = try LayoutRecord.fetchOne(db.cachedStatement(sql: Self.headerByKey),
                                               arguments: [key.scope.stored, key.kind.rawValue, key.width, key.options])
        guard let record else { return nil }
        return record.layout(currentRevision: try scopeRevision ?? revision(db, scope: key.scope))
    }

    /// The masonry columns of a masonry header.
    private static func masonry(_ db: Database, _ layout: StoredLayout) throws -> StoredMasonryLayout? {
        try MasonryLayoutRecord.fetchOne(db.cachedStatement(sql: "SELECT \(MasonryLayoutRecord.selection) FROM masonry_layouts WHERE layout_id = ?"),
                                         arguments: [layout.id])?.masonry(layout)
    }

    /// Refuses to look up a layout of one kind as another's record: masonry items and free
    /// frames are different bytes, and one read as the other is garbage.
    private static func expect(_ kind: LayoutKind, of key: LayoutKey) throws {
        guard key.kind == kind else { throw StoreError.layoutKind(stored: key.kind, asked: kind) }
    }

    private func storedMasonry(_ db: Database, _ key: LayoutKey, scopeRevision: Int64? = nil) throws -> StoredMasonryLayout? {
        try Self.expect(.masonry, of: key)
        guard let header = try header(db, key, scopeRevision: scopeRevision) else { return nil }
        return try Self.masonry(db, header)
    }

    private func storedFrames(_ db: Database, _ key: LayoutKey) throws -> StoredFrameLayout? {
        try Self.expect(.justified, of: key)
        return try header(db, key).map(StoredFrameLayout.init)
    }

    /// The masonry layout stored under `key`, if any (stale or not: see `isStale`).
    /// - Throws: `StoreError.layoutKind` when `key` is not a masonry key.
    public func storedMasonryLayout(_ key: LayoutKey) throws -> StoredMasonryLayout? {
        try read { db in try self.storedMasonry(db, key) }
    }

    /// `storedMasonryLayout` of each of `keys`, in one read, each scope's revision read once (a
    /// page's bands share theirs).
    /// - Throws: `StoreError.layoutKind` when one is not a masonry key.
    public func storedMasonryLayouts(_ keys: [LayoutKey]) throws -> [StoredMasonryLayout?] {
        try read { db in
            var revisions: [String: Int64] = [:]
            return try keys.map { key in
                let revision = try revisions[key.scope.stored] ?? self.revision(db, scope: key.scope)
                revisions[key.scope.stored] = revision
                return try self.storedMasonry(db, key, scopeRevision: revision)
            }
        }
    }

    /// The layout of free frames stored under `key`, if any (stale or not: see `isStale`).
    /// - Throws: `StoreError.layoutKind` when `key` is not a justified key.
    public func storedFrameLayout(_ key: LayoutKey) throws -> StoredFrameLayout? {
        try read { db in try self.storedFrames(db, key) }
    }

    /// Every stored layout, with whether it is stale.
    public func storedLayouts() throws -> [AnyStoredLayout] {
        try read { db in
            let records = try LayoutRecord.order(LayoutRecord.Columns.scope, LayoutRecord.Columns.kind,
                                                 LayoutRecord.Columns.width, LayoutRecord.Columns.options).fetchAll(db)
            return try records.compactMap { record -> AnyStoredLayout? in
                guard let scope = LayoutScope(stored: record.scope),
                      let layout = record.layout(currentRevision: try self.revision(db, scope: scope)) else { return nil }
                switch layout.key.kind {
                case .masonry: return try Self.masonry(db, layout).map(AnyStoredLayout.masonry)
                case .justified: return .frames(StoredFrameLayout(layout: layout))
                case .wheel, .carousel, .circle: return nil
                }
            }
        }
    }

    /// A stored layout's items in index order: all of them, or those whose frame intersects
    /// the rect (found through the R*Tree of chunk bounds, then filtered exactly).
    public func layoutItems(of layout: StoredMasonryLayout, in rect: LayoutRect? = nil) throws -> [StoredLayoutItem] {
        try read { db in try Self.layoutItems(db, of: layout, in: rect) }
    }

    /// A stored layout's items whose indices are in `indices` (the album's photos `indices`), in
    /// index order: only the chunks that hold them are read.
    public func layoutItems(of layout: StoredMasonryLayout, indices: Range<Int>) throws -> [StoredLayoutItem] {
        guard !indices.isEmpty else { return [] }
        return try read { db in
            try Self.decodedChunks(db, of: layout.layout, indices: indices, decode: LayoutChunkCodec.decode(_:firstIndex:into:keep:)) { indices.contains($0.index) }
        }
    }

    /// The masonry layout stored under `key` and its items (all, or in `rect`), read in one
    /// snapshot: a writer replacing the layout meanwhile is seen entirely or not at all.
    public func storedLayoutWithItems(_ key: LayoutKey, in rect: LayoutRect?) throws -> MasonryLayoutWithItems? {
        try read { db in
            guard let layout = try self.storedMasonry(db, key) else { return nil }
            return MasonryLayoutWithItems(layout: layout, items: layout.layout.isStale ? [] : try Self.layoutItems(db, of: layout, in: rect))
        }
    }

    /// The library's revision: it changes with every change to photos or annotations.
    public func libraryRevision() throws -> Int64 {
        try read { db in try Self.libraryRevision(db) }
    }

    /// The library's revision, read through GRDB's async read (a pooled connection on its
    /// dispatch queue): what a server asks before each answer, without a snapshot's connection.
    public func libraryRevision() async throws -> Int64 {
        try await writer.read { db in try Self.libraryRevision(db) }
    }

    /// A stored layout's chunks in order, each given to `body` as its number and its bytes
    /// where SQLite holds them (valid only during the call): those whose bounds meet `rect`
    /// (through the R*Tree), or those holding `indices`, or all.
    private static func forEachChunk(_ db: Database, of layout: StoredLayout, indices: Range<Int>? = nil, in rect: LayoutRect? = nil,
                                     _ body: (Int, UnsafeRawBufferPointer) -> Void) throws {
        let size = LayoutChunkCodec.itemsPerChunk
        let rows: RowCursor
        if let rect {
            let first = layout.id * LayoutChunkCodec.chunkIDFactor
            rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT c.chunk, c.items FROM layout_chunk_bounds b
                JOIN layout_chunks c ON c.layout_id = ? AND c.chunk = b.id - ?
                WHERE b.id >= ? AND b.id < ?
                  AND b.max_x >= ? AND b.min_x <= ? AND b.max_y >= ? AND b.min_y <= ?
                ORDER BY c.chunk
                """), arguments: [layout.id, first, first, first + LayoutChunkCodec.chunkIDFactor,
                                 rect.x, rect.x + rect.width, rect.y, rect.y + rect.height])
        } else if let indices {
            guard !indices.isEmpty else { return }
            rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT chunk, items FROM layout_chunks WHERE layout_id = ? AND chunk >= ? AND chunk <= ? ORDER BY chunk"),
                                       arguments: [layout.id, indices.lowerBound / size, (indices.upperBound - 1) / size])
        } else {
            rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT chunk, items FROM layout_chunks WHERE layout_id = ? ORDER BY chunk"),
                                       arguments: [layout.id])
        }
        // The blobs read in place: copying each into a Data, then an array, then the items was
        // half of reading a band's items back (every band of every page a caption changes is
        // read whole once).
        while let row = try rows.next() {
            let chunk: Int = row[0]
            try row.withUnsafeData(atIndex: 1) { data in
                data?.withUnsafeBytes { body(chunk, $0) }
            }
        }
    }

    private static func layoutItems(_ db: Database, of layout: StoredMasonryLayout, in rect: LayoutRect?) throws -> [StoredLayoutItem] {
        try decodedChunks(db, of: layout.layout, in: rect, decode: LayoutChunkCodec.decode(_:firstIndex:into:keep:)) { item in
            guard let rect else { return true }
            return rect.intersects(LayoutRect(x: layout.x(column: item.column), y: item.y, width: layout.geometry.innerWidth, height: item.height))
        }
    }

    /// The items of a stored layout's chunks (`forEachChunk`: those meeting `rect`, or holding
    /// `indices`, or all), each chunk decoded by `decode` (its bytes and its first item's
    /// index; it appends those `keep` keeps): the one decoding loop of masonry items and free
    /// frames.
    private static func decodedChunks<Item>(_ db: Database, of layout: StoredLayout, indices: Range<Int>? = nil, in rect: LayoutRect? = nil,
                                            decode: (UnsafeRawBufferPointer, Int, inout [Item], (Item) -> Bool) -> Void,
                                            keep: (Item) -> Bool) throws -> [Item] {
        // The header held is not the one stored under its id: a layout someone else stored
        // after this snapshot began (a site's album source made by a concurrent request,
        // shared with this one) has no row here, and one replaced since the header was read
        // has other revisions and other chunks (`save` replaces in place). In a snapshot, the
        // snapshot is taken again (`GalleryDatabase.snapshot`) rather than answering an empty
        // page or another layout's items; outside one, the layout has no items to give.
        let current = try Row.fetchOne(db.cachedStatement(sql: "SELECT revision, inputs_revision FROM layouts WHERE id = ?"), arguments: [layout.id])
        guard let current, current[0] == layout.revision, current[1] == layout.inputsRevision else {
            if snapshotInUse != nil { throw SnapshotState.LibraryChanged() }
            return []
        }
        var items: [Item] = []
        if rect == nil { items.reserveCapacity(min(indices?.count ?? layout.itemCount, layout.itemCount)) }
        try withoutActuallyEscaping(keep) { keep in
            try forEachChunk(db, of: layout, indices: indices, in: rect) { chunk, bytes in
                decode(bytes, chunk * LayoutChunkCodec.itemsPerChunk, &items, keep)
            }
        }
        return items
    }

    /// Stores a masonry layout and its items in one transaction, replacing any under the same
    /// key; gives it back as stored (see `save` for when an existing one is kept).
    /// - Parameter replacing: the stored layout these items replace and its items, as the
    ///   caller read them: while it is still the one stored, the chunks that hold only items
    ///   the new ones repeat bit for bit are neither read nor written.
    @discardableResult
    public func saveLayout(_ masonry: StoredMasonryLayout, items: [StoredLayoutItem],
                           replacing old: (layout: StoredLayout, items: [StoredLayoutItem])? = nil) throws -> StoredMasonryLayout {
        try Self.expect(.masonry, of: masonry.layout.key)
        let unchanged = old.map { old in
            (layout: old.layout, items: zip(old.items, items).prefix { LayoutChunkCodec.sameBytes($0, $1) }.count)
        }
        return try save(masonry.layout, count: items.count, unchanged: unchanged, existing: { db, header in try Self.masonry(db, header) }, saveKind: { db, header in
            try MasonryLayoutRecord(masonry, layoutID: header.id).save(db)
            var saved = masonry
            saved.layout = header
            return saved
        }, chunk: { start, end in
            let slice = items[start ..< end]
            return (LayoutChunkCodec.encode(slice), Self.bounds(slice.lazy.map {
                LayoutRect(x: masonry.x(column: $0.column), y: $0.y, width: masonry.geometry.innerWidth, height: $0.height)
            }))
        })
    }

    /// Stores a layout of free frames (justified rows) in one transaction, replacing any under
    /// the same key; read back with `layoutFrames(of:indices:)`.
    @discardableResult
    public func saveLayout(_ layout: StoredFrameLayout, frames: [StoredFrame]) throws -> StoredFrameLayout {
        try Self.expect(.justified, of: layout.layout.key)
        return try save(layout.layout, count: frames.count, existing: { _, header in StoredFrameLayout(layout: header) },
                        saveKind: { _, header in StoredFrameLayout(layout: header) }, chunk: { start, end in
            let slice = frames[start ..< end]
            return (FrameChunkCodec.encode(slice), Self.bounds(slice.lazy.map { LayoutRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }))
        })
    }

    /// The box around a chunk's frames, for the R*Tree.
    private static func bounds(_ frames: some Sequence<LayoutRect>)
        -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for frame in frames {
            minX = min(minX, frame.x)
            maxX = max(maxX, frame.x + frame.width)
            minY = min(minY, frame.y)
            maxY = max(maxY, frame.y + frame.height)
        }
        return (minX, maxX, minY, maxY)
    }

    /// The header, then the kind's own row (`saveKind`, given the stored header), then the
    /// items in chunks (`chunk(start, end)`: a chunk's bytes and bounds).
    ///
    /// A layout stored from the same state of its scope, or from the state now, is kept, and returned
    /// (`existing` reads its kind's record): two writers that computed one layout at once (the
    /// server and `gallery import`) store it once, and a reader holding its id (a served site)
    /// keeps finding its items. One layout key and revision give one layout (the key holds
    /// every option and both fonts).
    ///
    /// A stale layout under the same key is replaced in place: same id, and only its chunks
    /// whose bytes changed are written. A caption edited halfway through an album of 100,000
    /// photos moves the items after it only, and a justified layout none of them (it reads no
    /// text): deleting and inserting every chunk wrote and freed 6 MB a band, 16 bands a page.
    /// A reader holding the replaced header tells by its revisions (`decodedChunks`).
    ///
    /// With `unchanged` (the header the caller read its old items under, and how many of them
    /// the new items repeat), while that header is still the one stored its chunks holding only
    /// those items are left as they are, unread: a caption edited in the middle of a page
    /// rewrites the chunks from its photo on, and now reads and encodes only those too.
    private func save<Layout>(_ layout: StoredLayout, count: Int, unchanged: (layout: StoredLayout, items: Int)? = nil,
                              existing: (Database, StoredLayout) throws -> Layout?,
                              saveKind: (Database, StoredLayout) throws -> Layout,
                              chunk: (Int, Int) -> ([UInt8], (minX: Double, maxX: Double, minY: Double, maxY: Double))) throws -> Layout {
        try write { db in
            let key = layout.key
            let stored = try self.header(db, key)
            // Kept when it is of the state this one was computed from, or of the state now (not
            // stale: this one was computed from an older state, by a writer that read before
            // another's commit). Equality only: a browse page's revision can go down.
            if let stored, stored.revision == layout.revision || !stored.isStale, let kept = try existing(db, stored) {
                return kept
            }
            var header = layout
            header.itemCount = count
            header.isStale = false
            var record = LayoutRecord(header)
            var oldChunks: [Int: Data] = [:]
            // Chunks before this one hold only items the caller saw stored and repeats.
            var firstChunk = 0
            if let stored {
                if let unchanged, unchanged.layout == stored {
                    firstChunk = min(unchanged.items, count, stored.itemCount) / LayoutChunkCodec.itemsPerChunk
                }
                record.id = stored.id
                try record.update(db)
                for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT chunk, items FROM layout_chunks WHERE layout_id = ? AND chunk >= ?"),
                                            arguments: [stored.id, firstChunk]) {
                    oldChunks[row[0]] = row[1]
                }
            } else {
                try record.insert(db)
            }
            header.id = record.id ?? db.lastInsertedRowID
            let saved = try saveKind(db, header)
            let insertChunk = try db.cachedStatement(sql: "INSERT INTO layout_chunks (layout_id, chunk, items) VALUES (?, ?, ?)")
            let updateChunk = try db.cachedStatement(sql: "UPDATE layout_chunks SET items = ? WHERE layout_id = ? AND chunk = ?")
            let insertBounds = try db.cachedStatement(sql: "INSERT INTO layout_chunk_bounds (id, min_x, max_x, min_y, max_y) VALUES (?, ?, ?, ?, ?)")
            let updateBounds = try db.cachedStatement(sql: "UPDATE layout_chunk_bounds SET min_x = ?, max_x = ?, min_y = ?, max_y = ? WHERE id = ?")
            var number = firstChunk
            var start = firstChunk * LayoutChunkCodec.itemsPerChunk
            while start < count {
                let end = min(start + LayoutChunkCodec.itemsPerChunk, count)
                let (bytes, bounds) = chunk(start, end)
                let boundsID = header.id * LayoutChunkCodec.chunkIDFactor + Int64(number)
                // R*Tree keeps 32-bit floats and rounds boxes outwards, so no item is missed;
                // the exact test happens on the decoded items.
                let box: [any DatabaseValueConvertible] = [bounds.minX, bounds.maxX, bounds.minY, bounds.maxY]
                let data = Data(bytes)
                if let old = oldChunks.removeValue(forKey: number) {
                    // Same bytes, same key: same items and so the same box. (Data's own ==
                    // compares the buffers at once; a generic comparison went byte by byte.)
                    if old != data {
                        try updateChunk.execute(arguments: [data, header.id, number])
                        try updateBounds.execute(arguments: StatementArguments(box + [boundsID]))
                    }
                } else {
                    try insertChunk.execute(arguments: [header.id, number, data])
                    try insertBounds.execute(arguments: StatementArguments([boundsID] + box))
                }
                start = end
                number += 1
            }
            // The chunks past the new end: the layout lost photos.
            if !oldChunks.isEmpty {
                try db.execute(sql: "DELETE FROM layout_chunks WHERE layout_id = ? AND chunk >= ?", arguments: [header.id, number])
                try db.execute(sql: "DELETE FROM layout_chunk_bounds WHERE id >= ? AND id < ?",
                               arguments: [header.id * LayoutChunkCodec.chunkIDFactor + Int64(number), (header.id + 1) * LayoutChunkCodec.chunkIDFactor])
            }
            return saved
        }
    }

    /// A stored layout of free frames: the frames whose indices are in `indices` (only the
    /// chunks that hold them are read), or those that meet `rect` (through the R*Tree), in
    /// index order.
    public func layoutFrames(of layout: StoredFrameLayout, indices: Range<Int>? = nil,
                             in rect: LayoutRect? = nil) throws -> [StoredFrame] {
        try read { db in
            try Self.decodedChunks(db, of: layout.layout, indices: rect == nil ? indices : nil, in: rect, decode: FrameChunkCodec.decode(_:firstIndex:into:keep:)) { frame in
                if let indices, !indices.contains(frame.index) { return false }
                guard let rect else { return true }
                return rect.intersects(LayoutRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
            }
        }
    }

    /// The ids, display aspect ratios and last changes of a scope's photos in display order,
    /// with the scope's revision and the library's, read in one snapshot: what a layout that
    /// needs no text is computed from, and what a masonry layout finds its changed photos by.
    /// The last scope's are kept while neither revision moves (`LastShapes`).
    public func layoutShapes(scope: LayoutScope) throws -> LayoutShapes {
        try read { db in
            let revision = try self.revision(db, scope: scope), library = try Self.libraryRevision(db)
            if let kept = lastShapes.shapes(of: scope.stored, revision: revision, library: library) { return kept }
            let sql = try Self.inDisplayOrder(db,
                "SELECT p.id, p.display_width, p.display_height, p.changed FROM photos p JOIN albums a ON a.id = p.album_id LEFT JOIN annotations n ON n.photo_id = p.id",
                scope: scope)
            var photos: [PhotoShape] = []
            let rows = try SQLRequest<Row>(literal: sql).fetchCursor(db)
            while let row = try rows.next() {
                photos.append(PhotoShape(id: row[0], aspectRatio: Self.aspectRatio(row), changed: row[3]))
            }
            let shapes = LayoutShapes(revision: revision, libraryRevision: library, photos: photos)
            lastShapes.keep(shapes, of: scope.stored)
            return shapes
        }
    }

    /// The caption and comment of each photo of `ids` (none for a photo without an annotation
    /// or gone), in one statement: the texts a layout computed again must measure.
    public func annotationTexts(ids: some Collection<Int64>) throws -> [Int64: (caption: String, comment: String)] {
        guard !ids.isEmpty else { return [:] }
        // One bound JSON array, whatever the count (a statement takes 32,766 parameters).
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return try read { db in
            var texts: [Int64: (caption: String, comment: String)] = [:]
            texts.reserveCapacity(ids.count)
            let rows = try Row.fetchCursor(db, sql: "SELECT photo_id, caption, comment FROM annotations WHERE photo_id IN (SELECT value FROM json_each(?))",
                                           arguments: [list])
            while let row = try rows.next() {
                texts[row[0]] = (row[1], row[2])
            }
            return texts
        }
    }

    /// Current time as stored in `computed_at` (UTC, ISO 8601).
    public static func timestamp() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}
