import GalleryLayout
import GalleryTestSupport
import Testing

/// Random but replayable masonry inputs.
func randomItems(_ count: Int, _ rng: inout SplitMix64) -> [MasonryItem] {
    (0 ..< count).map { _ in
        let aspect = [0.5, 0.667, 0.75, 1, 1.333, 1.5, 3.75, 0.3][Int(rng.next() % 8)] * (0.9 + Double(rng.next() % 200) / 1000)
        return MasonryItem(aspectRatio: aspect, captionHeight: Double(rng.next() % 3) * 20, commentHeight: Double(rng.next() % 7) * 18)
    }
}

@Suite("Masonry layout: seeded properties")
struct MasonryLayoutTests {
    static let counts = [0, 1, 2, 3, 4, 5, 7, 50, 333]

    @Test("over many widths, column counts, paddings and item counts: every invariant holds")
    func invariants() throws {
        var rng = SplitMix64(seed: 2026)
        for round in 0 ..< 60 {
            let width = [320.0, 375, 768, 1024, 1280, 1919.5, 3000][round % 7]
            let padding = [0.0, 4, 8, 12.5][round % 4]
            let placement: MasonryOptions.Placement = round % 3 == 0 ? .roundRobin : .shortest
            let columns: MasonryOptions.Columns = round % 2 == 0
                ? .count(1 + round % 6)
                : .width([180.0, 236, 252, 300][round % 4], gutter: [0.0, 10, 16][round % 3], minimum: 1 + round % 2)
            let options = MasonryOptions(columns: columns, cellPadding: padding, placement: placement)
            let geometry = try MasonryLayout.geometry(width: width, options: options)
            for count in Self.counts + [geometry.columns - 1, geometry.columns, geometry.columns + 1] where count >= 0 {
                let items = randomItems(count, &rng)
                let layout = try MasonryLayout(width: width, items: items, options: options)
                try check(layout, items, geometry: geometry, options: options)
            }
        }
    }

    @Test("10,000 items: no overlaps, every item once, rect queries equal a brute-force filter")
    func tenThousand() throws {
        var rng = SplitMix64(seed: 7)
        let items = randomItems(10_000, &rng)
        for placement in MasonryOptions.Placement.allCases {
            let options = MasonryOptions(placement: placement)
            let layout = try MasonryLayout(width: 1280, items: items, options: options)
            try check(layout, items, geometry: try MasonryLayout.geometry(width: 1280, options: options), options: options)
        }
    }

    func check(_ layout: MasonryLayout, _ items: [MasonryItem], geometry: MasonryGeometry, options: MasonryOptions) throws {
        let all = layout.allAttributes
        // Every item exactly once, in order.
        #expect(all.map(\.index) == Array(items.indices))
        #expect(layout.count == items.count)
        // Each item's height is the formula; its width the inner width; its x its column's.
        // The engine's plain loop, which defines the layout (the fast path must equal it).
        let reference = try MasonryLayout(width: layout.width, items: items, options: options, oneByOne: true)
        for (item, attributes) in zip(items, all) {
            let photo = geometry.innerWidth / item.aspectRatio
            #expect(attributes.photoHeight == photo)
            #expect(attributes.frame.height == photo + (options.annotationTopPadding + item.captionHeight + item.commentHeight + options.annotationBottomPadding))
            #expect(attributes.frame.width == geometry.innerWidth)
            let column = try #require(attributes.column)
            #expect(attributes.frame.x == Double(column) * (geometry.columnWidth + geometry.gutter) + options.cellPadding)
            // Placement equals the plain loop's (shortest column, or i mod n).
            #expect(column == reference.attributes(at: attributes.index)?.column)
            #expect(attributes.frame.y == reference.attributes(at: attributes.index)?.frame.y)
        }
        // No two frames overlap: columns do not overlap sideways, and within a column each
        // frame starts at or below the previous one's bottom.
        var byColumn: [Int: [LayoutRect]] = [:]
        for attributes in all { byColumn[attributes.column ?? -1, default: []].append(attributes.frame) }
        for frames in byColumn.values {
            for (above, below) in zip(frames, frames.dropFirst()) { #expect(below.minY >= above.maxY) }
        }
        if all.count <= 60 {
            for a in all { for b in all where a.index < b.index { #expect(!a.frame.intersects(b.frame)) } }
        }
        // Content height is the tallest column, bottom padding included: exactly the plain
        // reference's, and (up to rounding) the lowest frame's bottom plus the padding.
        let referenceHeights = reference.columnHeights
        #expect(layout.columnHeights == referenceHeights)
        #expect(layout.contentSize.height == (referenceHeights.max() ?? 0))
        let tallest = all.map { $0.frame.maxY + options.cellPadding }.max() ?? 0
        #expect(abs(layout.contentSize.height - tallest) <= 1e-9 * max(1, tallest))
        // Rect queries equal a brute-force filter, for rects of every kind.
        var rng = SplitMix64(seed: UInt64(items.count))
        let height = max(layout.contentSize.height, 1)
        for _ in 0 ..< 12 {
            let rect = LayoutRect(
                x: Double(rng.next() % UInt64(layout.contentSize.width + 100)) - 50,
                y: Double(rng.next() % UInt64(height + 200)) - 100,
                width: Double(rng.next() % 1500), height: Double(rng.next() % 2500))
            #expect(layout.attributes(in: rect) == all.filter { $0.frame.intersects(rect) })
        }
        #expect(layout.attributes(in: LayoutRect(x: 0, y: 0, width: layout.contentSize.width, height: height)) == all)
    }

    @Test("round-robin is the tutorial's i mod n: a worked example")
    func workedRoundRobin() throws {
        // 2 columns in 400 px: column width 200, padding 10, inner width 180.
        // Annotation padding 4 + 4 (the tutorial's), captions 17 px.
        let options = MasonryOptions(columns: .count(2), cellPadding: 10, annotationTopPadding: 4, annotationBottomPadding: 4, placement: .roundRobin)
        let items = [
            MasonryItem(aspectRatio: 1.5, captionHeight: 17, commentHeight: 36),  // photo 120, item 181
            MasonryItem(aspectRatio: 0.75, captionHeight: 17, commentHeight: 0),  // photo 240, item 265
            MasonryItem(aspectRatio: 1, captionHeight: 17, commentHeight: 18),    // photo 180, item 223
        ]
        let layout = try MasonryLayout(width: 400, items: items, options: options)
        let frames = layout.allAttributes.map(\.frame)
        #expect(frames[0] == LayoutRect(x: 10, y: 10, width: 180, height: 181))
        #expect(frames[1] == LayoutRect(x: 210, y: 10, width: 180, height: 265))
        // Item 2 goes to column 2 mod 2 = 0, under item 0: 10 + 181 + 10 + 10 = 211.
        #expect(frames[2] == LayoutRect(x: 10, y: 211, width: 180, height: 223))
        // Columns: (10+181+10) + (10+223+10) = 444 and 10+265+10 = 285.
        #expect(layout.columnHeights == [444, 285])
        #expect(layout.contentSize == LayoutSize(width: 400, height: 444))
        // Shortest-column puts item 2 there too here, but a fourth item differs: round-robin
        // sends it to column 1 (height 285), shortest to column 1 as well; a fifth shows it.
        let more = items + [MasonryItem(aspectRatio: 4), MasonryItem(aspectRatio: 4)]
        let robin = try MasonryLayout(width: 400, items: more, options: options)
        var shortestOptions = options
        shortestOptions.placement = .shortest
        let shortest = try MasonryLayout(width: 400, items: more, options: shortestOptions)
        #expect(robin.allAttributes.map(\.column) == [0, 1, 0, 1, 0])
        #expect(shortest.allAttributes.map(\.column) == [0, 1, 0, 1, 1])
    }

    @Test("Pinterest's column rule: max(minimum, floor((width + gutter) / (columnWidth + gutter)))")
    func pinterestColumns() throws {
        let cases: [(Double, Double, Double, Int, Int)] = [
            (1024, 236, 14, 1, 4),  // (1024 + 14) / 250 = 4.15
            (1000, 236, 14, 1, 4),  // 4.056
            (985, 236, 14, 1, 3),   // 3.996
            (200, 236, 14, 1, 1),
            (200, 236, 14, 2, 2),   // the minimum wins, wider than the window
            (1024, 252, 0, 1, 4),
        ]
        for (width, columnWidth, gutter, minimum, expected) in cases {
            let geometry = try MasonryLayout.geometry(width: width, options: MasonryOptions(columns: .width(columnWidth, gutter: gutter, minimum: minimum)))
            #expect(geometry.columns == expected, "\(width) px")
        }
    }

    @Test("append: equals a full relayout for round-robin, never moves old items for shortest")
    func append() throws {
        var rng = SplitMix64(seed: 99)
        for split in [0, 1, 5, 40, 99] {
            let items = randomItems(100, &rng)
            for placement in MasonryOptions.Placement.allCases {
                let options = MasonryOptions(columns: .count(4), placement: placement)
                let head = try MasonryLayout(width: 1000, items: Array(items[..<split]), options: options)
                let appended = try head.appending(Array(items[split...]))
                #expect(Array(appended.allAttributes.prefix(split)) == head.allAttributes)
                // Both placements decide item by item from the column heights, so appending
                // also equals laying everything out at once (the issue asks it of round-robin).
                #expect(appended.allAttributes == (try MasonryLayout(width: 1000, items: items, options: options)).allAttributes)
            }
        }
    }

    @Test("deterministic: the same input gives the same layout, bit for bit")
    func deterministic() throws {
        var rng = SplitMix64(seed: 5)
        let items = randomItems(2_000, &rng)
        let a = try MasonryLayout(width: 1337.25, items: items)
        let b = try MasonryLayout(width: 1337.25, items: items)
        for (x, y) in zip(a.allAttributes, b.allAttributes) {
            #expect(x.frame.y.bitPattern == y.frame.y.bitPattern && x.frame.height.bitPattern == y.frame.height.bitPattern)
        }
    }

    @Test("shortest column with ties everywhere and every small count equals the plain reference")
    func tiesAndSmallCounts() throws {
        // Identical items: every placement is a tie, and ties go to the leftmost column.
        var rng = SplitMix64(seed: 99)
        for columns in 1 ... 9 {
            let options = MasonryOptions(columns: .count(columns))
            let geometry = try MasonryLayout.geometry(width: 2_400, options: options)
            for count in 0 ... 13 {
                let same = Array(repeating: MasonryItem(aspectRatio: 1.5, captionHeight: 20, commentHeight: 18), count: count)
                try check(try MasonryLayout(width: 2_400, items: same, options: options), same, geometry: geometry, options: options)
                // Square photos with no text in equal columns: equal heights again, now mixed
                // with random ones.
                let mixed = (0 ..< count).map { _ in rng.next() % 2 == 0 ? MasonryItem(aspectRatio: 1) : MasonryItem(aspectRatio: 0.5 + Double(rng.next() % 100) / 50) }
                try check(try MasonryLayout(width: 2_400, items: mixed, options: options), mixed, geometry: geometry, options: options)
            }
        }
        let row = try MasonryLayout(width: 1_000, items: Array(repeating: MasonryItem(aspectRatio: 1), count: 7), options: MasonryOptions(columns: .count(4)))
        #expect(row.allAttributes.map(\.column) == [0, 1, 2, 3, 0, 1, 2])
    }

    @Test("a bad item is named wherever it stands, whatever its bad field, for both placements")
    func badItemAnywhere() throws {
        let bad: [(MasonryItem, String)] = [
            (MasonryItem(aspectRatio: .nan), "aspect ratio"), (MasonryItem(aspectRatio: -1), "aspect ratio"),
            (MasonryItem(aspectRatio: .infinity), "aspect ratio"), (MasonryItem(aspectRatio: 1, captionHeight: .infinity), "annotation height"),
            (MasonryItem(aspectRatio: 1, commentHeight: -2), "annotation height"), (MasonryItem(aspectRatio: 1, captionHeight: .nan), "annotation height"),
        ]
        for placement in MasonryOptions.Placement.allCases {
            for count in 1 ... 6 {
                for position in 0 ..< count {
                    for (item, field) in bad {
                        var items = Array(repeating: MasonryItem(aspectRatio: 1.2, captionHeight: 20), count: count)
                        items[position] = item
                        do {
                            _ = try MasonryLayout(width: 1_280, items: items, options: MasonryOptions(placement: placement))
                            Issue.record("\(placement), \(count) items, bad at \(position): no error")
                        } catch {
                            guard case .invalidItem(let index, let named, _) = error else { Issue.record("\(error)"); continue }
                            #expect(index == position && named == field, "\(placement), \(count) items: \(error)")
                        }
                    }
                }
            }
        }
    }

    @Test("photos so tall their height overflows to +∞ still get a column, in one column or many")
    func overflowingHeights() throws {
        // A valid but absurd aspect ratio: 236 / 1e-308 is beyond Double's range.
        let tall = MasonryItem(aspectRatio: 1e-308)
        for columns in [1, 2, 5] {
            let items = [tall, MasonryItem(aspectRatio: 1), tall, tall, MasonryItem(aspectRatio: 2), tall, MasonryItem(aspectRatio: 1)]
            let layout = try MasonryLayout(width: 1_280, items: items, options: MasonryOptions(columns: .count(columns)))
            #expect(layout.count == items.count)
            #expect(layout.allAttributes.allSatisfy { ($0.column ?? -1) >= 0 && ($0.column ?? columns) < columns })
        }
    }

    @Test("bad input is refused with the field named; empty is a valid, empty layout")
    func badInput() throws {
        #expect(throws: LayoutError.invalidWidth(0)) { try MasonryLayout(width: 0, items: []) }
        #expect(throws: LayoutError.invalidWidth(-3)) { try MasonryLayout(width: -3, items: []) }
        #expect(throws: LayoutError.invalidWidth(100_001)) { try MasonryLayout(width: 100_001, items: []) }
        #expect(throws: LayoutError.self) { try MasonryLayout(width: .nan, items: []) }
        #expect(throws: LayoutError.invalidColumnCount(0)) { try MasonryLayout(width: 500, items: [], options: MasonryOptions(columns: .count(0))) }
        #expect(throws: LayoutError.columnsTooNarrow(columns: 40, width: 500, padding: 8)) {
            try MasonryLayout(width: 500, items: [], options: MasonryOptions(columns: .count(40)))
        }
        #expect(throws: LayoutError.invalidItem(index: 1, field: "aspect ratio", value: 0)) {
            try MasonryLayout(width: 500, items: [MasonryItem(aspectRatio: 1), MasonryItem(aspectRatio: 0)])
        }
        let empty = try MasonryLayout(width: 500, items: [])
        #expect(empty.count == 0 && empty.contentSize.height == 0 && empty.attributes(in: LayoutRect(x: 0, y: 0, width: 500, height: 500)).isEmpty)
        #expect(empty.attributes(at: 0) == nil)
    }
}

@Suite("Masonry rect queries at the edges")
struct MasonryRectEdgeTests {
    @Test("rects that touch frames, cross column gaps, cover empty columns or are unbounded equal a brute-force filter")
    func edges() throws {
        var rng = SplitMix64(seed: 42)
        for (width, count) in [(1280.0, 3), (1280, 5_000), (300, 700), (20_000, 2_000)] {
            let items = (0 ..< count).map { _ in
                MasonryItem(aspectRatio: 0.2 + Double(rng.next() % 400) / 100, captionHeight: Double(rng.next() % 3) * 20, commentHeight: Double(rng.next() % 5) * 18)
            }
            for options in [MasonryOptions(), MasonryOptions(columns: .width(200, gutter: 16, minimum: 2), cellPadding: 0)] {
                let layout = try MasonryLayout(width: width, items: items, options: options)
                let all = layout.allAttributes
                var rects: [LayoutRect] = [
                    LayoutRect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity),
                    LayoutRect(x: 0, y: 0, width: .infinity, height: 500),
                    LayoutRect(x: -1e9, y: 100, width: 2e9, height: 0),
                ]
                // Rects whose edges lie exactly on frames' edges: touching is not intersecting.
                for attributes in all.prefix(200) where rng.next() % 4 == 0 {
                    let f = attributes.frame
                    rects.append(LayoutRect(x: f.maxX, y: f.minY, width: 300, height: 300))
                    rects.append(LayoutRect(x: f.minX - 50, y: f.maxY, width: 50, height: 400))
                    rects.append(LayoutRect(x: f.minX, y: f.minY - 300, width: 1, height: 300))
                    rects.append(LayoutRect(x: f.minX, y: f.minY, width: 0.5, height: 0.5))
                }
                for rect in rects {
                    #expect(layout.attributes(in: rect) == all.filter { $0.frame.intersects(rect) }, "\(rect)")
                }
                #expect(layout.attributes(in: LayoutRect(x: .nan, y: 0, width: 100, height: 100)).isEmpty)
            }
        }
    }

    @Test("copies and appended layouts answer from their own items")
    func appendedIndex() throws {
        let first = try MasonryLayout(width: 800, items: (0 ..< 100).map { MasonryItem(aspectRatio: 1 + Double($0 % 3)) })
        let everything = LayoutRect(x: 0, y: 0, width: 800, height: 1e9)
        #expect(first.attributes(in: everything).count == 100)  // builds the first layout's index
        let longer = try first.appending((0 ..< 50).map { _ in MasonryItem(aspectRatio: 0.5) })
        #expect(longer.attributes(in: everything) == longer.allAttributes)
        #expect(longer.attributes(in: everything).count == 150)
        #expect(first.attributes(in: everything).count == 100)
    }
}
