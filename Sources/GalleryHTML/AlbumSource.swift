import GalleryLayout
import GalleryService
import GallerySitePlan
import GalleryStore
import Synchronization
import TextMetrics

/// One album as its pages show it, read from the library a part at a time: the stored
/// masonry layouts' headers in every band of the grid (and, when asked for, the rows
/// layouts' at every column count), the frames of any run of photos in either, and the cells
/// of any run of photos (their places from the stored layouts, their texts in measured lines,
/// their image names and placeholder colours). A page or a data file needs only its own photos, so making one costs
/// the same in an album of 100 photos or of 100,000.
final class AlbumSource: Sendable {
    /// Its photos: an album's folder or a browse page's selection, as the layout service
    /// resolved it.
    let scope: LayoutScope
    let name: String
    let count: Int
    /// How many of its items are videos (as the album was listed: the subtitle's words).
    let videoCount: Int
    let links: PageRenderer.AlbumLinks
    let data: AlbumData
    /// The stored masonry layout of each band of the grid (entry b: band b).
    let layouts: [StoredMasonryLayout]
    let context: SiteContext
    /// The album's description (`album.toml`, `index.md`), shown above its grid.
    let description: AlbumDescription?
    /// The cover's file name in the album's folder (`cover`), if one was chosen.
    let coverFile: String?

    init(scope: LayoutScope, name: String, links: PageRenderer.AlbumLinks, context: SiteContext, description: AlbumDescription? = nil,
         coverFile: String? = nil, videoCount: Int = 0) throws {
        self.scope = scope
        self.videoCount = videoCount
        self.name = name
        self.description = description
        self.coverFile = coverFile
        self.links = links
        self.context = context
        data = AlbumData(stem: links.stem)
        // One per band, in band order (`SiteGeometry.layoutNeeds`).
        layouts = try context.layouts.masonryLayouts(context.geometry.layoutNeeds(context.configuration).masonry.map { width, options in
            MasonryRequest(width: width, scope: scope, options: options)
        })
        count = layouts.first?.layout.itemCount ?? 0
    }

    /// The chosen cover's cell: its picture on the index and in social previews. Nil when none
    /// was chosen, or the file is not one of the album's photos (any more).
    func cover() throws -> CellModel? {
        guard let coverFile, case .album(let path) = scope, let id = try context.database.photoID(path: path.isEmpty ? coverFile : path + "/" + coverFile),
              let index = try photoIDs().firstIndex(of: id) else { return nil }
        return try cells(index ..< index + 1).first
    }

    var subtitle: String { context.words.itemCount(count, videos: videoCount) }

    /// The album's photos in runs of 25,600: how a pass over a whole layout reads it, so that
    /// it is never all in memory.
    var parts: [Range<Int>] {
        let step = 25_600
        return stride(from: 0, to: count, by: step).map { $0 ..< min($0 + step, count) }
    }

    /// Where its photos are cut into data files, made once from its photos' ids.
    func cuts() throws -> AlbumCuts {
        try madeCuts.withLock { made in
            if let made { return made }
            let cuts = AlbumCuts(ids: try photoIDs())
            made = cuts
            return cuts
        }
    }
    private let madeCuts = Mutex<AlbumCuts?>(nil)

    /// The photos a file of the album shows, by index: a chunk's (and its plain page's and
    /// frames'), a group's; the whole album for the other files; none for a chunk or group
    /// the album does not have (any more).
    func photos(of file: AlbumFile) throws -> Range<Int> {
        let cuts = try cuts()
        switch file {
        case .chunk(let id), .plainPage(let id), .justifiedFrames(let id): return cuts.chunk(firstID: id).map(cuts.chunkRange) ?? 0 ..< 0
        case .shapes(let id, let chunks), .ids(let id, let chunks), .dates(let id, let chunks), .justifiedBounds(let id, let chunks):
            guard let chunk = cuts.chunk(firstID: id), chunks > 0, chunk + chunks <= cuts.chunkCount else { return 0 ..< 0 }
            return cuts.chunkStarts[chunk] ..< (chunk + chunks < cuts.chunkCount ? cuts.chunkStarts[chunk + chunks] : cuts.count)
        case .index, .columns, .heights, .justifiedIndex, .page, .photoPage, .sitemap: return 0 ..< count
        }
    }

    /// The cells of the photos at `indices` in album order, each with its place in every band.
    func cells(_ indices: Range<Int>) throws -> [CellModel] {
        let indices = indices.clamped(to: 0 ..< count)
        guard !indices.isEmpty else { return [] }
        let database = context.database, geometry = context.geometry, bands = context.fluid.bands
        let items = try layouts.map { try database.layoutItems(of: $0, indices: indices) }
        guard let first = items.first else { return [] }
        let photos = try database.storedPhotos(ids: first.map(\.photoID))
        let colors = try database.dominantColors(contentHashes: photos.values.map(\.contentHash))
        var cells: [CellModel] = []
        cells.reserveCapacity(first.count)
        for (position, item) in first.enumerated() {
            guard let stored = photos[item.photoID] else { continue }
            let photo = stored.photo
            var placements: [CellPlacement] = []
            for (band, layout) in zip(bands, items) {
                // Items of one index range, in index order, in every band: the same photo at
                // the same position unless the library changed in between.
                guard position < layout.count, layout[position].photoID == item.photoID else { break }
                let placed = layout[position]
                placements.append(CellPlacement(
                    column: placed.column, y: placed.y, photoTop: placed.photoTop,
                    captionHeight: placed.captionHeight, commentHeight: placed.commentHeight,
                    captionLineStarts: try context.measurer.lineStarts(photo.caption, style: context.caption, width: band.innerWidth),
                    commentLineStarts: try context.measurer.lineStarts(photo.comment, style: context.comment, width: band.innerWidth)))
            }
            guard placements.count == bands.count else { continue }
            let content = context.configuration.content
            let plan = ImagePlan(photo, contentHash: stored.contentHash, geometry: geometry, content: content, withOriginal: true)
            let failure = context.imageFailures[item.photoID]
            cells.append(CellModel(
                photoID: item.photoID, index: item.index, caption: photo.caption, comment: photo.comment,
                placements: placements, aspectRatio: photo.aspectRatio,
                thumbnails: failure == nil ? plan?.thumbnails : nil, large: failure == nil ? plan?.names.last : nil,
                largeWidth: failure == nil ? plan?.large.width : nil, original: failure == nil ? plan?.original : nil,
                intrinsicHeight: plan?.grid[0].height ?? Int((geometry.innerWidth / photo.aspectRatio).rounded()), failure: failure,
                placeholderColor: failure == nil && plan != nil ? colors[stored.contentHash] : nil,
                takenAt: photo.metadata.takenAt, shot: ShotDescription.line(photo.metadata),
                location: context.publishLocation ? MapPlace.of(photo).map { [$0.latitude, $0.longitude] } : nil,
                kind: photo.kind, duration: photo.duration,
                video: failure == nil && context.videoFailures[item.photoID] == nil ? plan?.video : nil,
                motion: failure == nil && context.videoFailures[item.photoID] == nil ? plan?.motion : nil,
                keywords: content.keywords == .show ? photo.keywords : [], people: content.people == .show ? photo.people : [],
                rating: content.ratings == .show ? photo.rating : nil,
                placeParts: context.publishLocation ? photo.place.map(CellModel.placeParts) ?? [] : []))
        }
        return cells
    }

    /// Every photo's id, in album order.
    func photoIDs() throws -> [Int64] {
        guard let layout = layouts.first else { return [] }
        var ids: [Int64] = []
        ids.reserveCapacity(count)
        for part in parts {
            ids += try context.database.layoutItems(of: layout, indices: part).map(\.photoID)
        }
        return ids
    }

    /// The ids of the photos at `indices`, in album order: a group's ids file's, read for that
    /// group alone (the whole album's, once a group, was 100 reads of 100,000 items).
    func photoIDs(_ indices: Range<Int>) throws -> [Int64] {
        guard let layout = layouts.first else { return [] }
        return try context.database.layoutItems(of: layout, indices: indices.clamped(to: 0 ..< count)).map(\.photoID)
    }

    /// The first photo of each month, in album order: its month ("2024-07") and index. Empty
    /// unless the album is in date order (months never go back; undated photos, last, have
    /// none). Made once: each dates file (`AlbumFile.dates`) takes its stretch of it.
    func monthFirsts() throws -> [(month: String, index: Int)] {
        try madeMonths.withLock { made in
            if let made { return made }
            let ids = try photoIDs()
            let taken = try context.database.takenAt(ids: ids)
            var starts: [(month: String, index: Int)] = []
            for (index, id) in ids.enumerated() {
                guard let time = taken[id], time.utf8.count >= 7 else { break }
                let month = String(time.prefix(7))
                if let last = starts.last?.month {
                    if month < last { starts = []; break }
                    if month == last { continue }
                }
                starts.append((month, index))
            }
            made = starts
            return starts
        }
    }
    private let madeMonths = Mutex<[(month: String, index: Int)]?>(nil)

    /// The months whose first photo is among `indices` (`monthFirsts`), each with that photo's
    /// place in every band ([t0, y0, t1, y1, …]: y = t·w + y0 at items w wide) and, with
    /// `justified`, the top of its frame in every band of the justified view (at the band's rows
    /// width, as its frames): what the date scrubber jumps to.
    func monthStarts(_ indices: Range<Int>, justified: Bool = false) throws -> [(month: String, index: Int, place: [Double], justified: [Double]?)] {
        let starts = try monthFirsts().filter { indices.contains($0.index) }
        guard let first = starts.first, let last = starts.last else { return [] }
        var places = [[Double]](repeating: [], count: starts.count)
        let firstOf = Dictionary(uniqueKeysWithValues: starts.enumerated().map { ($0.element.index, $0.offset) })
        for (band, layout) in zip(context.fluid.bands, layouts) {
            for part in parts where part.overlaps(first.index ..< last.index + 1) {
                for item in try context.database.layoutItems(of: layout, indices: part.clamped(to: first.index ..< last.index + 1)) {
                    guard let month = firstOf[item.index] else { continue }
                    places[month] += [HTML.rounded(item.photoTop / band.innerWidth, digits: 7), HTML.rounded(item.y - item.photoTop)]
                }
            }
        }
        // The rows' tops, read for the months' first photos only (none where a band lacks one).
        let rowTops: [[Double]?]? = try justified ? starts.map { start in
            let frames = try justifiedFrames(start.index ..< start.index + 1)
            let tops = frames.compactMap { $0[start.index].map { HTML.rounded($0.y) } }
            return tops.count == frames.count ? tops : nil
        } : nil
        return zip(starts, places).enumerated().compactMap { number, pair in
            let (start, place) = pair
            guard place.count == 2 * layouts.count else { return nil }
            return (start.month, start.index, place, rowTops?[number] ?? nil)
        }
    }

    /// Where each of band `band`'s columns ends before each group of chunks (`AlbumCuts`):
    /// [height, photos] a column, group after group (`AlbumData.Columns`); not after the last,
    /// which photos added at the end would change (the grid's height is its own style sheet's).
    /// The layout is replayed from its stored items in the engine's own arithmetic (a column
    /// grows by padding + item + padding, `MasonryLayout.placeOneByOne`), so the heights are the bits the engine compared, and a page that places the group from
    /// them with the same rule places every cell where the engine did; the photos' share too
    /// (as `LayoutService` adds up `photoTop`), so that the page writes the same rounded places
    /// the album page does.
    func groupStarts(band: FluidMasonry.Band) throws -> [Double] {
        let layout = layouts[band.number], padding = context.fluid.cellPadding
        var heights = [Double](repeating: 0, count: band.columns), photos = heights
        let cuts = try cuts()
        var starts: [Double] = []
        starts.reserveCapacity(2 * band.columns * cuts.groupCount)
        func record() {
            for column in 0 ..< band.columns { starts += [heights[column], photos[column]] }
        }
        let groupFirsts = Set((0 ..< cuts.groupCount).map { cuts.groupRange($0).lowerBound })
        let lastFirst = cuts.groupCount > 0 ? cuts.groupRange(cuts.groupCount - 1).lowerBound : 0
        for part in parts where part.lowerBound <= lastFirst {
            for item in try context.database.layoutItems(of: layout, indices: part.clamped(to: 0 ..< lastFirst + 1)) {
                if groupFirsts.contains(item.index) { record() }
                heights[item.column] = heights[item.column] + (padding + item.height + padding)
                photos[item.column] += item.photoHeight
            }
        }
        return starts
    }

    /// The shapes of the photos at `indices`, in album order (`AlbumData.Shape`): their aspect
    /// ratios and their texts' heights in every band, as the stored layouts have them.
    func shapes(_ indices: Range<Int>) throws -> [AlbumData.Shape] {
        let indices = indices.clamped(to: 0 ..< count)
        let items = try layouts.map { try context.database.layoutItems(of: $0, indices: indices) }
        guard let first = items.first else { return [] }
        let photos = try context.database.storedPhotos(ids: first.map(\.photoID))
        return first.indices.map { position in
            // Every band's items of one index range, the same photos unless the library changed in between.
            let captions = items.map { $0.indices.contains(position) ? $0[position].captionHeight : 0 }
            let comments = items.map { $0.indices.contains(position) ? $0[position].commentHeight : 0 }
            let place = AlbumData.Shape.place(captions: captions.contains { $0 > 0 } ? captions : nil,
                                              comments: comments.contains { $0 > 0 } ? comments : nil)
            guard let photo = photos[first[position].photoID]?.photo else {
                // A photo gone since the layout was stored: the shape the layout has of it.
                return AlbumData.Shape(aspectRatio: context.fluid.bands[0].innerWidth / max(first[position].photoHeight, 1), place: place)
            }
            // Its displayed size where that is what its ratio was divided from (always, but a
            // damaged size must not change the ratio the page places it with).
            guard photo.displayWidth > 0, photo.displayHeight > 0,
                  Double(photo.displayWidth) / Double(photo.displayHeight) == photo.aspectRatio else {
                return AlbumData.Shape(aspectRatio: photo.aspectRatio, place: place)
            }
            return AlbumData.Shape(width: photo.displayWidth, height: photo.displayHeight, place: place)
        }
    }

    /// The grid's height in band `band` at any of its widths `w`: the tallest column's, each
    /// column `a·w + b` tall (its photos scale, the rest does not); [a0, b0, a1, b1, …].
    func gridHeightTerms(band: FluidMasonry.Band) throws -> [Double] {
        let layout = layouts[band.number], padding = context.fluid.cellPadding
        var terms = [Double](repeating: 0, count: 2 * band.columns)
        var found = Set<Int>()
        // The last item of each column ends it: read back from the album's end until each
        // column has shown its last.
        var end = count
        while end > 0, found.count < band.columns {
            let start = max(0, end - 1_024)
            for item in try context.database.layoutItems(of: layout, indices: start ..< end).reversed() where !found.contains(item.column) {
                found.insert(item.column)
                let photos = item.photoTop + item.photoHeight
                terms[2 * item.column] = photos / band.innerWidth
                terms[2 * item.column + 1] = item.y + item.height + padding - photos
            }
            end = start
        }
        return terms
    }

    /// The cells that start in the grid's first `height` px in some band: what the album page
    /// writes as HTML. A band's items only move down as its width grows, so its narrowest
    /// width shows the most.
    func cells(startingAbove height: Double) throws -> [CellModel] {
        var last = -1
        for (band, layout) in zip(context.fluid.bands, layouts) {
            let found = try context.database.layoutItems(of: layout, in: LayoutRect(x: 0, y: 0, width: context.fluid.layoutWidth(band), height: height))
            last = max(last, found.last?.index ?? -1)
        }
        return try cells(0 ..< last + 1).filter { cell in cell.placements.contains { $0.y < height } }
    }

    /// The stored justified layouts of the justified view, one per band of `context.justified` (computed
    /// and stored first if the album changed since), read when first asked for.
    func justifiedLayouts() throws -> [StoredFrameLayout] {
        // Under the lock: two threads storing the same layout would each replace the other's,
        // and the first would read the items of a layout that is gone.
        try storedRows.withLock { known in
            if let known { return known }
            let made = try context.geometry.layoutNeeds(context.configuration).justified.map { width, options in
                try context.layouts.justifiedLayout(width: width, scope: scope, options: options)
            }
            known = made
            return made
        }
    }
    private let storedRows = Mutex<[StoredFrameLayout]?>(nil)

    /// Each photo's digest for the files that show a run of photos, once made
    /// (`SiteSnapshot.photoDigests`).
    let photoDigests = Mutex<PhotoRunDigests?>(nil)

    /// The justified view's frames of the photos at `indices`, per band (entry b), by index: at the
    /// band's rows width, where the page scales them from.
    func justifiedFrames(_ indices: Range<Int>) throws -> [[Int: JustifiedFrame]] {
        try justifiedLayouts().map { layout in
            var frames: [Int: JustifiedFrame] = [:]
            for frame in try context.database.layoutFrames(of: layout, indices: indices) {
                frames[frame.index] = (frame.x, frame.y, frame.width, frame.height)
            }
            return frames
        }
    }

    /// A data chunk's frames in the justified view (`indices`, its photos): per photo, x, y, width
    /// and height in each band (band b's at 4b …), rounded as the page reads them, y from the
    /// chunk's top in that band (its top in `justifiedRunBounds`). Rows only moved down by photos
    /// inserted before them keep their bytes; the page adds the top back (`galleryJustifiedPlacing`).
    /// From `every` (`everyJustifiedFrame`) when given, else read for these photos alone.
    func justifiedChunkFrames(_ indices: Range<Int>, every: [[JustifiedFrame?]]? = nil) throws -> [[Double]] {
        let bands: [(Int) -> JustifiedFrame?] = try every.map { every in
            every.map { frames in { frames.indices.contains($0) ? frames[$0] : nil } }
        } ?? justifiedFrames(indices).map { frames in { frames[$0] } }
        let tops = bands.map { frame in indices.compactMap { frame($0)?.y }.min() ?? 0 }
        return indices.map { i in
            zip(bands, tops).flatMap { frame, top in
                frame(i).map { [$0.x, $0.y - top, $0.width, $0.height].map(HTML.rounded) } ?? [0, 0, 0, 0]
            }
        }
    }

    typealias JustifiedFrame = (x: Double, y: Double, width: Double, height: Double)

    /// Every photo's frame in the justified view, per band (entry b), by index (nil where a band
    /// lacks it), read in one pass a part at a time and kept with the source: what an export
    /// digests each chunk's frames from (`SiteSnapshot.partDigest`). Read a chunk and a band at
    /// a time, they were a query each: 9 % of a caption's build at 100,000 photos.
    func everyJustifiedFrame() throws -> [[JustifiedFrame?]] {
        try everyFrame.withLock { known in
            if let known { return known }
            let made = try justifiedLayouts().map { layout in
                var frames = [JustifiedFrame?](repeating: nil, count: count)
                for part in parts {
                    for frame in try context.database.layoutFrames(of: layout, indices: part) where frames.indices.contains(frame.index) {
                        frames[frame.index] = (frame.x, frame.y, frame.width, frame.height)
                    }
                }
                return frames
            }
            known = made
            return made
        }
    }
    private let everyFrame = Mutex<[[JustifiedFrame?]]?>(nil)

    /// Each chunk's top and bottom in the justified view, per band (entry b: [top0, bottom0,
    /// top1, …] at the band's rows width, which the page scales as it scales the frames), from
    /// every photo's frame (`everyJustifiedFrame`); 0 for a chunk without frames. Kept with
    /// the source: each run's bounds file reads it.
    private func justifiedChunkSpans() throws -> [[Double]] {
        if let known = chunkSpans.withLock({ $0 }) { return known }
        let cuts = try cuts()
        let spans = try everyJustifiedFrame().map { frames in
            (0 ..< cuts.chunkCount).flatMap { chunk -> [Double] in
                var top = Double.infinity, bottom = -Double.infinity
                for i in cuts.chunkRange(chunk) where frames.indices.contains(i) {
                    guard let frame = frames[i] else { continue }
                    top = min(top, frame.y)
                    bottom = max(bottom, frame.y + frame.height)
                }
                return top.isFinite ? [top, bottom] : [0, 0]
            }
        }
        chunkSpans.withLock { $0 = spans }
        return spans
    }
    private let chunkSpans = Mutex<[[Double]]?>(nil)

    /// Each group's top and bottom in the justified view, per band (entry b: [top0, bottom0,
    /// …], rounded): the justified index's, from which its runs' bounds files count.
    func justifiedGroupBounds() throws -> [[Double]] {
        let cuts = try cuts()
        return try justifiedChunkSpans().map { spans in
            (0 ..< cuts.groupCount).flatMap { group -> [Double] in
                let end = group + 1 < cuts.groupCount ? cuts.groupStarts[group + 1] : cuts.chunkCount
                var top = Double.infinity, bottom = -Double.infinity
                for chunk in cuts.groupStarts[group] ..< end {
                    top = min(top, spans[2 * chunk])
                    bottom = max(bottom, spans[2 * chunk + 1])
                }
                return top.isFinite ? [HTML.rounded(top), HTML.rounded(bottom)] : [0, 0]
            }
        }
    }

    /// The top and bottom of each chunk of the run of chunks `run` (of one group) in the
    /// justified view, per band, from the group's top as the index rounds it (`justifiedGroupBounds`).
    func justifiedRunBounds(_ run: Range<Int>) throws -> [[Double]] {
        let cuts = try cuts(), run = run.clamped(to: 0 ..< cuts.chunkCount)
        guard let first = run.first else { return [] }
        let group = cuts.group(containingChunk: first), groups = try justifiedGroupBounds()
        return try justifiedChunkSpans().enumerated().map { band, spans in
            let top = groups[band][2 * group]
            return run.flatMap { [HTML.rounded(spans[2 * $0] - top), HTML.rounded(spans[2 * $0 + 1] - top)] }
        }
    }

    /// The justified page's part as HTML: the cells whose frame starts in the first `height` px in
    /// some band (at its narrowest, where the most are seen), with their frames.
    func justifiedFirstScreen(startingAbove height: Double) throws -> (cells: [CellModel], layouts: PageRenderer.JustifiedLayouts) {
        let layouts = try justifiedLayouts()
        var last = -1
        for (band, layout) in zip(context.justified.bands, layouts) {
            let found = try context.database.layoutFrames(of: layout, in: LayoutRect(x: 0, y: 0, width: band.rowWidth, height: height))
            last = max(last, found.last?.index ?? -1)
        }
        let frames = try justifiedFrames(0 ..< last + 1)
        let cells = try cells(0 ..< last + 1).filter { cell in frames.contains { $0[cell.index].map { $0.y < height } ?? false } }
        return (cells, PageRenderer.JustifiedLayouts(frames: frames))
    }
}
