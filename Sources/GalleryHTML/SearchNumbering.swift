/// The numbers the search's word shards and the map's points name its documents (photos) by,
/// kept from one export to the next (issue 51).
///
/// Numbered by their place in search order, a photo inserted by date (an old memory card)
/// renumbered every document after it, and so rewrote every word shard and every map part
/// (7.8 + 1.6 MB at 100,000 photos). Here a document keeps its number: those numbered at the
/// last renumbering (`base`, in the search order of then) keep theirs while they stay in that
/// order, and photos added since (`added`) take the next numbers, whatever their place; so an
/// insert rewrites the shards of the added photos' words (`SiteSearch.recentShards`), not
/// every older shard. The index says where each number is now (`holes`, `addedPositions`), and
/// the page turns numbers into places in search order (`gallerySearchPositions`) as `position`
/// does here.
///
/// Everything is numbered afresh, once, when more than `renumberAfter` photos were added or
/// left the base since (then the old shards are rewritten, as an insert did every time).
struct SearchNumbering: Codable, Sendable, Equatable {
    /// The photos numbered 0 ..< base.count: the search order at the last renumbering.
    var base: [Int64]
    /// The photos numbered base.count, base.count + 1, …: those added since, in that order.
    var added: [Int64]

    /// Photos added or gone since the last renumbering beyond which all are numbered afresh:
    /// at most about a thousand documents' words in the added photos' shards, which each day
    /// of photos rewrites.
    static func renumberAfter(count: Int) -> Int { max(1_000, count / 100) }

    /// Every document numbered by its place.
    init(fresh ids: [Int64]) {
        base = ids
        added = []
    }

    init(base: [Int64], added: [Int64]) {
        self.base = base
        self.added = added
    }

    /// What the page needs to turn a number into a place, and each place's number.
    struct Placed: Sendable, Equatable {
        /// The numbering, for the next export.
        var numbering: SearchNumbering
        /// Each document's number, by its place in search order.
        var numbers: [Int32]
        /// The base's numbers no document has now (gone, or moved out of the base's order), ascending.
        var holes: [Int]
        /// The place of each added number, in number order.
        var addedPositions: [Int]
        /// Each added photo's count of the base's photos before it, ascending with their places.
        private var basesBefore: [Int]

        init(numbering: SearchNumbering, numbers: [Int32], holes: [Int], addedPositions: [Int]) {
            (self.numbering, self.numbers, self.holes, self.addedPositions) = (numbering, numbers, holes, addedPositions)
            basesBefore = addedPositions.sorted().enumerated().map { $0.element - $0.offset }
        }

        /// The place in search order of the document numbered `number`, as the page finds it
        /// (`gallerySearchPositions`): an added one's is listed; a base one's is its rank among
        /// the base's documents still numbered, plus the added ones before it: those with no
        /// more of the base's before them than that rank.
        func position(of number: Int) -> Int {
            let base = numbering.base.count
            if number >= base { return addedPositions[number - base] }
            let rank = number - Self.count(holes) { $0 < number }
            return rank + Self.count(basesBefore) { $0 <= rank }
        }

        /// How many of the first elements of the ascending `list` are `below` (a binary search).
        private static func count(_ list: [Int], below: (Int) -> Bool) -> Int {
            var low = 0, high = list.count
            while low < high {
                let middle = (low + high) / 2
                if below(list[middle]) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// Numbers for `ids`, the documents in search order now: `previous`'s numbers kept where
    /// they can be, or all afresh.
    static func place(_ ids: [Int64], previous: SearchNumbering?) -> Placed {
        guard let previous else { return fresh(ids) }
        var baseNumber: [Int64: Int] = [:]
        baseNumber.reserveCapacity(previous.base.count)
        for (number, id) in previous.base.enumerated() { baseNumber[id] = number }
        // A photo once moved out of the base's order stays added (its base number a hole).
        let wasAdded = Set(previous.added)
        // The base's documents that keep their numbers: the longest run of them still in the
        // base's order (one photo whose date moved it far leaves the rest numbered).
        let candidates = ids.indices.compactMap { position in
            wasAdded.contains(ids[position]) ? nil : baseNumber[ids[position]].map { (position, $0) }
        }
        let kept = Set(increasingRun(candidates.map(\.1)).map { candidates[$0].0 })
        // Added photos still here keep their order and are numbered again from the base's end;
        // photos new since, or moved out of the base's order, follow.
        let present = Set(ids)
        var added = previous.added.filter(present.contains)
        for (position, id) in ids.enumerated() where !kept.contains(position) && !wasAdded.contains(id) { added.append(id) }
        let holeCount = previous.base.count - kept.count
        guard added.count + holeCount <= renumberAfter(count: ids.count) else { return fresh(ids) }
        let numbering = SearchNumbering(base: previous.base, added: added)
        var addedNumber: [Int64: Int] = [:]
        for (offset, id) in added.enumerated() { addedNumber[id] = previous.base.count + offset }
        var numbers = [Int32](repeating: 0, count: ids.count)
        var addedPositions = [Int](repeating: 0, count: added.count)
        var keptNumbers = Set<Int>()
        for (position, id) in ids.enumerated() {
            if kept.contains(position), let number = baseNumber[id] {
                numbers[position] = Int32(number)
                keptNumbers.insert(number)
            } else if let number = addedNumber[id] {
                numbers[position] = Int32(number)
                addedPositions[number - previous.base.count] = position
            }
        }
        let holes = (0 ..< previous.base.count).filter { !keptNumbers.contains($0) }
        return Placed(numbering: numbering, numbers: numbers, holes: holes, addedPositions: addedPositions)
    }

    private static func fresh(_ ids: [Int64]) -> Placed {
        Placed(numbering: SearchNumbering(fresh: ids), numbers: ids.indices.map { Int32($0) }, holes: [], addedPositions: [])
    }

    /// The indices of a longest strictly increasing subsequence of `values` (patience sorting,
    /// n log n), ascending.
    static func increasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail of a run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var at = tails.last ?? -1
        while at >= 0 {
            run.append(at)
            at = previous[at]
        }
        return run.reversed()
    }
}
