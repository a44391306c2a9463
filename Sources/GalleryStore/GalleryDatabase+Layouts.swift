import Foundation
import GalleryLayout
import GRDB

extension GalleryDatabase {
    // MARK: - Scopes and inputs

    /// The scope for `album` (nil: the whole library when it has several albums, the album
    /// when it has one), and its display name.
    /// - Throws: `StoreError.unknownAlbum`, listing the known albums.
    public func layoutScope(album: String?) throws -> LayoutScope {
        try read { db in
            let albums = try Row.fetchAll(db.cachedStatement(sql: "SELECT path, name FROM albums ORDER BY path"))
            if let album {
                guard let row = albums.first(where: { ($0["name"] as String) == album || ($0["path"] as String) == album }) else {
                    throw StoreError.unknownAlbum(name: album, known: albums.map { $0["name"] })
                }
                return .album(path: row["path"])
            }
            if albums.count == 1, let only = albums.first { return .album(path: only["path"]) }
            return .library
        }
    }

    private static func revision(_ db: Database, scope: LayoutScope) throws -> Int64 {
        switch scope {
        case .album(let path):
            // A deleted album reads as -1, so its layouts read as stale.
            return try Int64.fetchOne(db.cachedStatement(sql: "SELECT revision FROM albums WHERE path = ?"), arguments: [path]) ?? -1
        case .library:
            return try Int64.fetchOne(db.cachedStatement(sql: "SELECT revision FROM library_revision WHERE id = 1")) ?? 0
        }
    }

    /// `select` (over photos `p` joined to albums `a`) kept to the scope's photos, in display order.
    private static func inDisplayOrder(_ db: Database, _ select: String, scope: LayoutScope) throws -> (String, StatementArguments) {
        let order = try photoOrder(db).orderBy
        switch scope {
        case .library: return (select + " ORDER BY " + order, [])
        case .album(let path): return (select + " WHERE a.path = ? ORDER BY " + order, [path])
        }
    }

    /// The photos of a scope in display order, with the scope's revision, read in one snapshot.
    public func layoutInputs(scope: LayoutScope) throws -> LayoutInputs {
        try read { db in
            let (sql, arguments) = try Self.inDisplayOrder(db, """
                SELECT p.id AS photo_id, p.display_width, p.display_height,
                       coalesce(n.caption, '') AS caption, coalesce(n.comment, '') AS comment
                FROM photos p JOIN albums a ON a.id = p.album_id
                LEFT JOIN annotations n ON n.photo_id = p.id
                """, scope: scope)
            let photos = try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                LayoutInput(photoID: row["photo_id"], aspectRatio: Self.aspectRatio(row), caption: row["caption"], comment: row["comment"])
            }
            return LayoutInputs(revision: try Self.revision(db, scope: scope), photos: photos)
        }
    }

    /// display_width / display_height of a row that selects both.
    private static func aspectRatio(_ row: Row) -> Double {
        let width: Double = row["display_width"], height: Double = row["display_height"]
        return width / height
    }

    // MARK: - Stored layouts

    /// The layout of a `layouts` row; nil for a kind this binary does not know (its chunks are
    /// another codec's: they are never read).
    private static func layout(_ row: Row, currentRevision: Int64) -> StoredLayout? {
        guard let kind = LayoutKind(rawValue: row["kind"]), let scope = LayoutScope(stored: row["scope"]) else { return nil }
        let revision: Int64 = row["revision"]
        return StoredLayout(
            id: row["id"],
            key: LayoutKey(scope: scope, kind: kind, width: row["width"], options: row["options"]),
            columns: row["columns"], columnWidth: row["column_width"], gutter: row["gutter"],
            innerWidth: row["inner_width"], cellPadding: row["cell_padding"], contentWidth: row["content_width"],
            contentHeight: row["content_height"], itemCount: row["item_count"],
            columnHeights: LayoutChunkCodec.decodeDoubles([UInt8](row["column_heights"] as Data)),
            revision: revision, computedAt: row["computed_at"], isStale: revision != currentRevision)
    }

    /// The layout stored under `key`, if any (stale or not: see `isStale`).
    public func storedLayout(_ key: LayoutKey) throws -> StoredLayout? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM layouts WHERE scope = ? AND kind = ? AND width = ? AND options = ?",
                                             arguments: [key.scope.stored, key.kind.rawValue, key.width, key.options]) else { return nil }
            return Self.layout(row, currentRevision: try Self.revision(db, scope: key.scope))
        }
    }

    /// Every stored layout, with whether it is stale.
    public func storedLayouts() throws -> [StoredLayout] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM layouts ORDER BY scope, kind, width, options").compactMap { row in
                guard let scope = LayoutScope(stored: row["scope"]) else { return nil }
                return Self.layout(row, currentRevision: try Self.revision(db, scope: scope))
            }
        }
    }

    /// Refuses to read `layout`'s chunks with the codec of `kind` unless they are that kind's:
    /// masonry items and free frames are different bytes, and one read as the other is garbage.
    private static func expect(_ kind: LayoutKind, of layout: StoredLayout) throws {
        guard layout.key.kind == kind else { throw StoreError.layoutKind(stored: layout.key.kind, asked: kind) }
    }

    /// A stored layout's items in index order: all of them, or those whose frame intersects
    /// the rect (found through the R*Tree of chunk bounds, then filtered exactly).
    public func layoutItems(of layout: StoredLayout, in rect: LayoutRect? = nil) throws -> [StoredLayoutItem] {
        try read { db in try Self.layoutItems(db, of: layout, in: rect) }
    }

    /// A stored layout's items whose indices are in `indices` (the album's photos `indices`), in
    /// index order: only the chunks that hold them are read.
    public func layoutItems(of layout: StoredLayout, indices: Range<Int>) throws -> [StoredLayoutItem] {
        try Self.expect(.masonry, of: layout)
        guard !indices.isEmpty else { return [] }
        return try read { db in
            var items: [StoredLayoutItem] = []
            items.reserveCapacity(indices.count)
            for row in try Self.chunkRows(db, of: layout, indices: indices) {
                let chunk: Int = row["chunk"]
                let decoded = LayoutChunkCodec.decode([UInt8](row["items"] as Data), firstIndex: chunk * LayoutChunkCodec.itemsPerChunk)
                items += decoded.filter { indices.contains($0.index) }
            }
            return items
        }
    }

    /// The layout stored under `key` and its items (all, or in `rect`), read in one snapshot:
    /// a writer replacing the layout meanwhile is seen entirely or not at all.
    public func storedLayoutWithItems(_ key: LayoutKey, in rect: LayoutRect?) throws -> LayoutWithItems? {
        try read { db in
            // Cached statements: this is the hot path of the layout API.
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM layouts WHERE scope = ? AND kind = ? AND width = ? AND options = ?"),
                                             arguments: [key.scope.stored, key.kind.rawValue, key.width, key.options]),
                  let layout = Self.layout(row, currentRevision: try Self.revision(db, scope: key.scope)) else { return nil }
            return LayoutWithItems(layout: layout, items: layout.isStale ? [] : try Self.layoutItems(db, of: layout, in: rect))
        }
    }

    /// The library's revision: it changes with every change to photos or annotations.
    public func libraryRevision() throws -> Int64 {
        try read { db in try Self.revision(db, scope: .library) }
    }

    /// A stored layout's chunks (number, bytes) in order: those whose bounds meet `rect`
    /// (through the R*Tree), or those holding `indices`, or all.
    private static func chunkRows(_ db: Database, of layout: StoredLayout, indices: Range<Int>? = nil,
                                  in rect: LayoutRect? = nil) throws -> [Row] {
        let size = LayoutChunkCodec.itemsPerChunk
        if let rect {
            let first = layout.id * LayoutChunkCodec.chunkIDFactor
            return try Row.fetchAll(db.cachedStatement(sql: """
                SELECT c.chunk, c.items FROM layout_chunk_bounds b
                JOIN layout_chunks c ON c.layout_id = ? AND c.chunk = b.id - ?
                WHERE b.id >= ? AND b.id < ?
                  AND b.max_x >= ? AND b.min_x <= ? AND b.max_y >= ? AND b.min_y <= ?
                ORDER BY c.chunk
                """), arguments: [layout.id, first, first, first + LayoutChunkCodec.chunkIDFactor,
                                 rect.x, rect.x + rect.width, rect.y, rect.y + rect.height])
        }
        if let indices {
            guard !indices.isEmpty else { return [] }
            return try Row.fetchAll(db.cachedStatement(sql: "SELECT chunk, items FROM layout_chunks WHERE layout_id = ? AND chunk >= ? AND chunk <= ? ORDER BY chunk"),
                                    arguments: [layout.id, indices.lowerBound / size, (indices.upperBound - 1) / size])
        }
        return try Row.fetchAll(db, sql: "SELECT chunk, items FROM layout_chunks WHERE layout_id = ? ORDER BY chunk", arguments: [layout.id])
    }

    private static func layoutItems(_ db: Database, of layout: StoredLayout, in rect: LayoutRect?) throws -> [StoredLayoutItem] {
        try expect(.masonry, of: layout)
        do {
            let rows = try chunkRows(db, of: layout, in: rect)
            var items: [StoredLayoutItem] = []
            for row in rows {
                let chunk: Int = row["chunk"]
                let decoded = LayoutChunkCodec.decode([UInt8](row["items"] as Data), firstIndex: chunk * LayoutChunkCodec.itemsPerChunk)
                guard let rect else {
                    items += decoded
                    continue
                }
                items += decoded.filter { item in
                    let x = layout.x(column: item.column)
                    return rect.intersects(LayoutRect(x: x, y: item.y, width: layout.innerWidth, height: item.height))
                }
            }
            return items
        }
    }

    /// Stores a layout and its items in one transaction, replacing any under the same key.
    @discardableResult
    public func saveLayout(_ layout: StoredLayout, items: [StoredLayoutItem]) throws -> StoredLayout {
        try save(layout, count: items.count) { start, end in
            let slice = items[start ..< end]
            return (LayoutChunkCodec.encode(slice), Self.bounds(slice.lazy.map { LayoutRect(x: layout.x(column: $0.column), y: $0.y, width: layout.innerWidth, height: $0.height) }))
        }
    }

    /// Stores a layout of free frames (justified rows) in one transaction, replacing any under
    /// the same key; read back with `layoutFrames(of:indices:)`.
    @discardableResult
    public func saveLayout(_ layout: StoredLayout, frames: [StoredFrame]) throws -> StoredLayout {
        try save(layout, count: frames.count) { start, end in
            let slice = frames[start ..< end]
            return (FrameChunkCodec.encode(slice), Self.bounds(slice.lazy.map { LayoutRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }))
        }
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

    /// The header, then the items in chunks (`chunk(start, end)`: a chunk's bytes and bounds).
    ///
    /// A layout stored from the same or a newer state of its scope is kept, and returned: two
    /// writers that computed one layout at once (the server and `gallery import`) store it
    /// once, and a reader holding its id (a served site) keeps finding its items. One layout
    /// key and revision give one layout (the key holds every option and both fonts).
    private func save(_ layout: StoredLayout, count: Int,
                      chunk: (Int, Int) -> ([UInt8], (minX: Double, maxX: Double, minY: Double, maxY: Double))) throws -> StoredLayout {
        try write { db in
            let key = layout.key
            if let row = try Row.fetchOne(db, sql: "SELECT * FROM layouts WHERE scope = ? AND kind = ? AND width = ? AND options = ?",
                                          arguments: [key.scope.stored, key.kind.rawValue, key.width, key.options]),
               let stored = Self.layout(row, currentRevision: try Self.revision(db, scope: key.scope)), stored.revision >= layout.revision {
                return stored
            }
            try db.execute(sql: "DELETE FROM layouts WHERE scope = ? AND kind = ? AND width = ? AND options = ?",
                           arguments: [layout.key.scope.stored, layout.key.kind.rawValue, layout.key.width, layout.key.options])
            try db.execute(sql: """
                INSERT INTO layouts (scope, kind, width, options, columns, column_width, gutter, inner_width, cell_padding,
                                     content_width, content_height, item_count, column_heights, revision, computed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    layout.key.scope.stored, layout.key.kind.rawValue, layout.key.width, layout.key.options, layout.columns,
                    layout.columnWidth, layout.gutter, layout.innerWidth, layout.cellPadding, layout.contentWidth,
                    layout.contentHeight, count, Data(LayoutChunkCodec.encode(layout.columnHeights)), layout.revision,
                    layout.computedAt,
                ])
            var saved = layout
            saved.id = db.lastInsertedRowID
            saved.itemCount = count
            let chunkStatement = try db.cachedStatement(sql: "INSERT INTO layout_chunks (layout_id, chunk, items) VALUES (?, ?, ?)")
            let boundsStatement = try db.cachedStatement(sql: "INSERT INTO layout_chunk_bounds (id, min_x, max_x, min_y, max_y) VALUES (?, ?, ?, ?, ?)")
            var start = 0
            var number = 0
            while start < count {
                let end = min(start + LayoutChunkCodec.itemsPerChunk, count)
                let (bytes, bounds) = chunk(start, end)
                try chunkStatement.execute(arguments: [saved.id, number, Data(bytes)])
                // R*Tree keeps 32-bit floats and rounds boxes outwards, so no item is missed;
                // the exact test happens on the decoded items.
                try boundsStatement.execute(arguments: [saved.id * LayoutChunkCodec.chunkIDFactor + Int64(number),
                                                        bounds.minX, bounds.maxX, bounds.minY, bounds.maxY])
                start = end
                number += 1
            }
            saved.isStale = false
            return saved
        }
    }

    /// A stored layout of free frames: the frames whose indices are in `indices` (only the
    /// chunks that hold them are read), or those that meet `rect` (through the R*Tree), in
    /// index order.
    public func layoutFrames(of layout: StoredLayout, indices: Range<Int>? = nil,
                             in rect: LayoutRect? = nil) throws -> [StoredFrame] {
        try Self.expect(.justified, of: layout)
        let size = LayoutChunkCodec.itemsPerChunk
        return try read { db in
            let rows = try Self.chunkRows(db, of: layout, indices: rect == nil ? indices : nil, in: rect)
            var frames: [StoredFrame] = []
            for row in rows {
                let chunk: Int = row["chunk"]
                frames += FrameChunkCodec.decode([UInt8](row["items"] as Data), firstIndex: chunk * size).filter { frame in
                    if let indices, !indices.contains(frame.index) { return false }
                    guard let rect else { return true }
                    return rect.intersects(LayoutRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
                }
            }
            return frames
        }
    }

    /// The ids and display aspect ratios of a scope's photos in display order, with the scope's
    /// revision, read in one snapshot: what a layout that needs no text is computed from.
    public func layoutShapes(scope: LayoutScope) throws -> LayoutShapes {
        try read { db in
            let (sql, arguments) = try Self.inDisplayOrder(db,
                "SELECT p.id, p.display_width, p.display_height FROM photos p JOIN albums a ON a.id = p.album_id", scope: scope)
            var photos: [PhotoShape] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                photos.append(PhotoShape(id: row["id"], aspectRatio: Self.aspectRatio(row)))
            }
            return LayoutShapes(revision: try Self.revision(db, scope: scope), photos: photos)
        }
    }

    /// Current time as stored in `computed_at` (UTC, ISO 8601).
    public static func timestamp() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}
