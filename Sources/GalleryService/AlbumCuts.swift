/// Where an album's photos are cut into the files its pages load: data chunks (each also a
/// plain page), and groups of chunks (a shapes file each, `AlbumData.Shapes`).
///
/// Cut by content, not by count (issue 51): a chunk starts at a photo whose id hashes higher
/// than the ids of the `chunkWindow` photos on either side of it (a local maximum), so a photo
/// inserted into the album (a day of old photos, sorted in by date) changes the chunk it lands
/// in, and at most the one before or after it (when it is a maximum itself, or its neighbours'
/// windows now hold it), and leaves every other chunk as it was, where cuts every 64 photos
/// moved every boundary after it and rewrote every later chunk, plain page and shapes file of
/// every page that shows it. Files are named by their first photo's id (`AlbumFile.chunk`), so
/// a new chunk renames none of the others. Groups are cut the same way on their chunks' first
/// ids, with another hash, so that a cut chunk does not also cut a group. A photo starts a run
/// only with a whole window after it, so photos added at the end change the last run alone.
///
/// Two maxima are more than a window apart, so a chunk holds `chunkWindow` + 1 photos at least
/// (but the last), about 2 × 7 + 1 = 15 on average, 48 at most (a cut by count, which photos
/// inserted before it move, about once in 9,000 chunks); a group 32 to 192 chunks, about 63
/// (about 1,000 photos, as when chunks were twice as long: the columns file holds the columns'
/// ends before each group, and a page loads it whole). At the changes bench's 10,000 photos a
/// chunk is about 18 KB of data and 13 KB of plain page: what a caption edited rewrites for
/// every page that shows the photo.
///
/// A photo lands in a run with a chance in proportion to the run's length, so what a change
/// rewrites is the mean of the runs weighted by their lengths, and the lengths of maxima apart
/// vary little: on the 100,000-photo changes bench's pages (simulated from their ids files), 50
/// old photos land in chunks of 5,281 photos in all, against 9,837 with the rule before (a
/// chunk from 20 photos, then one photo in 12 starting the next: about 32 a chunk), and 6,076
/// with that rule at half the length (from 10, one in 6), whose cuts also moved two or three
/// runs after an insertion (a run that shrank below the minimum dragged its cut along).
///
/// Cuts depend on the photos near them, so a stretch of photos two pages share in the same
/// order (a year of the search's album) is cut the same on both, but within a window of the
/// stretch's ends.
public struct AlbumCuts: Sendable, Equatable {
    /// How many photos the album has.
    public let count: Int
    /// Each chunk's first photo's index in the album, in album order.
    public let chunkStarts: [Int]
    /// Each chunk's first photo's id: what its files are named after.
    public let chunkIDs: [Int64]
    /// Each group's first chunk.
    public let groupStarts: [Int]
    /// Each group's photos' ids as a few spans, [first, last − first, first, …] in increasing
    /// order (`idSpans(_:)`): a deep link (`#photo-ID`) loads the ids files of the groups whose
    /// spans hold its id, where it loaded every group's (109 files, 800 KB at 100,000 photos).
    public let groupIDSpans: [[Int64]]
    private let chunkByID: [Int64: Int]

    /// A chunk starts at a photo whose hash is above those of this many photos on either side.
    static let chunkWindow = 7
    public static let minimumChunk = chunkWindow + 1
    public static let maximumChunk = 48
    static let groupWindow = 31
    public static let minimumGroup = groupWindow + 1
    public static let maximumGroup = 192

    /// The cuts of an album whose photos are `ids`, in album order.
    public init(ids: [Int64]) {
        count = ids.count
        chunkStarts = Self.starts(count: ids.count, window: Self.chunkWindow, maximum: Self.maximumChunk, seed: 1) { ids[$0] }
        let firsts = chunkStarts.map { ids[$0] }
        chunkIDs = firsts
        groupStarts = Self.starts(count: firsts.count, window: Self.groupWindow, maximum: Self.maximumGroup, seed: 2) { firsts[$0] }
        chunkByID = Dictionary(firsts.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
        let (chunkStarts, groupStarts, count) = (chunkStarts, groupStarts, count)
        groupIDSpans = groupStarts.indices.map { group in
            let end = group + 1 < groupStarts.count ? chunkStarts[groupStarts[group + 1]] : count
            return Self.idSpans(ids[chunkStarts[groupStarts[group]] ..< end])
        }
    }

    /// At most this many spans a group.
    static let idSpanLimit = 4

    /// `ids` as at most `idSpanLimit` spans that hold them all, [first, last − first, …]: cut at
    /// the widest gaps between them, sorted, that are 8 times as wide as their mean gap (a
    /// wider one comes about once in 3,000 among ids spread at random). Photos imported
    /// together have near ids and mostly lie near one another in an album (a camera's folder, a
    /// Takeout's year), so a group is one span, or a few when photos imported later were sorted
    /// in among them (an old memory card's), and spans of different groups seldom meet. Ids
    /// with no order the album follows make wide spans: a deep link then loads as many groups'
    /// ids as it did before spans, never fewer than it must.
    static func idSpans(_ ids: ArraySlice<Int64>) -> [Int64] {
        let sorted = ids.sorted()
        guard let first = sorted.first, let last = sorted.last else { return [] }
        // In doubles: 8 × an id's range overflows for ids past 2^60 (a database's rowids may be).
        let wide = 8 * Double(last - first) / Double(sorted.count)
        func gap(_ i: Int) -> Int64 { sorted[i] - sorted[i - 1] }
        // The widest first, the earlier of two as wide: the same ids always make the same spans.
        let cuts = sorted.indices.dropFirst().filter { Double(gap($0)) > wide }
            .sorted { (gap($0), $1) > (gap($1), $0) }.prefix(idSpanLimit - 1).sorted()
        var spans: [Int64] = []
        var start = first
        for cut in cuts {
            spans += [start, sorted[cut - 1] - start]
            start = sorted[cut]
        }
        return spans + [start, last - start]
    }

    /// Where runs of `count` items start: at 0, then before item i once the run has `maximum`
    /// items, or when i's `key` mixed with `seed` is above the `window` items' on either side of
    /// it (all of them there: the last `window` items start none). The rule of chunks and
    /// groups, for other lists cut by content (the map's points).
    public static func starts(count: Int, window: Int, maximum: Int, seed: UInt64, key: (Int) -> Int64) -> [Int] {
        guard count > 0 else { return [] }
        let hashes = (0 ..< count).map { mixed(key($0), seed: seed) }
        var starts = [0]
        for i in 1 ..< count {
            let length = i - starts[starts.count - 1]
            if length >= maximum {
                starts.append(i)
            } else if length > window && i + window < count {
                // Most items meet a higher neighbour within a few steps; only a maximum looks at all.
                let hash = hashes[i]
                var highest = true
                for step in 1 ..< window + 1 where hashes[i - step] >= hash || hashes[i + step] >= hash {
                    highest = false
                    break
                }
                if highest { starts.append(i) }
            }
        }
        return starts
    }

    public var chunkCount: Int { chunkStarts.count }
    public var groupCount: Int { groupStarts.count }

    /// The photos of chunk `chunk`.
    public func chunkRange(_ chunk: Int) -> Range<Int> {
        chunkStarts[chunk] ..< (chunk + 1 < chunkStarts.count ? chunkStarts[chunk + 1] : count)
    }

    /// The photos of group `group`.
    public func groupRange(_ group: Int) -> Range<Int> {
        chunkStarts[groupStarts[group]] ..< (group + 1 < groupStarts.count ? chunkStarts[groupStarts[group + 1]] : count)
    }

    /// Group `group`'s first photo's id: its shapes file's name.
    public func groupID(_ group: Int) -> Int64 { chunkIDs[groupStarts[group]] }

    /// The chunk whose first photo is `id`, if one is.
    public func chunk(firstID id: Int64) -> Int? { chunkByID[id] }

    /// The group whose first photo is `id`, if one is.
    public func group(firstID id: Int64) -> Int? {
        chunk(firstID: id).flatMap { chunk in Self.last(in: groupStarts, atMost: chunk).flatMap { groupStarts[$0] == chunk ? $0 : nil } }
    }

    /// The group holding chunk `chunk`.
    public func group(containingChunk chunk: Int) -> Int { Self.last(in: groupStarts, atMost: chunk) ?? 0 }

    /// The first photos' ids of the chunks before and after the one whose first photo is `id`
    /// (a plain page links them).
    public func neighbours(firstID id: Int64) -> (previous: Int64?, next: Int64?) {
        guard let chunk = chunk(firstID: id) else { return (nil, nil) }
        return (chunk > 0 ? chunkIDs[chunk - 1] : nil, chunk + 1 < chunkCount ? chunkIDs[chunk + 1] : nil)
    }

    /// The chunk holding the photo at `index` (an index of the album).
    public func chunk(containing index: Int) -> Int { Self.last(in: chunkStarts, atMost: index) ?? 0 }

    /// The position of the last of the sorted `values` that is at most `value`.
    private static func last(in values: [Int], atMost value: Int) -> Int? {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    /// `id` mixed with `seed` (SplitMix64's finaliser): photo ids are consecutive, and a cut must
    /// depend on every bit of them.
    static func mixed(_ id: Int64, seed: UInt64) -> UInt64 {
        var z = UInt64(bitPattern: id) &+ seed &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
