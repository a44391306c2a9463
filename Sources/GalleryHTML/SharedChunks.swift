import GalleryService

/// Which of a browse page's data chunks are runs of the search's blocks of cells, and so are
/// not files of their own (issue 51: one copy of a photo's cell, not one per page that shows it).
///
/// The search's blocks (`SiteSearch.blocks`) hold every listed photo's cell, in search order
/// (by date across albums), cut by content as every page's chunks are (`AlbumCuts`). A year's or
/// a month's photos are a stretch of that order, so their chunks mostly hold the photos of one
/// block, or the part of it in the year, in the same order: the page's index then names the
/// block and where in it the chunk begins, and the visitor loads the same cells as before, from
/// a file they may have already (the search, the map, another year). A chunk whose photos are
/// not consecutive in search order, or lie in two blocks, keeps its own file: sharing it would
/// make the visitor load blocks for a few photos each (a keyword's photos, spread over years).
///
/// The cells are the same: a browse page's chunk holds its cells without items (it has the grid
/// only), as the blocks do, and a cell's markup depends on its photo alone; a block's cells
/// also carry their texts' heights, for the search, which the page does not read (it places
/// them from its groups' shapes).
struct SharedChunks: Sendable, Equatable {
    /// Where a shared chunk's photos are: the block (its first photo's id) and the first one's
    /// place in it.
    struct Run: Sendable, Equatable {
        var block: Int64
        var offset: Int
    }

    /// By chunk number.
    let runs: [Int: Run]

    static let none = SharedChunks(runs: [:])

    /// The runs of the chunks (`cuts`) of a page whose photos are `ids` (in its order) that lie
    /// within one block of the search, consecutive: `positions` is each listed photo's place in
    /// search order, `blocks` the search's cuts.
    init(ids: [Int64], cuts: AlbumCuts, positions: [Int64: Int], blocks: AlbumCuts) {
        var runs: [Int: Run] = [:]
        for chunk in 0 ..< cuts.chunkCount {
            let range = cuts.chunkRange(chunk)
            guard let first = positions[ids[range.lowerBound]] else { continue }
            let block = blocks.chunk(containing: first), inBlock = blocks.chunkRange(block)
            guard inBlock.contains(first + range.count - 1),
                  (0 ..< range.count).allSatisfy({ positions[ids[range.lowerBound + $0]] == first + $0 }) else { continue }
            runs[chunk] = Run(block: blocks.chunkIDs[block], offset: first - inBlock.lowerBound)
        }
        self.runs = runs
    }

    private init(runs: [Int: Run]) {
        self.runs = runs
    }

    /// The first photos' ids of the shared chunks: the files a page does not have.
    func sharedIDs(_ cuts: AlbumCuts) -> Set<Int64> {
        Set(runs.keys.map { cuts.chunkIDs[$0] })
    }

    /// As the inputs' digest reads it: which chunk is where.
    var digestText: String {
        runs.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.block)+\($0.value.offset)" }.joined(separator: " ")
    }
}
