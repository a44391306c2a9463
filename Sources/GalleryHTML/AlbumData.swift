import Foundation
import GalleryJSON
import GalleryLayout
import GalleryService
import GallerySitePlan

/// An album's layout as the files its masonry page loads while the visitor scrolls, so that
/// the page itself stays the same size however many photos the album holds.
///
/// The photos are cut, in album order, into chunks (`AlbumCuts`: by content, about 15 photos,
/// named by their first photo's id); each chunk is one file
/// holding everything its cells need to be drawn but their places (shape, image names,
/// placeholder colour, caption and comment in their measured lines), so that a chunk's
/// bytes depend on its own photos only: a caption edited rewrites the chunk that shows it,
/// not every chunk after it, and a photo inserted changes the chunk it lands in, not every
/// chunk after it (issue 51). The page places the cells itself, a group of chunks at a time:
/// its columns file says, per band of the grid, where the columns end
/// before each group (`Columns`), exactly as the engine left them, and a group's shapes file
/// holds what its photos' heights are made of (`Shape`); from there the engine's rule, term for
/// term (`galleryMasonryPlacement`, held to `gallery layout --viewport` by the browser tests),
/// places every cell where the engine did. A group lies between its columns' ends before it
/// and after it, so the page loads the shapes of the groups the viewport meets, then exactly
/// the chunks it meets. A group is about 63 chunks: the columns file holds a 63rd of the columns'
/// ends a chunk would need (they change after any photo that changed, and every band has
/// them), for a small file more to load. The photo IDs are a file a group, read only to
/// follow a deep link (`#photo-ID`), found through the spans of ids the index gives each group.
///
/// Every file is a script calling `galleryData({...})` with JSON: unlike `fetch()`, a script
/// element loads from `file://` as well as from any static host, and the browser parses it
/// without a second pass through `JSON.parse`.
struct AlbumData: Sendable {
    /// The part of the grid the album page writes as HTML: enough for the first screen of a
    /// tall window, at every column count.
    static let firstScreenHeight = 1600.0

    /// The stem the album's files are named after ("album-coast"), nil on a one-album site.
    let stem: String?

    init(stem: String?) {
        self.stem = stem
    }

    private func name(_ file: AlbumFile) -> String { SiteFileName.album(stem: stem, file).name }

    var indexFile: String { name(.index) }
    var columnsFile: String { name(.columns) }
    var heightsFile: String { name(.heights) }
    /// The justified view's index: its own bounds, the same content chunks, its frames' files.
    var justifiedIndexFile: String { name(.justifiedIndex) }
    /// A chunk's plain page, by its first photo's id.
    func plainPage(_ id: Int64) -> String { name(.plainPage(id)) }

    /// What the page learns first: sizes, where each chunk lies in each band (masonry's or the
    /// rows'), and the names of the other files.
    ///
    /// Files named by a first photo's id are named through `files`, from `chunkIDs`: the names
    /// written out were 70 % of an index (45 bytes a chunk on a keyword's page), and an index
    /// is the first file a page loads and is rewritten whenever photos come or go.
    struct Index: Encodable {
        var kind = "index"
        var count: Int
        /// Each chunk's first photo's index (`AlbumCuts`): the page finds a photo's chunk in it.
        var chunkStarts: [Int]
        /// Each chunk's first photo's id: its files' names, and its group's when it is a
        /// group's first (`files`).
        var chunkIDs: [Int64]
        /// The names of the files of a chunk (its cells; rows: its photos' frames), "{n}" for its
        /// first photo's id, of a run of a group's chunks (masonry: its shapes; its ids), "{n}"
        /// for "ID-N" (`lastGroupRuns`), and (`docs`) of a search block's documents, when some
        /// chunk is a run of one.
        var files: Files
        /// Rows: per band b (entry b), each group's top and bottom at the band's rows width; its
        /// chunks' are in its runs' bounds files (`files.bounds`, `AlbumFile.justifiedBounds`).
        var bounds: [[Double]]?
        /// Masonry: the file of where each band's columns end before each group (`Columns`).
        var columns: String?
        /// Each group's first chunk (`AlbumCuts`).
        var groups: [Int]
        /// Per group, spans its photos' ids lie in, [first, last − first, …]
        /// (`AlbumCuts.groupIDSpans`): a deep link loads the ids of the groups whose spans hold
        /// its photo's.
        var idSpans: [[Int64]]
        /// How many chunks each of the last group's files of shapes and ids holds, in order
        /// (`AlbumFiles.groupRuns`): every other group's are one file of all its chunks. Their
        /// names: `files` with {n} = the run's first photo's id, "-", its count of chunks.
        var lastGroupRuns: [Int]
        var innerWidth: Double
        /// Masonry: the grid's bands (as the style sheet's media queries choose them).
        var bands: [Band]?
        /// Masonry: what a cell's height is made of besides its photo and texts.
        var padding: Double?
        var gutter: Double?
        var annotationTop: Double?
        var annotationBottom: Double?
        /// Masonry: the grid images' `sizes`.
        var sizes: String?
        /// Rows: per band, the rows width its frames and bounds are at (drawn scaled to the
        /// rows' width shown, `FluidJustified`).
        var rowWidths: [Double]?
        /// Rows: the tallest an on-target row is drawn (its images' `sizes`).
        var rowHeight: Double?
        /// When some chunk is a run of a search block (`SharedChunks`), per chunk: that block's
        /// first photo's id (its cells are in the block's `docs` file), nil for a chunk that is a
        /// file of its own; and where the chunk's photos begin in its file. Absent when every
        /// chunk is a file of its own (from 0).
        var chunkBlocks: [Int64?]?
        var chunkOffsets: [Int]?
        /// How many chunks each dates file's months are of, in order (`Dates`,
        /// `AlbumFiles.datesRuns`), each named as a run of a group's (`files`): the date
        /// scrubber loads them all.
        var datesRuns: [Int]
    }

    /// Where each month of a date-sorted album that begins in a dates file's groups
    /// (`AlbumFile.dates`) begins: its first photo's index and its place in every band ([t0, y0,
    /// t1, y1, …]: at items w wide, y = t·w + y0), in album order; empty when the album is not
    /// in date order or has no dates, or no month begins there.
    struct Dates: Encodable {
        var kind = "dates"
        /// [["2024-07", index, [t0, y0, …], [rows y0, y1, …]], …] (the rows' tops only where
        /// the album has the justified view)
        var months: [Month]
    }

    struct Month: Encodable {
        var month: String
        var index: Int
        var place: [Double]
        var justified: [Double]?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(month)
            try container.encode(index)
            try container.encode(place)
            if let justified { try container.encode(justified) }
        }
    }

    func datesScript(_ months: [(month: String, index: Int, place: [Double], justified: [Double]?)]) throws -> String {
        try Self.script(Dates(months: months.map { Month(month: $0.month, index: $0.index, place: $0.place, justified: $0.justified) }))
    }

    /// `Index.files`.
    struct Files: Encodable {
        var chunk: String
        /// Masonry's.
        var shapes: String?
        var ids: String
        var dates: String
        /// Rows'.
        var frames: String?
        var bounds: String?
        var docs: String?
    }

    /// The name of `file` with "{n}" for the id that names it (`SiteFileName` writes every name).
    private func template(_ file: (Int64) -> AlbumFile) -> String {
        name(file(0)).replacingOccurrences(of: "-0.", with: "-{n}.")
    }

    /// The name of a run of a group's chunks' `file` with "{n}" for its first photo's id, a
    /// hyphen and how many chunks ("ID-N").
    private func template(_ file: (Int64, Int) -> AlbumFile) -> String {
        name(file(0, 1)).replacingOccurrences(of: "-0-1.", with: "-{n}.")
    }

    struct Band: Encodable {
        var columns: Int
        var innerWidth: Double
    }

    /// A chunk's frames in a view other than masonry: per photo, x, y, width, height in each
    /// band of the rows (band b's at 4b …), y from the chunk's top in the band (the index's bounds).
    struct Frames: Encodable {
        var kind = "frames"
        var frames: [[Double]]
    }

    /// One photo of a chunk or a search block: its markup as `CellMarkup` writes it, without
    /// its place on a page, and what the page script needs to draw it (`galleryMakeCell`,
    /// `galleryMakeItem`) and, in a search block, to place it with the engine's rule
    /// (`galleryMasonryPlacement`): its shape and its texts' heights. Nothing in it depends on
    /// the photos before it.
    struct Cell: Encodable {
        var id: Int64
        /// Displayed width / height: the photo is inner width / ar tall.
        var ar: Double
        /// A search block's: its texts' heights in the bands as measured, unrounded, so that
        /// the page's placement adds up exactly what the engine's does: "ch" (caption), "mh"
        /// (comment), each runs of equal values, [value, how many bands, …]; absent without
        /// the text. Nil in an album's chunk, whose page places it from its group's shapes
        /// (`Shapes`), which have the same (61 bytes a cell, unread, in every chunk before).
        var place: [String: [Double]]?
        /// The masonry cell (`CellMarkup.cell`): the lightbox reads a photo from it as well.
        var html: String
        /// Its item in the album's other views (`CellMarkup.item`), when it has some.
        var item: String?

        /// `cell` as data, with its item when `withItem`, with its texts' heights when `withPlace`.
        init(_ cell: CellModel, markup: CellMarkup, withItem: Bool, withPlace: Bool) {
            id = cell.photoID
            ar = cell.aspectRatio
            place = withPlace ? Shape.place(captions: cell.caption.isEmpty ? nil : cell.placements.map(\.captionHeight),
                                            comments: cell.comment.isEmpty ? nil : cell.placements.map(\.commentHeight)) : nil
            html = markup.cell(cell, placed: nil)
            item = withItem ? markup.item(cell, in: nil) : nil
        }
    }

    /// What one photo's place in the grid is made of, in every band: its shape and its texts'
    /// heights as measured (`Cell.place`), the same numbers the engine laid it out with.
    ///
    /// Written as an array, the shortest a shapes file can be (a caption edited rewrites its
    /// group's, about a thousand photos on every page that shows it): [width, height, ch, mh],
    /// the photo's displayed width and height in lowest terms (the engine's aspect ratio is
    /// their quotient, which the page's division gives to the bit), then its caption's and
    /// comment's heights as runs (`place`), 0 for a text it has not, the trailing ones left out:
    /// [4,3] for a 4:3 photo without texts, 38 bytes as an object with a 17-digit ratio.
    struct Shape: Encodable {
        var width: Double
        var height: Double
        var place: [String: [Double]]

        /// A photo `width` × `height` (displayed, both above 0): its ratio in lowest terms.
        init(width: Int, height: Int, place: [String: [Double]]) {
            var (a, b) = (width, height)
            while b != 0 { (a, b) = (b, a % b) }
            self.width = Double(width / a)
            self.height = Double(height / a)
            self.place = place
        }

        /// A photo known by its aspect ratio only (gone from the library since its layout).
        init(aspectRatio: Double, place: [String: [Double]]) {
            width = aspectRatio
            height = 1
            self.place = place
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(width)
            try container.encode(height)
            let texts = [place["ch"], place["mh"]]
            let written = texts.lastIndex { $0 != nil }.map { $0 + 1 } ?? 0
            for text in texts.prefix(written) {
                if let text { try container.encode(text) } else { try container.encode(0) }
            }
        }

        /// A photo's texts' heights in the bands (nil: it has no such text) as `Cell.place`
        /// keeps them: runs of equal values, unrounded.
        static func place(captions: [Double]?, comments: [Double]?) -> [String: [Double]] {
            func runs(_ values: [Double]) -> [Double] {
                CellModel.BandField(name: "", values: values, isLength: true).runs
            }
            var place: [String: [Double]] = [:]
            if let captions { place["ch"] = runs(captions) }
            if let comments { place["mh"] = runs(comments) }
            return place
        }
    }

    /// A group's photos' shapes, in album order: what the page places them from. Nothing in a
    /// data file says where it lies in the album (the index does), so that its bytes stay when
    /// photos are inserted before it.
    struct Shapes: Encodable {
        var kind = "shapes"
        /// What the caption's and the comment's heights are counted in: their line heights,
        /// when every height in the file is a whole number of lines (as measured text is),
        /// else 1 px. "[8,1,7,1,6,2,…]" for "[144,1,126,1,108,2,…]": a fifth of a shapes file.
        var lines: [Double]
        var cells: [Shape]
    }

    /// The shapes file of `shapes`, their texts' heights in lines of `lineHeights` (caption's,
    /// comment's) where every one is a whole number of them, read back by the page exactly:
    /// lines × line height is the height itself, to the bit.
    func shapesScript(shapes: [Shape], lineHeights: [Double]) throws -> String {
        let keys = ["ch", "mh"]
        let units = zip(keys, lineHeights).map { key, height in
            let whole = height > 0 && shapes.allSatisfy { shape in
                (shape.place[key] ?? []).enumerated().allSatisfy { $0.offset % 2 == 1 || ($0.element / height).rounded() * height == $0.element }
            }
            return whole ? height : 1
        }
        let counted = shapes.map { shape in
            var shape = shape
            for (key, unit) in zip(keys, units) where unit != 1 {
                shape.place[key] = shape.place[key]?.enumerated().map { $0.offset % 2 == 0 ? ($0.element / unit).rounded() : $0.element }
            }
            return shape
        }
        return try Self.script(Shapes(lines: units, cells: counted))
    }

    struct Chunk: Encodable {
        var kind = "chunk"
        var cells: [Cell]
    }

    /// Where a masonry album's columns end before each group, apart from the index
    /// (`AlbumFile.columns`): any height changed (a caption edited) moves every group's after
    /// it, and the index, 70 % of which they were at 100,000 photos, then stays. Not after the
    /// last group: photos added at the end leave the file as it was until they start a group.
    struct Columns: Encodable {
        var kind = "columns"
        /// Per band b (entry b), where each of its columns ends before each group
        /// (`AlbumSource.groupStarts`): [height, photos] a column, the columns of group 0,
        /// then of group 1, …; the height at the band's layout width and the photos' share of
        /// it (what scales with the width drawn), exactly as the engine adds them up: the page
        /// goes on from them. Each band's as its doubles' bytes (IEEE 754, little-endian) in
        /// base64: the page needs their every bit (a tie broken otherwise moves every cell
        /// after it), which as decimal text took 17 digits and a comma, 18 bytes a number
        /// against 10.7 (`galleryColumnStarts`).
        var starts: [String]

        init(starts: [[Double]]) {
            self.starts = starts.map { band in
                var bytes = Data(capacity: 8 * band.count)
                for value in band { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
                return bytes.base64EncodedString()
            }
        }
    }

    func columnsScript(starts: [[Double]]) throws -> String {
        try Self.script(Columns(starts: starts))
    }

    /// The masonry grid's style sheet of its heights: in each band b (`heights[b]`, at the band's
    /// inner width w) the tallest column, each `a·w + b` tall ([a0, b0, a1, b1, …]), drawn at
    /// the width shown (--iw, set by the band's media query). A style sheet the page links,
    /// not the grid's own style nor set by the script: the grid is as tall as the album before
    /// anything is drawn (no layout shift, the right scroll bar without script; and a scroll
    /// restored on Back finds the page's height, since a style sheet holds the load event back
    /// and a `fetch` does not: with the same rules applied from a fetched file, WebKitGTK left
    /// a visitor Back at the top of a 1,200-photo album; `LargeAlbumBackTests`), and a height
    /// that changed (a caption edited, at 100,000 photos) rewrites these 2 KB, not the page's 80.
    /// It writes the album's `summary` ("290 photos") into its pages' headers too, and what its
    /// other views' pages take of the album's size (`views`), which any photo added or removed
    /// changes with the heights: the pages, which show the first photos only, stay as they are
    /// (`PageRenderer.albumPage`, `.justifiedPage`; 0.2 MB of pages a day of photos rewrote at
    /// 100,000 photos, the rows page's 131 KB of it).
    func heightsStyle(_ heights: [[Double]], summary: String, views: ViewSizes) -> String {
        let bands = heights.enumerated().map { b, terms in
            let columns = stride(from: 0, to: terms.count - 1, by: 2).map { "calc(var(--iw) * \(HTML.factor(terms[$0])) + \(HTML.px(terms[$0 + 1]))px)" }
            return "  --h\(b): " + (columns.count == 1 ? columns[0] : "max(" + columns.joined(separator: ", ") + ")") + ";\n"
        }
        var style = ".grid[data-layout] {\n" + bands.joined() + "}\n"
        if let rows = views.rowsHeights {
            style += ".justified[data-layout] { " + rows.enumerated().map { "--ch\($0.offset): \(HTML.px($0.element));" }.joined(separator: " ") + " }\n"
        }
        if let count = views.turning {
            style += ".wheel[data-layout], .carousel[data-layout] { --n: \(count); --gaps: \(max(1, count - 1)); }\n"
        }
        if let content = views.carouselContent {
            style += ".carousel[data-layout] { --content: \(HTML.px(content))px; }\n"
        }
        return style + ".album-summary::before { content: \(HTML.cssString(summary)); }\n"
    }

    /// What the album's views other than masonry take from its heights' style sheet, for the
    /// views it has (nil: not one of them).
    struct ViewSizes {
        /// How many photos the wheel and the carousel turn through.
        var turning: Int?
        /// The carousel's content width (`CarouselLayout.contentSize`).
        var carouselContent: Double?
        /// The rows' height in each band of the justified view, at the band's rows width (a
        /// number: the style sheet scales it, `--rs`).
        var rowsHeights: [Double]?
    }

    struct IDs: Encodable {
        var kind = "ids"
        var ids: [Int64]
    }

    /// The masonry index file; `shared`: its chunks that are runs of the search's blocks, named by those.
    func indexScript(cuts: AlbumCuts, geometry: SiteGeometry, fluid: FluidMasonry, shared: SharedChunks = .none) throws -> String {
        let options = fluid.options(fluid.bands[0])
        let blocks = shared.runs.isEmpty ? nil : (0 ..< cuts.chunkCount).map { shared.runs[$0]?.block }
        let offsets = shared.runs.isEmpty ? nil : (0 ..< cuts.chunkCount).map { shared.runs[$0]?.offset ?? 0 }
        return try Self.script(Index(
            count: cuts.count, chunkStarts: cuts.chunkStarts, chunkIDs: cuts.chunkIDs,
            files: Files(chunk: template(AlbumFile.chunk), shapes: template(AlbumFile.shapes), ids: template(AlbumFile.ids), dates: template(AlbumFile.dates),
                         docs: blocks == nil ? nil : SiteSearch.docsTemplate),
            columns: columnsFile, groups: cuts.groupStarts, idSpans: cuts.groupIDSpans, lastGroupRuns: Self.lastGroupRuns(cuts), innerWidth: geometry.innerWidth,
            bands: fluid.bands.map { Band(columns: $0.columns, innerWidth: $0.innerWidth) },
            padding: fluid.cellPadding, gutter: fluid.gutter, annotationTop: options.annotationTopPadding,
            annotationBottom: options.annotationBottomPadding, sizes: fluid.imageSizes,
            chunkBlocks: blocks, chunkOffsets: offsets, datesRuns: AlbumFiles.datesRuns(cuts).map(\.count)))
    }

    /// The space above a cell's caption and below its comment (`MasonryOptions`' defaults,
    /// gallery.css `.cell .annotation`).
    static let annotationPadding = MasonryOptions().annotationTopPadding + MasonryOptions().annotationBottomPadding

    /// A group's ids file: its photos' ids, in album order.
    func idsScript(_ ids: [Int64]) throws -> String {
        try Self.script(IDs(ids: ids))
    }

    /// A chunk: the cells of its photos, in album order; `withItems` when the album has
    /// views other than masonry, which make their items from the same chunks.
    func chunkScript(cells: [CellModel], markup: CellMarkup, withItems: Bool) throws -> String {
        try Self.script(Chunk(cells: cells.map { Cell($0, markup: markup, withItem: withItems, withPlace: false) }))
    }

    /// A chunk's frames in the justified view (`AlbumSource.justifiedChunkFrames`).
    func justifiedFramesScript(frames: [[Double]]) throws -> String {
        try Self.script(Frames(frames: frames))
    }

    /// Where each chunk of a run of a group's chunks lies in the justified view: per band, its
    /// top and bottom from the group's top (`AlbumSource.justifiedRunBounds`).
    struct Bounds: Encodable {
        var kind = "bounds"
        var bounds: [[Double]]
    }

    func justifiedBoundsScript(bounds: [[Double]]) throws -> String {
        try Self.script(Bounds(bounds: bounds))
    }

    /// The justified view's index: its groups' bounds (`bounds[b]` for band b), the same content
    /// chunks, its frames' and bounds' files.
    func justifiedIndexScript(bounds: [[Double]], cuts: AlbumCuts, geometry: SiteGeometry, fluid: FluidJustified) throws -> String {
        try Self.script(Index(
            count: cuts.count, chunkStarts: cuts.chunkStarts, chunkIDs: cuts.chunkIDs,
            files: Files(chunk: template(AlbumFile.chunk), ids: template(AlbumFile.ids), dates: template(AlbumFile.dates), frames: template(AlbumFile.justifiedFrames),
                         bounds: template(AlbumFile.justifiedBounds)),
            bounds: bounds, groups: cuts.groupStarts, idSpans: cuts.groupIDSpans, lastGroupRuns: Self.lastGroupRuns(cuts), innerWidth: geometry.innerWidth, rowWidths: fluid.bands.map(\.rowWidth),
            rowHeight: HTML.rounded(fluid.options.targetRowHeight * fluid.widthRatio.squareRoot()), datesRuns: AlbumFiles.datesRuns(cuts).map(\.count)))
    }

    private static func lastGroupRuns(_ cuts: AlbumCuts) -> [Int] {
        cuts.groupCount > 0 ? AlbumFiles.groupRuns(cuts, group: cuts.groupCount - 1).map(\.count) : []
    }

    static func script(_ value: some Encodable) throws -> String {
        "galleryData(" + (try JSON.string(value, JSONOutput(sortedKeys: true))) + ");\n"
    }
}
