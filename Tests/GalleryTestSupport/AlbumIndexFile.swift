import Foundation

/// An album's index file as an export wrote it (`data/STEM.index.js`): its chunks, where they
/// start, its groups and their shapes files. Chunks are cut by content and named by their
/// first photo's id, so a test names "the chunk holding photo 288" through it, not by number.
public struct AlbumIndexFile: Decodable, Sendable {
    public var count: Int
    public var chunks: [String]
    public var chunkStarts: [Int]
    public var groups: [Int]?
    public var shapes: [String]?

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
