import Foundation
@testable import GalleryHTML
import GalleryService
import GalleryTestSupport
import Testing

/// Browse pages' chunks that are runs of the search's blocks (`SharedChunks`): which are, and
/// what the large site's year page loads in their place.
@Suite("A year's chunks are runs of the search's blocks: one copy of each cell")
struct SharedChunksTests {
    /// A library's search order of `count` photos, ids shuffled by `seed` (ids are not in date
    /// order: a folder imported late holds old photos).
    static func order(count: Int, seed: UInt64) -> [Int64] {
        var generator = SplitMix64(seed: seed)
        return (1 ... Int64(count)).shuffled(using: &generator)
    }

    @Test("a stretch of the search's order shares its chunks but where it meets a block's end; every third photo shares none", arguments: [1, 2, 3] as [UInt64])
    func runs(seed: UInt64) {
        let all = Self.order(count: 3_000, seed: seed)
        let blocks = AlbumCuts(ids: all)
        let positions = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element, $0.offset) })
        // A year: photos 1,000 to 2,199 of the search's order.
        let year = Array(all[1_000 ..< 2_200])
        let cuts = AlbumCuts(ids: year)
        let shared = SharedChunks(ids: year, cuts: cuts, positions: positions, blocks: blocks)
        for chunk in 0 ..< cuts.chunkCount {
            let range = cuts.chunkRange(chunk), first = 1_000 + range.lowerBound
            let block = blocks.chunk(containing: first)
            let fits = blocks.chunkRange(block).contains(first + range.count - 1)
            // Shared exactly when its photos lie in one block, where they are in it.
            #expect((shared.runs[chunk] != nil) == fits, "chunk \(chunk) of \(cuts.chunkCount): in one block \(fits)")
            if let run = shared.runs[chunk] {
                #expect(run.block == blocks.chunkIDs[block] && run.offset == first - blocks.chunkStarts[block])
            }
        }
        // Cut by the same content as the blocks, a year's chunks are the blocks but at its ends.
        #expect(shared.runs.count >= cuts.chunkCount - 2, "\(shared.runs.count) of \(cuts.chunkCount) chunks shared")
        // A keyword's photos, every third: each chunk holds photos of several blocks' stretches.
        let keyword = stride(from: 0, to: all.count, by: 3).map { all[$0] }
        let keywordCuts = AlbumCuts(ids: keyword)
        #expect(SharedChunks(ids: keyword, cuts: keywordCuts, positions: positions, blocks: blocks).runs.isEmpty)
        // A photo that is not a document (an unlisted album's) is in no block.
        var unlisted = positions
        unlisted[year[cuts.chunkRange(0).lowerBound + 1]] = nil
        #expect(SharedChunks(ids: year, cuts: cuts, positions: unlisted, blocks: blocks).runs[0] == nil)
    }

    struct Payload: Decodable {
        struct Cell: Decodable { var id: Int64 }
        var cells: [Cell?]
    }

    static func read<T: Decodable>(_ type: T.Type, _ name: String, in site: URL) throws -> T {
        let script = try String(contentsOf: site.appending(path: name), encoding: .utf8)
        let json = script.drop { $0 != "(" }.dropFirst().reversed().drop { $0 != ")" }.dropFirst().reversed()
        return try JSONDecoder().decode(T.self, from: Data(String(json).utf8))
    }

    @Test("the large site's fullest year: its index names the search's blocks and where its photos begin in them, and writes no file of its own for those chunks")
    func largeYear() throws {
        let work = try LargeAlbum.work.get()
        let year = try #require(try LargeBrowsePageTests.pages().first { $0.kind == "years" })
        let stem = "year-" + year.title
        let index = try AlbumIndexFile(site: work.site, stem: stem)
        struct IDs: Decodable { var ids: [Int64] }
        // The groups' ids files, end to end: the year's photos.
        let ids = try index.ids.flatMap { try Self.read(IDs.self, $0, in: work.site).ids }
        #expect(index.count == year.count && ids.count == year.count)
        for (group, first) in index.groups.enumerated() {
            let files = index.ids(ofGroup: group)
            #expect(files.first?.hasPrefix("data/\(stem).ids-\(ids[index.chunkStarts[first]])-") == true, "group \(group)'s ids are named by its first photo: \(files)")
        }
        // Chunks are named by their first photo's id, shared ones by their search block's.
        #expect(index.chunkIDs == index.chunkStarts.map { ids[$0] })
        let offsets = try #require(index.chunkOffsets, "no chunk of \(stem) is shared")
        var shared = 0
        for (chunk, file) in index.chunks.enumerated() {
            let start = index.chunkStarts[chunk], end = chunk + 1 < index.chunkStarts.count ? index.chunkStarts[chunk + 1] : index.count
            let payload = try Self.read(Payload.self, file, in: work.site)
            // The run of its file the page takes: the year's photos, in its order.
            let run = payload.cells[offsets[chunk] ..< offsets[chunk] + (end - start)].map { $0?.id }
            #expect(run == ids[start ..< end].map { $0 }, "chunk \(chunk) in \(file) at \(offsets[chunk])")
            if file.hasPrefix("data/search.docs-") {
                shared += 1
                // Not a file of the year's: none of that name, and none listed for it.
                #expect(!FileManager.default.fileExists(atPath: work.site.appending(path: "data/\(stem).chunk-\(ids[start]).js").path))
            } else {
                #expect(offsets[chunk] == 0 && payload.cells.count == end - start, "\(file) is the chunk's own")
            }
        }
        #expect(shared >= index.chunks.count - 2, "\(shared) of \(index.chunks.count) chunks of \(stem) shared")
    }
}
