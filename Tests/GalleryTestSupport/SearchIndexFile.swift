import Foundation

/// The search index as an export wrote it (`data/search.index.js`): its blocks of documents'
/// cells, cut by content and named by their first photo's id, so that a test names "the block
/// holding document 288" through it.
public struct SearchIndexFile: Decodable, Sendable {
    public var count: Int
    public var blockStarts: [Int]
    public var blocks: [Int64]
    public var docs: String

    public init(site: URL) throws {
        let script = try String(contentsOf: site.appending(path: "data/search.index.js"), encoding: .utf8)
        let json = script.drop { $0 != "(" }.dropFirst().reversed().drop { $0 != ")" }.dropFirst().reversed()
        self = try JSONDecoder().decode(Self.self, from: Data(String(json).utf8))
    }

    /// The file of the block holding document `document`.
    public func blockFile(holding document: Int) -> String {
        docs.replacingOccurrences(of: "{n}", with: String(blocks[(blockStarts.lastIndex { $0 <= document }) ?? 0]))
    }
}
