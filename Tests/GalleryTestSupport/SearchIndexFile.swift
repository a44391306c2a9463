import Foundation

/// The search index as an export wrote it (`data/search.index.js`): its blocks of documents'
/// cells, cut by content and named by their first photo's id, so that a test names "the block
/// holding document 288" through it.
public struct SearchIndexFile: Decodable, Sendable {
    public var count: Int
    public var blockStarts: [Int]
    public var blocks: [Int64]
    public var docs: String
    /// The word shards' keys, and their files' names with {n} for a key's UTF-8 bytes in hex:
    /// the older photos' (`shards`, `terms`) and the search's last group's (`recent…`).
    public var shards: [String]
    public var terms: String
    public var recentShards: [String]
    public var recentTerms: String

    public init(site: URL) throws {
        self = try JSONDecoder().decode(Self.self, from: Self.payload(site.appending(path: "data/search.index.js")))
    }

    /// What a data file's `galleryData(…)` call holds.
    static func payload(_ file: URL) throws -> Data {
        let script = try String(contentsOf: file, encoding: .utf8)
        let json = script.drop { $0 != "(" }.dropFirst().reversed().drop { $0 != ")" }.dropFirst().reversed()
        return Data(String(json).utf8)
    }

    /// Every shard's file, older photos' and newest photos' alike.
    public var termsFiles: [String] {
        func files(_ keys: [String], _ template: String) -> [String] {
            keys.map { key in template.replacingOccurrences(of: "{n}", with: key.utf8.map { String(format: "%02x", $0) }.joined()) }
        }
        return files(shards, terms) + files(recentShards, recentTerms)
    }

    /// The words of shard file `name` in `site`, each with its documents.
    public static func words(of name: String, in site: URL) throws -> [String: [Int]] {
        struct Terms: Decodable { var terms: [String: [Int]] }
        return try JSONDecoder().decode(Terms.self, from: payload(site.appending(path: name))).terms.mapValues { gaps in
            var document = 0
            return gaps.map { gap in
                document += gap
                return document
            }
        }
    }

    /// The file of the block holding document `document`.
    public func blockFile(holding document: Int) -> String {
        docs.replacingOccurrences(of: "{n}", with: String(blocks[(blockStarts.lastIndex { $0 <= document }) ?? 0]))
    }
}
