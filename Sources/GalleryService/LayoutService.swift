import GalleryLayout
import GalleryStore
import TextMetrics

/// Gives masonry layouts by width: from the store when nothing changed, otherwise computed
/// (captions and comments measured at the layout's inner width where missing), stored, and
/// given. One service for the CLI, the HTML export and the HTTP API.
public final class LayoutService: Sendable {
    let database: GalleryDatabase
    let measurer: TextMeasurer
    let caption: TextStyle
    let comment: TextStyle
    /// The stars that make a photo one of the favourites (`[browse] favorites_rating`): what
    /// the "favorites" browse page holds.
    let favoritesRating: Int
    /// Albums (paths) whose photos browse pages and searches leave out: the unlisted ones.
    public let unlistedAlbums: [String]

    public init(database: GalleryDatabase, measurer: TextMeasurer = TextMeasurer(),
                caption: TextStyle = GalleryTextStyles.caption, comment: TextStyle = GalleryTextStyles.comment,
                favoritesRating: Int = 4, unlistedAlbums: [String] = []) {
        self.database = database
        self.measurer = measurer
        self.caption = caption
        self.comment = comment
        self.favoritesRating = favoritesRating
        self.unlistedAlbums = unlistedAlbums
    }

    /// The photos `request` lays out: as resolved already, or as its album's name names them.
    func scope(of request: MasonryRequest) throws -> LayoutScope {
        if let scope = request.scope { return scope }
        return try scope(album: request.album)
    }

    /// The photos `album` names (an album's name or path, a browse page's name; nil: the
    /// library, or its only album), browse pages leaving out the unlisted albums.
    public func scope(album: String?) throws -> LayoutScope {
        try database.layoutScope(album: album, favoritesRating: favoritesRating, excluding: unlistedAlbums)
    }

    /// A browse page's photos from every album but the unlisted ones, its name as the library
    /// spells it.
    /// - Throws: `StoreError.emptyBrowsePage` when no photo is on it.
    public func browseScope(_ selection: BrowseSelection) throws -> LayoutScope {
        try database.browseScope(selection, excluding: unlistedAlbums)
    }

    /// Everything but the scope and the width that shapes a masonry layout, canonical: two
    /// requests share a stored layout exactly when this and those are equal.
    func optionsKey(_ options: MasonryOptions) -> String {
        let columns: String
        switch options.columns {
        case .count(let n): columns = "count:\(n)"
        case .width(let width, let gutter, let minimum): columns = "width:\(width),gutter:\(gutter),min:\(minimum)"
        }
        return "columns=\(columns);padding=\(options.cellPadding);annotation=\(options.annotationTopPadding),\(options.annotationBottomPadding);placement=\(options.placement.rawValue);caption=\(caption.fingerprint);comment=\(comment.fingerprint)"
    }

    /// The stored layout for `request` without its items (they are read a part at a time with
    /// `GalleryDatabase.layoutItems`), computing and storing it first if needed.
    public func masonryLayout(_ request: MasonryRequest) throws -> StoredMasonryLayout {
        try masonryLayouts([request])[0]
    }

    /// `masonryLayout` for each of `requests` (a page's bands), the stored ones read at once:
    /// an export asks for every page's, and a read each cost more than the headers themselves.
    /// A missing or stale one is computed and stored.
    public func masonryLayouts(_ requests: [MasonryRequest]) throws -> [StoredMasonryLayout] {
        let stored = try database.storedMasonryLayouts(try requests.map { masonryKey($0, scope: try scope(of: $0)) })
        return try zip(requests, stored).map { request, stored in
            if let stored, !stored.layout.isStale { return stored }
            var computed = request
            // An empty rect: the layout is computed and stored, no item is copied out.
            computed.rect = LayoutRect(x: -1, y: -1, width: 0, height: 0)
            return try masonry(computed).layout
        }
    }

    /// Where `request`'s layout of the photos `scope` holds is stored.
    func masonryKey(_ request: MasonryRequest, scope: LayoutScope) -> LayoutKey {
        LayoutKey(scope: scope, kind: .masonry, width: request.width, options: optionsKey(request.options))
    }

    /// The stored justified-rows layout of `album` at `width` (its frames are read a part at a
    /// time with `GalleryDatabase.layoutFrames`), computed from the photos' shapes and stored
    /// first if the album changed since.
    public func justifiedLayout(width: Double, album: String?, options: JustifiedLayout.Options) throws -> StoredFrameLayout {
        try justifiedLayout(width: width, scope: try scope(album: album), options: options)
    }

    /// The stored justified-rows layout of the photos `scope` holds.
    public func justifiedLayout(width: Double, scope: LayoutScope, options: JustifiedLayout.Options) throws -> StoredFrameLayout {
        let key = LayoutKey(scope: scope, kind: .justified, width: width,
                            options: "row=\(options.targetRowHeight);tolerance=\(options.tolerance);spacing=\(options.spacing);breaks=chunks")
        if let stored = try database.storedFrameLayout(key), !stored.layout.isStale { return stored }
        let shapes = try database.layoutShapes(scope: scope)
        let layout = try JustifiedLayout(width: width, aspectRatios: shapes.photos.map(\.aspectRatio), options: options,
                                         preferredBreaks: AlbumCuts(ids: shapes.photos.map(\.id)).chunkStarts)
        var frames: [StoredFrame] = []
        frames.reserveCapacity(layout.count)
        for (index, photo) in shapes.photos.enumerated() {
            guard let frame = layout.attributes(at: index)?.frame else { break }
            frames.append(StoredFrame(index: index, photoID: photo.id, x: frame.x, y: frame.y, width: frame.width, height: frame.height))
        }
        return try database.saveLayout(StoredFrameLayout(layout: StoredLayout(
            key: key, contentWidth: layout.contentSize.width, contentHeight: layout.contentSize.height, itemCount: frames.count,
            revision: shapes.revision, computedAt: GalleryDatabase.timestamp())), frames: frames)
    }

    /// The layout for `request`, computing and storing it if needed.
    public func masonry(_ request: MasonryRequest) throws -> MasonryResult {
        let geometry = try MasonryLayout.geometry(width: request.width, options: request.options)
        let scope = try scope(of: request)
        let key = masonryKey(request, scope: scope)
        let rect = request.rect

        // Header and items in one snapshot: an import or another request replacing the layout
        // meanwhile is seen entirely or not at all.
        let found = try database.storedLayoutWithItems(key, in: rect)
        let previous = found?.layout
        if let found, !found.layout.layout.isStale {
            return MasonryResult(layout: found.layout, items: found.items, placement: request.options.placement, origin: .stored)
        }

        let shapes = try database.layoutShapes(scope: scope)
        // The layout this one replaces, by photo: a photo unchanged since its inputs were read
        // keeps its texts' heights (same key: same width and styles), so only the texts of the
        // others are read and measured — one caption edited in an album of 100,000 photos
        // measures one text, not every text of the album in every band.
        let old = try previous.map { try database.layoutItems(of: $0) } ?? []
        let horizon = previous?.layout.inputsRevision
        // By position while the photos are where they were (a caption edited moves none), by
        // id from the first that is not: a table of every old item was 2 % of a caption's
        // build at 100,000 photos (a layout for each band of every page showing the photo).
        var kept: [Int64: StoredLayoutItem]?
        func keeps(_ position: Int, _ photo: PhotoShape) -> StoredLayoutItem? {
            guard let horizon, photo.changed <= horizon else { return nil }
            if position < old.count, old[position].photoID == photo.id { return old[position] }
            if kept == nil { kept = Dictionary(old.map { ($0.photoID, $0) }) { _, last in last } }
            return kept?[photo.id]
        }
        let texts = try database.annotationTexts(ids: shapes.photos.enumerated().filter { keeps($0.offset, $0.element) == nil }.map(\.element.id))
        // The texts measured here only: an album's layout must not cost the whole library's.
        let (captionHeights, commentHeights) = try AnnotationMeasurer(database: database, measurer: measurer, caption: caption, comment: comment)
            .measurements(of: AnnotationTexts(captions: Array(Set(texts.values.map(\.caption).filter { !$0.isEmpty })),
                                              comments: Array(Set(texts.values.map(\.comment).filter { !$0.isEmpty }))),
                          width: geometry.innerWidth)
        func height(_ text: String, _ stored: [String: StoredMeasurement], _ style: TextStyle) throws -> Double {
            if text.isEmpty { return 0 }
            if let known = stored[text] { return known.height }
            // Changed after the measuring pass above: measure it now rather than guess.
            return try measurer.measure(text, style: style, width: geometry.innerWidth).height
        }
        var masonryItems: [MasonryItem] = []
        masonryItems.reserveCapacity(shapes.photos.count)
        for (position, photo) in shapes.photos.enumerated() {
            if let item = keeps(position, photo) {
                masonryItems.append(MasonryItem(aspectRatio: photo.aspectRatio, captionHeight: item.captionHeight, commentHeight: item.commentHeight))
                continue
            }
            let text = texts[photo.id] ?? ("", "")
            masonryItems.append(MasonryItem(
                aspectRatio: photo.aspectRatio,
                captionHeight: try height(text.caption, captionHeights, caption),
                commentHeight: try height(text.comment, commentHeights, comment)))
        }
        let layout = try MasonryLayout(width: request.width, items: masonryItems, options: request.options)
        var items: [StoredLayoutItem] = []
        items.reserveCapacity(layout.count)
        // Items stack in their columns in index order: the photos above one are those placed
        // in its column before it.
        var photoTops = [Double](repeating: 0, count: geometry.columns)
        for (photo, item) in zip(shapes.photos, masonryItems) {
            guard let attributes = layout.attributes(at: items.count) else { break }
            let column = attributes.column ?? 0, photoHeight = attributes.photoHeight ?? 0
            items.append(StoredLayoutItem(
                index: attributes.index, photoID: photo.id, column: column,
                y: attributes.frame.y, height: attributes.frame.height, photoHeight: photoHeight,
                captionHeight: item.captionHeight, commentHeight: item.commentHeight, photoTop: photoTops[column]))
            photoTops[column] += photoHeight
        }

        // Placement is sequential, so when the old items are a prefix of the new ones with the
        // same inputs, the full computation kept them in place: report it as an append.
        var origin: MasonryResult.Origin = previous == nil ? .computed : .recomputed
        if previous != nil, old.count <= items.count, zip(old, items).allSatisfy({ $0 == $1 }) {
            origin = .appended(items.count - old.count)
        }
        // The items before the first that moved keep their chunks, which are not read, encoded
        // or compared again (a caption in the middle of a page moves only the items after it,
        // in each of the page's bands).
        let replaced = previous.map { (layout: $0.layout, items: old) }
        let stored = try database.saveLayout(StoredMasonryLayout(
            layout: StoredLayout(key: key, contentWidth: layout.contentSize.width, contentHeight: layout.contentSize.height,
                                 itemCount: items.count, revision: shapes.revision, computedAt: GalleryDatabase.timestamp(),
                                 inputsRevision: shapes.libraryRevision),
            geometry: geometry, cellPadding: request.options.cellPadding, columnHeights: layout.columnHeights), items: items,
            replacing: replaced)
        let shown = request.rect.map { rect in layout.attributes(in: rect).map { items[$0.index] } } ?? items
        return MasonryResult(layout: stored, items: shown, placement: request.options.placement, origin: origin)
    }
}
