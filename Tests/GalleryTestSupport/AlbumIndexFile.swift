import Foundation

/// An album's index file as an export wrote it (`data/STEM.index.js`): its chunks, where they
/// start, its groups and their files. Chunks are cut by content and named by their
/// first photo's id, so a test names "the chunk holding photo 288" through it, not by number.
public struct AlbumIndexFile: Decodable, Sendable {
    public var count: Int
    public var chunkStarts: [Int]
    /// Each chunk's first photo's id, which names its files (and its group's, for a group's first).
    public var chunkIDs: [Int64]
    public var groups: [Int]
    /// Per group, the spans its photos' ids lie in: [first, last − first, …].
    public var idSpans: [[Int64]]
    /// How many chunks each file of the last group's shapes and ids holds (every other
    /// group's are one file).
    public var lastGroupRuns: [Int]
    /// Where a chunk that is a run of a search block has its cells: the block's first photo's id.
    public var chunkBlocks: [Int64?]?
    public var chunkOffsets: [Int]?
    /// The names of its files, "{n}" for the id that names one.
    public struct Files: Decodable, Sendable {
        public var chunk: String
        public var shapes: String?
        public var ids: String
        public var frames: String?
        public var docs: String?
    }
    public var files: Files

    /// Each chunk's file of cells, as the page names it (`galleryIndexFile`).
    public var chunks: [String] {
        chunkIDs.indices.map { chunk in
            if let block = chunkBlocks?[chunk], let docs = files.docs { return docs.replacingOccurrences(of: "{n}", with: String(block)) }
            return files.chunk.replacingOccurrences(of: "{n}", with: String(chunkIDs[chunk]))
        }
    }
    /// Every group's shapes files (masonry's; none for rows) and ids files, in order.
    public var shapes: [String] { groups.indices.flatMap { shapes(ofGroup: $0) } }
    public var ids: [String] { groups.indices.flatMap { ids(ofGroup: $0) } }

    /// Group `group`'s shapes files and ids files, as the page names them (`galleryGroupFiles`).
    public func shapes(ofGroup group: Int) -> [String] { files.shapes.map { runFiles(group, $0) } ?? [] }
    public func ids(ofGroup group: Int) -> [String] { runFiles(group, files.ids) }

    private func runFiles(_ group: Int, _ template: String) -> [String] {
        let first = groups[group], end = group + 1 < groups.count ? groups[group + 1] : chunkIDs.count
        var chunk = first
        return (group == groups.count - 1 ? lastGroupRuns : [end - first]).map { chunks in
            defer { chunk += chunks }
            return template.replacingOccurrences(of: "{n}", with: "\(chunkIDs[chunk])-\(chunks)")
        }
    }

    /// The groups whose spans of ids hold `id`: those a deep link to it loads the ids of.
    public func groups(holdingID id: Int64) -> [Int] {
        idSpans.indices.filter { group in
            let spans = idSpans[group]
            return stride(from: 0, to: spans.count, by: 2).contains { (spans[$0] ... spans[$0] + spans[$0 + 1]).contains(id) }
        }
    }

    /// The index of the album whose files are named after `stem` ("index" on a one-album site).
    public init(site: URL, stem: String = "index") throws {
        let script = try String(contentsOf: site.appending(path: "data/\(stem).index.js"), encoding: .utf8)
        let json = script.drop { $0 != "(" }.dropFirst().reversed().drop { $0 != ")" }.dropFirst().reversed()
        self = try JSONDecoder().decode(Self.self, from: Data(String(json).utf8))
    }

    /// The chunk holding photo `index`.
    public func chunk(holding index: Int) -> Int {
        (chunkStarts.lastIndex { $0 <= index }) ?? 0
    }

    /// Chunk `chunk`'s data file, plain page and justified frames file (a chunk's plain page and
    /// frames are named as it is). An album's: a browse page's chunk may be a run of a search
    /// block, named by that block (`chunkOffsets`, SharedChunksTests).
    public func chunkFile(_ chunk: Int) -> String { chunks[chunk] }
    public func plainPage(_ chunk: Int) -> String {
        let name = chunks[chunk].dropFirst("data/".count)
        return name.replacingOccurrences(of: ".chunk-", with: ".page-").replacingOccurrences(of: ".js", with: ".html")
    }
    public func framesFile(_ chunk: Int) -> String { chunks[chunk].replacingOccurrences(of: ".chunk-", with: ".justified-") }

    /// The photos of chunk `chunk`, by index.
    public func photos(ofChunk chunk: Int) -> Range<Int> {
        chunkStarts[chunk] ..< (chunk + 1 < chunkStarts.count ? chunkStarts[chunk + 1] : count)
    }
}
