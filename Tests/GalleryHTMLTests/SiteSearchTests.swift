@testable import GalleryHTML
import GalleryTestSupport
import Testing

/// The search index's shards, on seeded random vocabularies: every word is in exactly one
/// shard, the one with the longest key that begins it, and the page's rule (the shards whose
/// key begins the query word or that it begins) reaches every word the query word begins.
@Suite("Search index shards: every word found through the page's rule")
struct SiteSearchTests {
    @Test("seeded vocabularies, common words and scripts beyond ASCII", arguments: [1, 2, 3] as [UInt64])
    func shards(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let letters = Array("aabcdeeilmnorst") + ["é", "ß", "港", "灯", "😀"]
        var postings: [String: [Int32]] = [:]
        for _ in 0 ..< 3_000 {
            let word = String((0 ..< Int.random(in: 1 ... 7, using: &random)).map { _ in letters.randomElement(using: &random)! })
            // Some words in many documents, so that shards split.
            let documents = Int.random(in: 0 ..< 20, using: &random) == 0 ? 4_000 : Int.random(in: 1 ... 30, using: &random)
            postings[word] = (0 ..< documents).map(Int32.init)
        }
        let shards = SiteSearch.shards(postings)
        #expect(shards.count > 20, "\(shards.count) shards: nothing was split")
        var home: [String: String] = [:]
        for shard in shards {
            for (token, _) in shard.terms {
                #expect(home[token] == nil, "'\(token)' is in two shards")
                home[token] = shard.key
                #expect(token.unicodeScalars.starts(with: shard.key.unicodeScalars), "'\(token)' is in the shard of '\(shard.key)'")
                let longer = shards.contains { $0.key.unicodeScalars.count > shard.key.unicodeScalars.count && token.unicodeScalars.starts(with: $0.key.unicodeScalars) }
                #expect(!longer, "'\(token)' is not in the shard with the longest key that begins it")
            }
        }
        #expect(Set(home.keys) == Set(postings.keys))
        // The page's rule, for every prefix of every word (and some no word has).
        var queries = Set(postings.keys.flatMap { word in (1 ... word.unicodeScalars.count).map { String(String.UnicodeScalarView(word.unicodeScalars.prefix($0))) } })
        queries.formUnion(["zz", "港x", "q"])
        for query in queries {
            let reached = shards.filter { $0.key.unicodeScalars.starts(with: query.unicodeScalars) || query.unicodeScalars.starts(with: $0.key.unicodeScalars) }
                .flatMap(\.terms).map(\.token).filter { $0.unicodeScalars.starts(with: query.unicodeScalars) }
            let expected = postings.keys.filter { $0.unicodeScalars.starts(with: query.unicodeScalars) }
            #expect(Set(reached) == Set(expected), "'\(query)': \(reached.count) words reached, \(expected.count) begin with it")
        }
    }
}
