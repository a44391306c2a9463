import GalleryLayout
import GalleryService
import GalleryStore
import Synchronization
import TextMetrics

/// One album as its pages show it, read from the library a part at a time: the stored
/// masonry layouts' headers at every column count, and the cells of any run of photos (their
/// frames from the stored layouts, their texts in measured lines, their image names and
/// placeholder colours). A page or a data file needs only its own photos, so making one costs
/// the same in an album of 100 photos or of 100,000.
final class AlbumSource: Sendable {
    /// The album's folder, relative to the library ('' for the root).
    let path: String
    let name: String
    let count: Int
    let links: PageRenderer.AlbumLinks
    let data: AlbumData
    /// The stored masonry layout at k columns (entry k − 1).
    let layouts: [StoredLayout]
    let context: SiteContext

    init(path: String, name: String, links: PageRenderer.AlbumLinks, context: SiteContext) throws {
        self.path = path
        self.name = name
        self.links = links
        self.context = context
        data = AlbumData(albumPage: AlbumView.masonry.page(albumStem: links.stem))
        let geometry = context.geometry
        layouts = try (1 ... geometry.maximumColumns).map { k in
            try context.layouts.masonryLayout(MasonryRequest(width: geometry.width(columns: k), album: path, options: geometry.options(columns: k)))
        }
        count = layouts.first?.itemCount ?? 0
    }

    var subtitle: String { "\(count) photo\(count == 1 ? "" : "s")" }
    var columns: ClosedRange<Int> { 1 ... layouts.count }

    /// The cells of the photos at `indices` in album order, each with its frame at every
    /// column count.
    func cells(_ indices: Range<Int>) throws -> [CellModel] {
        let indices = indices.clamped(to: 0 ..< count)
        guard !indices.isEmpty else { return [] }
        let database = context.database, geometry = context.geometry
        let items = try layouts.map { try database.layoutItems(of: $0, indices: indices) }
        guard let first = items.first else { return [] }
        let photos = try database.storedPhotos(ids: first.map(\.photoID))
        let colors = try database.dominantColors(contentHashes: photos.values.map(\.contentHash))
        var cells: [CellModel] = []
        cells.reserveCapacity(first.count)
        for (position, item) in first.enumerated() {
            guard let stored = photos[item.photoID] else { continue }
            let photo = stored.photo
            var frames: [Int: (x: Double, y: Double, width: Double, height: Double)] = [:]
            for (k, layout) in zip(columns, layouts) {
                // Items of one index range, in index order, at every column count: the same
                // photo at the same position unless the library changed in between.
                guard position < items[k - 1].count, items[k - 1][position].photoID == item.photoID else { continue }
                let placed = items[k - 1][position]
                frames[k] = (layout.x(column: placed.column), placed.y, layout.innerWidth, placed.height)
            }
            let plan = ImagePlan(photo, contentHash: stored.contentHash, geometry: geometry)
            let failure = context.imageFailures[item.photoID]
            cells.append(CellModel(
                photoID: item.photoID, index: item.index, caption: photo.caption, comment: photo.comment,
                captionHeight: item.captionHeight, commentHeight: item.commentHeight,
                captionLineStarts: try context.measurer.lineStarts(photo.caption, style: GalleryTextStyles.caption, width: geometry.innerWidth),
                commentLineStarts: try context.measurer.lineStarts(photo.comment, style: GalleryTextStyles.comment, width: geometry.innerWidth),
                photoHeight: item.photoHeight, aspectRatio: photo.aspectRatio, frames: frames,
                thumbnails: failure == nil ? plan?.thumbnails : nil, large: failure == nil ? plan?.names.last : nil,
                intrinsicHeight: plan?.grid[0].height ?? Int(item.photoHeight.rounded()), failure: failure,
                placeholderColor: failure == nil && plan != nil ? colors[stored.contentHash] : nil))
        }
        return cells
    }

    /// Every photo's id, in album order.
    func photoIDs() throws -> [Int64] {
        guard let layout = layouts.first else { return [] }
        return try context.database.layoutItems(of: layout).map(\.photoID)
    }

    /// Where each data chunk's cells lie at k columns: the top of its highest cell and the
    /// bottom of its lowest, flat ([top0, bottom0, top1, …]). The layout is read a part at a
    /// time, never whole.
    func chunkBounds(columns k: Int) throws -> [Double] {
        let size = AlbumData.chunkSize
        let chunks = (count + size - 1) / size
        var top = [Double](repeating: .infinity, count: chunks), bottom = [Double](repeating: -.infinity, count: chunks)
        let step = size * 200
        for start in stride(from: 0, to: count, by: step) {
            for item in try context.database.layoutItems(of: layouts[k - 1], indices: start ..< min(start + step, count)) {
                let chunk = item.index / size
                guard chunk < chunks else { continue }
                top[chunk] = min(top[chunk], item.y)
                bottom[chunk] = max(bottom[chunk], item.y + item.height)
            }
        }
        return (0 ..< chunks).flatMap { [HTML.rounded(top[$0].isFinite ? top[$0] : 0), HTML.rounded(bottom[$0].isFinite ? bottom[$0] : 0)] }
    }

    /// The cells whose frame starts in the grid's first `height` px at some column count:
    /// what the album page writes as HTML.
    func cells(startingAbove height: Double) throws -> [CellModel] {
        var last = -1
        for (k, layout) in zip(columns, layouts) {
            let found = try context.database.layoutItems(of: layout, in: (0, 0, context.geometry.width(columns: k), height))
            last = max(last, found.last?.index ?? -1)
        }
        return try cells(0 ..< last + 1).filter { cell in cell.frames.values.contains { $0.y < height } }
    }

    /// The rows view's frames: computed from the photos' shapes when first asked for.
    func rows() throws -> PageRenderer.RowsLayouts {
        try rowsLayouts.withLock { cached in
            if let cached { return cached }
            let rows = PageRenderer.RowsLayouts(aspectRatios: try context.database.layoutAspectRatios(scope: "album:" + path), geometry: context.geometry)
            cached = rows
            return rows
        }
    }
    private let rowsLayouts = Mutex<PageRenderer.RowsLayouts?>(nil)
}
