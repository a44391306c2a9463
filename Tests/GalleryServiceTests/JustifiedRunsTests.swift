import GalleryLayout
import GalleryService
import GalleryTestSupport
import Testing

/// The justified rows break at the album's chunk starts where they can (`JustifiedLayout`'s
/// preferred breaks, `AlbumCuts`), so that a photo inserted reflows the rows of the chunks near
/// it and leaves the others' frames, measured from their chunk's top, as they were: what the
/// justified view's frames files hold (`AlbumSource.justifiedChunkFrames`).
@Suite("Justified rows: photos inserted reflow only the chunks near them")
struct JustifiedRunsTests {
    /// Per chunk (by its first id): its photos' frames in every band, y from the chunk's top.
    static func chunkFrames(_ ids: [Int64], aspects: [Int64: Double], preferChunks: Bool) throws -> [Int64: [[Double]]] {
        let cuts = AlbumCuts(ids: ids), ratios = ids.map { aspects[$0]! }
        let bands = try FluidJustified.standard.bands.map { band in
            try JustifiedLayout(width: band.rowWidth, aspectRatios: ratios, options: band.options, preferredBreaks: preferChunks ? cuts.chunkStarts : [])
        }
        var files: [Int64: [[Double]]] = [:]
        for chunk in 0 ..< cuts.chunkCount {
            let range = cuts.chunkRange(chunk)
            files[cuts.chunkIDs[chunk]] = bands.map { layout in
                let frames = range.map { layout.attributes(at: $0)!.frame }
                let top = frames.map(\.y).min()!
                return frames.flatMap { [$0.x, $0.y - top, $0.width, $0.height].map { ($0 * 1000).rounded() / 1000 } }
            } + [range.map { Double(ids[$0]) }]
        }
        return files
    }

    @Test("50 photos inserted into 10,000 rewrite the frames of a few chunks each, and far fewer than rows that ignore the chunks")
    func insertions() throws {
        var generator = SplitMix64(seed: 51)
        let shapes = [1.5, 1.5, 1.5, 0.667, 0.667, 1.333, 0.75, 1.78, 1, 3, 0.5]
        let ids = (0 ..< Int64(10_000)).map { $0 }
        var aspects: [Int64: Double] = [:]
        for id in 0 ..< Int64(10_050) { aspects[id] = shapes[Int(generator.next() % UInt64(shapes.count))] }
        var grown = ids
        for id in Int64(10_000) ..< 10_050 { grown.insert(id, at: Int(generator.next() % UInt64(grown.count + 1))) }

        var rewritten: [Bool: Int] = [:]
        for preferChunks in [true, false] {
            let before = try Self.chunkFrames(ids, aspects: aspects, preferChunks: preferChunks)
            let after = try Self.chunkFrames(grown, aspects: aspects, preferChunks: preferChunks)
            rewritten[preferChunks] = after.filter { before[$0.key] != $0.value }.count
        }
        let chunks = AlbumCuts(ids: grown).chunkCount
        // Each photo lands in one chunk (or cuts one in two); its rows reflow to the nearest
        // chunk start every band can break at.
        #expect(rewritten[true]! <= 4 * 50, "\(rewritten[true]!) of \(chunks) chunks' frames rewritten")
        #expect(rewritten[true]! * 2 < rewritten[false]!, "preferring chunk starts: \(rewritten[true]!) rewritten; not: \(rewritten[false]!)")
    }
}
