import GalleryLayout
import GalleryTestSupport
import Testing

@Suite("Masonry fast path: places every item exactly as the plain loop does")
struct MasonryFastPathTests {
    /// Items that tie often (a few shapes, whole heights), with now and then an absurd one
    /// whose height overflows to +∞.
    static func items(_ count: Int, _ rng: inout SplitMix64) -> [MasonryItem] {
        (0 ..< count).map { _ in
            switch rng.next() % 10 {
            case 0: MasonryItem(aspectRatio: 1)
            case 1: MasonryItem(aspectRatio: 1e-308)
            case 2, 3: MasonryItem(aspectRatio: [0.5, 1, 2][Int(rng.next() % 3)], captionHeight: 20)
            default: MasonryItem(aspectRatio: 0.3 + Double(rng.next() % 1000) / 300,
                                 captionHeight: Double(rng.next() % 3) * 20, commentHeight: Double(rng.next() % 6) * 18)
            }
        }
    }

    static func placements(_ layout: MasonryLayout) -> [(column: Int?, y: UInt64, height: UInt64)] {
        layout.allAttributes.map { ($0.column, $0.frame.y.bitPattern, $0.frame.height.bitPattern) }
    }

    @Test("1 to 12 columns, 0 to 400 items, fresh and appended: the same columns and y, bit for bit", arguments: [1, 2, 3, 4, 5, 7, 12])
    func sameAsPlainLoop(columns: Int) throws {
        var rng = SplitMix64(seed: UInt64(1400 + columns))
        let options = MasonryOptions(columns: .count(columns), cellPadding: 8)
        for count in [0, 1, 2, 3, 4, 5, 6, 7, 11, 64, 400] {
            let items = Self.items(count, &rng)
            let fast = try MasonryLayout(width: 3_000, items: items, options: options)
            let plain = try MasonryLayout(width: 3_000, items: items, options: options, oneByOne: true)
            #expect(Self.placements(fast).elementsEqual(Self.placements(plain)) { $0 == $1 }, "\(columns) columns, \(count) items")
            #expect(fast.columnHeights.map(\.bitPattern) == plain.columnHeights.map(\.bitPattern))
            // Appending continues from the saved heights on both paths.
            let more = Self.items(count % 5 + 1, &rng)
            let fastAppended = try fast.appending(more), plainAppended = try plain.appending(more)
            #expect(Self.placements(fastAppended).elementsEqual(Self.placements(plainAppended)) { $0 == $1 })
        }
    }

    @Test("a bad item is reported at the same index by both paths")
    func sameBadItem() throws {
        var rng = SplitMix64(seed: 14)
        for count in 1 ... 9 {
            var items = Self.items(count, &rng)
            items[Int(rng.next() % UInt64(count))] = MasonryItem(aspectRatio: .nan)
            for columns in [1, 2, 3, 6] {
                let options = MasonryOptions(columns: .count(columns))
                var named: [String] = []
                for oneByOne in [false, true] {
                    do {
                        _ = try MasonryLayout(width: 2_000, items: items, options: options, oneByOne: oneByOne)
                    } catch {
                        // The value is NaN, which equals nothing: compare index and field.
                        if case .invalidItem(let index, let field, _) = error { named.append("\(index) \(field)") }
                    }
                }
                #expect(named.count == 2 && named[0] == named[1], "\(count) items, \(columns) columns: \(named)")
            }
        }
    }
}
