import Foundation

/// The search index as an export wrote it (`data/search.index.js`): its blocks of documents'
/// cells, cut by content and named by their first photo's id, so that a test names "the block
/// holding document 288" through it.
public struct SearchIndexFile: Decodable, Sendable {
    public var count: Int
    /// Where the documents' numbers are in search order (`SearchNumbering`): the base's count,
    /// its numbers no photo has now, and the place of each number from `base` on.
    public var base: Int
    public var holes: [Int]
    public var added: [Int]
    public var blockStarts: [Int]
    public var blocks: [Int64]
    public var docs: String
    /// The word shards' keys, and their files' names with {n} for a key's UTF-8 bytes in hex:
    /// the base's photos' (`shards`, `terms`) and the photos added since (`recent…`).
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

    /// Every shard's file, the base's photos' and the added photos' alike.
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

    /// The place in search order of the document numbered `number` (as the page finds it).
    public func position(of number: Int) -> Int {
        if number >= base { return added[number - base] }
        let rank = number - holes.filter { $0 < number }.count
        let basesBefore = added.sorted().enumerated().map { $0.element - $0.offset }
        return rank + basesBefore.filter { $0 <= rank }.count
    }

    /// Every word of the index, with the places in search order of the photos it is in,
    /// ascending: what the page finds, whatever the numbers (a site made again after photos
    /// were added numbers them otherwise than a fresh export, and finds the same).
    public func placesByWord(in site: URL) throws -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for name in termsFiles {
            for (word, numbers) in try Self.words(of: name, in: site) { found[word, default: []] += numbers.map(position(of:)) }
        }
        return found.mapValues { $0.sorted() }
    }

    /// The map's points of listing `name` (data/map.points.js, data/map.points-STEM.js) in
    /// their order, each [latitude, longitude, place in search order, level], the places as
    /// the page sums them from its parts' steps.
    public func mapPoints(listing name: String, in site: URL) throws -> [[Int]] {
        struct Listing: Decodable { var parts: [String]; var part: String }
        struct Part: Decodable { var points: [Int] }
        let listing = try JSONDecoder().decode(Listing.self, from: Self.payload(site.appending(path: name)))
        var points: [[Int]] = []
        for digest in listing.parts {
            let flat = try JSONDecoder().decode(Part.self, from: Self.payload(site.appending(path: listing.part.replacingOccurrences(of: "{n}", with: digest)))).points
            var latitude = 0, longitude = 0
            for at in stride(from: 0, to: flat.count, by: 4) {
                latitude += flat[at]
                longitude += flat[at + 1]
                points.append([latitude, longitude, position(of: flat[at + 2]), flat[at + 3]])
            }
        }
        return points
    }

    /// The file of the block holding the photo at place `document` in search order.
    public func blockFile(holding document: Int) -> String {
        docs.replacingOccurrences(of: "{n}", with: String(blocks[(blockStarts.lastIndex { $0 <= document }) ?? 0]))
    }
}
