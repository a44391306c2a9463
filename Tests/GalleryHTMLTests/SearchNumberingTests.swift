@testable import GalleryHTML
import GalleryTestSupport
import Testing

/// The search's document numbers across exports (`SearchNumbering`), on seeded libraries
/// changed at random: photos inserted anywhere, taken away, moved by a new date. Every number
/// leads back to its photo's place by the page's rule, the base's numbers stay where their
/// photos stay in order, and past the limit everything is numbered afresh.
@Suite("Search numbers: kept across inserts, found again by the page's rule")
struct SearchNumberingTests {
    /// A library of `count` photos and a stream of new ids.
    struct Library {
        var ids: [Int64]
        var next: Int64

        init(count: Int) {
            ids = (0 ..< Int64(count)).map { $0 * 3 + 7 }
            next = Int64(count) * 3 + 7
        }

        mutating func insert(_ count: Int, using random: inout SplitMix64) {
            for _ in 0 ..< count {
                ids.insert(next, at: Int.random(in: 0 ... ids.count, using: &random))
                next += 1
            }
        }

        mutating func remove(_ count: Int, using random: inout SplitMix64) {
            for _ in 0 ..< min(count, ids.count) { ids.remove(at: Int.random(in: 0 ..< ids.count, using: &random)) }
        }

        mutating func move(_ count: Int, using random: inout SplitMix64) {
            for _ in 0 ..< min(count, ids.count) {
                let id = ids.remove(at: Int.random(in: 0 ..< ids.count, using: &random))
                ids.insert(id, at: Int.random(in: 0 ... ids.count, using: &random))
            }
        }
    }

    /// Every place's number is found again at that place, and no two places share one.
    static func expectFound(_ placed: SearchNumbering.Placed, _ ids: [Int64], _ label: String) {
        #expect(placed.numbers.count == ids.count, "\(label)")
        #expect(Set(placed.numbers).count == ids.count, "\(label): a number given twice")
        let wrong = ids.indices.filter { placed.position(of: Int(placed.numbers[$0])) != $0 }
        #expect(wrong.isEmpty, "\(label): \(wrong.count) numbers lead elsewhere, first at place \(wrong.first ?? -1)")
        #expect(placed.addedPositions.count == placed.numbering.added.count, "\(label)")
        for (offset, id) in placed.numbering.added.enumerated() {
            #expect(ids[placed.addedPositions[offset]] == id, "\(label): added \(offset)")
        }
    }

    @Test("days of changes: inserts, removals and moves keep the base's numbers and lead back to every place", arguments: [1, 2, 3] as [UInt64])
    func changes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var library = Library(count: 3_000)
        var placed = SearchNumbering.place(library.ids, previous: nil)
        #expect(placed.numbers == library.ids.indices.map { Int32($0) } && placed.holes.isEmpty)
        var renumbered = 0, holes = 0
        for day in 0 ..< 40 {
            let before = Dictionary(uniqueKeysWithValues: zip(library.ids, placed.numbers))
            library.insert(Int.random(in: 0 ... 60, using: &random), using: &random)
            if day % 3 == 0 { library.remove(Int.random(in: 1 ... 5, using: &random), using: &random) }
            if day % 4 == 1 { library.move(Int.random(in: 1 ... 3, using: &random), using: &random) }
            let previous = placed.numbering
            placed = SearchNumbering.place(library.ids, previous: previous)
            Self.expectFound(placed, library.ids, "seed \(seed) day \(day)")
            let limit = SearchNumbering.renumberAfter(count: library.ids.count)
            defer { holes = placed.holes.count }
            if placed.numbering.base != previous.base {
                // Numbered afresh only past the limit (a day adds at most 60 + 3 and takes
                // away at most 5 + 3), and then by place.
                renumbered += 1
                #expect(previous.added.count + holes + 63 + 8 > limit, "seed \(seed) day \(day): renumbered with \(previous.added.count) added, \(holes) holes")
                #expect(placed.numbers == library.ids.indices.map { Int32($0) })
                continue
            }
            #expect(placed.numbering.added.count + placed.holes.count <= limit, "seed \(seed) day \(day)")
            // Most of the base's photos keep their numbers (those moved or gone do not).
            let base = Int32(previous.base.count)
            let kept = library.ids.indices.filter { placed.numbers[$0] < base && before[library.ids[$0]] == placed.numbers[$0] }
            let inBase = library.ids.indices.filter { placed.numbers[$0] < base }
            #expect(kept.count == inBase.count, "seed \(seed) day \(day): a base photo's number changed")
            #expect(inBase.count + placed.holes.count == previous.base.count, "seed \(seed) day \(day)")
            // And in the base's order.
            let numbers = inBase.map { placed.numbers[$0] }
            #expect(numbers == numbers.sorted(), "seed \(seed) day \(day): the base's numbers out of order")
        }
        #expect(renumbered >= 1, "seed \(seed): 40 days of up to 60 photos never passed the limit")
    }

    @Test("an old memory card: photos inserted all over keep every other number")
    func scattered() {
        var random = SplitMix64(seed: 9)
        var library = Library(count: 5_000)
        let first = SearchNumbering.place(library.ids, previous: nil)
        library.insert(50, using: &random)
        let placed = SearchNumbering.place(library.ids, previous: first.numbering)
        Self.expectFound(placed, library.ids, "scattered")
        #expect(placed.numbering.base == first.numbering.base && placed.numbering.added.count == 50 && placed.holes.isEmpty)
        let original = Dictionary(uniqueKeysWithValues: zip(first.numbering.base, first.numbers))
        for (position, id) in library.ids.enumerated() {
            if let number = original[id] { #expect(placed.numbers[position] == number) }
        }
    }

    @Test("one photo moved far keeps the rest numbered (the longest run in order), and is added")
    func moved() {
        let ids: [Int64] = Array(0 ..< 2_000)
        let first = SearchNumbering.place(ids, previous: nil)
        var moved = ids
        moved.remove(at: 0)
        moved.append(0)
        let placed = SearchNumbering.place(moved, previous: first.numbering)
        Self.expectFound(placed, moved, "moved")
        #expect(placed.holes == [0] && placed.numbering.added == [0], "\(placed.holes) \(placed.numbering.added)")
        #expect(Array(placed.numbers.prefix(3)) == [1, 2, 3])
        // And it stays added, in its new place, the next time.
        let again = SearchNumbering.place(moved, previous: placed.numbering)
        #expect(again == placed)
    }

    @Test("the longest increasing run", arguments: [4, 5, 6] as [UInt64])
    func increasingRun(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let values = (0 ..< 12).map { _ in Int.random(in: 0 ..< 10, using: &random) }
        let run = SearchNumbering.increasingRun(values)
        let picked = run.map { values[$0] }
        #expect(run == run.sorted() && zip(picked, picked.dropFirst()).allSatisfy { $0 < $1 }, "\(values): \(run)")
        // As long as any: every subset checked.
        var longest = 0
        for mask in 0 ..< (1 << values.count) {
            let subset = values.indices.filter { mask & (1 << $0) != 0 }.map { values[$0] }
            if zip(subset, subset.dropFirst()).allSatisfy({ $0 < $1 }) { longest = max(longest, subset.count) }
        }
        #expect(run.count == longest, "\(values): \(run.count), the longest is \(longest)")
    }
}
