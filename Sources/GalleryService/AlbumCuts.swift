/// Where an album's photos are cut into the files its pages load: data chunks (each also a
/// plain page), and groups of chunks (a shapes file each, `AlbumData.Shapes`).
///
/// Cut by content, not by count (issue 51): a chunk ends before a photo whose id hashes to a
/// cut, so a photo inserted into the album (a day of old photos, sorted in by date) changes the
/// chunk it lands in and leaves every other chunk as it was, where cuts every 64 photos moved
/// every boundary after it and rewrote every later chunk, plain page and shapes file of every
/// page that shows it. Files are named by their first photo's id (`AlbumFile.chunk`), so a new
/// chunk renames none of the others. Groups are cut the same way on their chunks' first ids,
/// with another hash, so that a cut chunk does not also cut a group.
///
/// Bounds keep the runs' sizes near what the page was tuned for: a chunk has at least
/// `minimumChunk` photos (but the last) and at most `maximumChunk`, about 32 on average (at the
/// changes bench's 10,000 photos, 37 KB of data and 24 KB of plain page: what a caption edited
/// rewrites for every page that shows the photo); a group 20 to 96 chunks, about 32 (about
/// 1,000 photos). A run reaches its maximum (a cut by count, which photos inserted before it
/// move) about once in 700.
///
/// The minimum is most of the mean (20 + about 12), not a quarter of it (8 + 24): a photo lands
/// in a run with a chance in proportion to the run's length, so what a change rewrites is the
/// mean of the runs weighted by their lengths — about 48 photos with runs from 8, 35 to 39 with
/// runs from 20, for as many runs (35 on the changes bench's pages, 39 simulated). There, 50 old
/// photos inserted over 20 years rewrote 17.9 MB of chunks and plain pages where they rewrote
/// 21.7 (all pages and data: 30.7 MB, 34.5 before). A minimum closer still to the mean cuts
/// more runs again two or three runs after an insertion (a run that shrank below the minimum
/// drags its cut along), and rewrote more in the simulation.
///
/// A photo that starts a chunk starts it on every page that shows it (an album, a year, a
/// keyword…) where the run before it has reached the minimum: cuts are the photo's, not the
/// page's.
public struct AlbumCuts: Sendable, Equatable {
    /// How many photos the album has.
    public let count: Int
    /// Each chunk's first photo's index in the album, in album order.
    public let chunkStarts: [Int]
    /// Each chunk's first photo's id: what its files are named after.
    public let chunkIDs: [Int64]
    /// Each group's first chunk.
    public let groupStarts: [Int]
    private let chunkByID: [Int64: Int]

    public static let minimumChunk = 20
    public static let maximumChunk = 96
    /// One photo in `chunkSpread` past the minimum starts a chunk: 20 + 12 ≈ 32 on average.
    static let chunkSpread: UInt64 = 12
    public static let minimumGroup = 20
    public static let maximumGroup = 96
    static let groupSpread: UInt64 = 12

    /// The cuts of an album whose photos are `ids`, in album order.
    public init(ids: [Int64]) {
        count = ids.count
        chunkStarts = Self.starts(count: ids.count, minimum: Self.minimumChunk, maximum: Self.maximumChunk, spread: Self.chunkSpread, seed: 1) { ids[$0] }
        let firsts = chunkStarts.map { ids[$0] }
        chunkIDs = firsts
        groupStarts = Self.starts(count: firsts.count, minimum: Self.minimumGroup, maximum: Self.maximumGroup, spread: Self.groupSpread, seed: 2) { firsts[$0] }
        chunkByID = Dictionary(firsts.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    }

    /// Where runs of `count` items start: at 0, then before item i once the run has `maximum`
    /// items, or has `minimum` and i's `key` mixed with `seed` is a multiple of `spread`. The
    /// rule of chunks and groups, for other lists cut by content (the map's points).
    public static func starts(count: Int, minimum: Int, maximum: Int, spread: UInt64, seed: UInt64, key: (Int) -> Int64) -> [Int] {
        var starts: [Int] = count > 0 ? [0] : []
        for i in 1 ..< max(count, 1) {
            let length = i - starts[starts.count - 1]
            if length >= maximum || (length >= minimum && mixed(key(i), seed: seed) % spread == 0) { starts.append(i) }
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
