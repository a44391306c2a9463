/// The Pinterest layout: photos in columns, each item as tall as its photo at the column's
/// width plus its measured caption and comment, so nothing is guessed and nothing moves when
/// images load.
///
/// Geometry (the tutorial's, see LAYOUTS.md): inner width `w = columnWidth − 2·padding`;
/// photo height `w / aspectRatio`; annotation height `top + caption + comment + bottom`; the
/// item's slot in its column is `padding + photo + annotation + padding` tall and its frame is
/// the slot inset by the padding on every side.
///
/// Per item only its column and y are stored (12 bytes); heights are recomputed from the
/// input by the same expression, bit for bit, when asked for. The index for rect queries is
/// built by the first query. A million items take about 5 ms (4 ms round-robin) and 36 MB with
/// their input.
public struct MasonryLayout: CollectionLayout {
    public let width: Double
    public let options: MasonryOptions
    public let columnCount: Int
    public let columnWidth: Double
    public let gutter: Double
    /// The frame width of every item (and the width its text was measured at).
    public let innerWidth: Double
    /// Each column's height so far, slot paddings included; what an append continues from.
    public private(set) var columnHeights: [Double]

    private var items: [MasonryItem] = []
    private var itemColumn: [Int32] = []
    private var itemY: [Double] = []
    private var columnIndex = LazyColumnIndex()

    /// The inner width a layout of `width` with `options` gives its items, for measuring text
    /// before the layout is made.
    public static func geometry(width: Double, options: MasonryOptions) throws(LayoutError)
        -> (columns: Int, columnWidth: Double, gutter: Double, innerWidth: Double) {
        guard width.isFinite, width > 0, width <= 100_000 else { throw .invalidWidth(width) }
        let padding = options.cellPadding
        guard padding.isFinite, padding >= 0 else { throw .invalidOption(name: "padding", value: padding, allowed: "a finite number of px, 0 or more") }
        for (name, value) in [("annotation top padding", options.annotationTopPadding), ("annotation bottom padding", options.annotationBottomPadding)] {
            guard value.isFinite, value >= 0 else { throw .invalidOption(name: name, value: value, allowed: "a finite number of px, 0 or more") }
        }
        let columns: Int, columnWidth: Double, gutter: Double
        switch options.columns {
        case .count(let n):
            guard n >= 1 else { throw .invalidColumnCount(n) }
            columns = n
            columnWidth = width / Double(n)
            gutter = 0
        case .width(let requested, let requestedGutter, let minimum):
            guard requested.isFinite, requested > 0 else { throw .invalidOption(name: "column width", value: requested, allowed: "a finite number of px above 0") }
            guard requestedGutter.isFinite, requestedGutter >= 0 else { throw .invalidOption(name: "gutter", value: requestedGutter, allowed: "a finite number of px, 0 or more") }
            guard minimum >= 1 else { throw .invalidColumnCount(minimum) }
            let fitting = ((width + requestedGutter) / (requested + requestedGutter)).rounded(.down)
            columns = max(minimum, Int(fitting))
            columnWidth = requested
            gutter = requestedGutter
        }
        let inner = columnWidth - 2 * padding
        guard inner > 0, columnWidth >= 1 else {
            throw .columnsTooNarrow(columns: columns, width: width, padding: padding)
        }
        return (columns, columnWidth, gutter, inner)
    }

    /// Lays out `items` in order.
    /// - Complexity: O(n × c) for n items in c columns (the shortest-column scan); O(n) for
    ///   round-robin.
    public init(width: Double, items: [MasonryItem], options: MasonryOptions = MasonryOptions()) throws(LayoutError) {
        let geometry = try Self.geometry(width: width, options: options)
        self.width = width
        self.options = options
        columnCount = geometry.columns
        columnWidth = geometry.columnWidth
        gutter = geometry.gutter
        innerWidth = geometry.innerWidth
        columnHeights = Array(repeating: 0, count: geometry.columns)
        try place(items)
    }

    /// This layout with `items` added after the existing ones, continuing from the saved
    /// column heights: no existing item moves. For round-robin the result equals a full layout
    /// of all the items.
    /// - Complexity: O(m × c) for m new items, plus O(n) to extend the column index.
    public func appending(_ items: [MasonryItem]) throws(LayoutError) -> MasonryLayout {
        var copy = self
        try copy.place(items)
        return copy
    }

    /// The photo height and item height of `item`: the documented formula, term for term, so
    /// anyone recomputing it (this type included) gets the same bits.
    @inline(__always)
    private func heights(_ item: MasonryItem) -> (photo: Double, item: Double) {
        Self.heights(item, inner: innerWidth, top: options.annotationTopPadding, bottom: options.annotationBottomPadding)
    }

    @inline(__always)
    private static func heights(_ item: MasonryItem, inner: Double, top: Double, bottom: Double) -> (photo: Double, item: Double) {
        let photoHeight = inner / item.aspectRatio
        let annotationHeight = top + item.captionHeight + item.commentHeight + bottom
        return (photoHeight, photoHeight + annotationHeight)
    }

    private mutating func place(_ newItems: [MasonryItem]) throws(LayoutError) {
        let first = itemY.count
        let total = first + newItems.count
        let padding = options.cellPadding
        let columns = columnCount
        let roundRobin = options.placement == .roundRobin
        let inner = innerWidth, top = options.annotationTopPadding, bottom = options.annotationBottomPadding
        var heightsOfColumns = columnHeights
        var invalid: (index: Int, field: String, value: Double)?
        // Outputs are written once, never zero-filled first: at a million items filling and
        // then overwriting them cost as much as placing.
        let oldColumn = itemColumn, oldY = itemY
        let placedColumn = [Int32](unsafeUninitializedCapacity: total) { outColumn, columnCount in
            itemY = [Double](unsafeUninitializedCapacity: total) { outY, yCount in
                _ = oldColumn.withUnsafeBufferPointer { outColumn.initialize(fromContentsOf: $0) }
                _ = oldY.withUnsafeBufferPointer { outY.initialize(fromContentsOf: $0) }
                invalid = heightsOfColumns.withUnsafeMutableBufferPointer { columnHeights in
                    newItems.withUnsafeBufferPointer { source in
                        Self.place(
                            source, from: first, into: (outColumn, outY), columnHeights: columnHeights,
                            roundRobin: roundRobin, columns: columns, padding: padding, inner: inner, top: top, bottom: bottom)
                    }
                }
                yCount = invalid == nil ? total : 0
            }
            columnCount = invalid == nil ? total : 0
        }
        if let invalid {
            itemY = oldY
            throw .invalidItem(index: invalid.index, field: invalid.field, value: invalid.value)
        }
        itemColumn = placedColumn
        columnHeights = heightsOfColumns
        items = first == 0 ? newItems : items + newItems
        columnIndex = LazyColumnIndex()
    }

    /// The whole cost of a layout: one loop over raw buffers. Returns the first bad item, if
    /// any (the outputs are then incomplete and discarded).
    @inline(__always)
    private static func place(
        _ source: UnsafeBufferPointer<MasonryItem>, from first: Int,
        into output: (column: UnsafeMutableBufferPointer<Int32>, y: UnsafeMutableBufferPointer<Double>),
        columnHeights: UnsafeMutableBufferPointer<Double>,
        roundRobin: Bool, columns: Int, padding: Double, inner: Double, top: Double, bottom: Double
    ) -> (index: Int, field: String, value: Double)? {
        if !roundRobin {
            return placeInShortest(source, from: first, into: output, columnHeights: columnHeights,
                                   columns: columns, padding: padding, inner: inner, top: top, bottom: bottom)
        }
        // i mod n, kept as a wrapping counter (a 64-bit division per item costs more than the rest).
        var robin = first % columns
        for offset in 0 ..< source.count {
            let item = source[offset]
            if let invalid = Self.validate(item, index: first + offset) { return invalid }
            let height = heights(item, inner: inner, top: top, bottom: bottom).item
            let column = robin
            robin = robin + 1 == columns ? 0 : robin + 1
            let y = columnHeights[column]
            output.column[first + offset] = Int32(truncatingIfNeeded: column)
            output.y[first + offset] = y + padding
            // y_col += slot, the slot computed apart from y: one add on the chain from item to
            // item instead of three.
            let slot = padding + height + padding
            columnHeights[column] = y + slot
        }
        return nil
    }

    /// The shortest-column rule (ties to the leftmost column), three items per look at the
    /// columns (two when there are two).
    ///
    /// Each item waits for the one before it: its column depends on the heights that one
    /// left, and the heights go through memory. One scan finds the three shortest (height,
    /// column); the first item goes to the shortest, each next one to the lowest of the heights
    /// the items before it left and the shortest ones they did not touch, as a scan would have
    /// found (the other columns are no lower). Every choice is made with selects, not
    /// branches: which column is shortest is a coin toss a branch predictor loses. At a
    /// million items in 5 columns: one item per scan 7.1 ns an item, two 5.7, three 4.9.
    private static func placeInShortest(
        _ source: UnsafeBufferPointer<MasonryItem>, from first: Int,
        into output: (column: UnsafeMutableBufferPointer<Int32>, y: UnsafeMutableBufferPointer<Double>),
        columnHeights: UnsafeMutableBufferPointer<Double>,
        columns: Int, padding: Double, inner: Double, top: Double, bottom: Double
    ) -> (index: Int, field: String, value: Double)? {
        @inline(__always) func bit(_ condition: Bool) -> Int { Int(unsafeBitCast(condition, to: UInt8.self)) }
        @inline(__always) func pick(_ condition: Bool, _ a: Int, _ b: Int) -> Int {
            let mask = 0 &- bit(condition)
            return (a & mask) | (b & ~mask)
        }
        @inline(__always) func usable(_ item: MasonryItem) -> Bool {
            let ratio = bit(item.aspectRatio > 0) & bit(item.aspectRatio < .infinity)
            let caption = bit(item.captionHeight >= 0) & bit(item.captionHeight < .infinity)
            let comment = bit(item.commentHeight >= 0) & bit(item.commentHeight < .infinity)
            return ratio & caption & comment != 0
        }
        @inline(__always) func slot(_ item: MasonryItem) -> Double {
            padding + heights(item, inner: inner, top: top, bottom: bottom).item + padding
        }
        var offset = 0
        // Three or more columns: three items per scan, from the three shortest.
        while columns >= 3, offset + 2 < source.count {
            let a = source[offset], b = source[offset + 1], c = source[offset + 2]
            if bit(usable(a)) & bit(usable(b)) & bit(usable(c)) == 0 {
                return validate(a, index: first + offset) ?? validate(b, index: first + offset + 1) ?? validate(c, index: first + offset + 2)
            }
            let slotA = slot(a), slotB = slot(b), slotC = slot(c)
            // The three shortest (h1, c1) ≤ (h2, c2) ≤ (h3, c3) by (height, column). Each
            // column comes after all those already seen, so a strict `<` keeps ties in order;
            // heights by min and max (inserting x into sorted s keeps min(max(x, s[j−1]), s[j])).
            // Columns 0–2 are ordered first rather than starting from +∞ placeholders, so every
            // candidate is a real column even when heights overflow to +∞.
            let x0 = columnHeights[0], x1 = columnHeights[1], x2 = columnHeights[2]
            let oneFirst = x1 < x0
            var h1 = x1 < x0 ? x1 : x0, c1 = bit(oneFirst)
            var h2 = x1 < x0 ? x0 : x1, c2 = 1 - c1
            let twoBelowFirst = x2 < h1, twoBelowSecond = x2 < h2
            var h3 = x2 < h2 ? h2 : x2, c3 = pick(twoBelowSecond, c2, 2)
            c2 = pick(twoBelowFirst, c1, pick(twoBelowSecond, 2, c2))
            c1 = pick(twoBelowFirst, 2, c1)
            let twoAboveFirst = h1 > x2 ? h1 : x2
            h2 = twoAboveFirst < h2 ? twoAboveFirst : h2
            h1 = x2 < h1 ? x2 : h1
            var column = 3
            while column < columns {
                let x = columnHeights[column]
                let belowFirst = x < h1, belowSecond = x < h2, belowThird = x < h3
                c3 = pick(belowSecond, c2, pick(belowThird, column, c3))
                c2 = pick(belowFirst, c1, pick(belowSecond, column, c2))
                c1 = pick(belowFirst, column, c1)
                let aboveSecond = h2 > x ? h2 : x, aboveFirst = h1 > x ? h1 : x
                h3 = aboveSecond < h3 ? aboveSecond : h3
                h2 = aboveFirst < h2 ? aboveFirst : h2
                h1 = x < h1 ? x : h1
                column += 1
            }
            // a takes the shortest; b the lower of a's new height and the second shortest;
            // c the lower of b's new height and the lowest of what b left (the second
            // shortest if b went on top of a, else a's new height or the third shortest).
            let raisedA = h1 + slotA
            let aFirst = (bit(raisedA < h2) | (bit(raisedA == h2) & bit(c1 < c2))) != 0
            let columnB = pick(aFirst, c1, c2)
            let yB = raisedA < h2 ? raisedA : h2
            let raisedB = yB + slotB
            let aBeforeThird = (bit(raisedA < h3) | (bit(raisedA == h3) & bit(c1 < c3))) != 0
            // max(h2, min(a's, h3)): h2 when a went first (a's height is then ≤ h2), else the
            // lower of a's and the third's (both ≥ h2); no select of doubles, no branch.
            let lowerOfAAndThird = raisedA < h3 ? raisedA : h3
            let otherHeight = h2 > lowerOfAAndThird ? h2 : lowerOfAAndThird
            let otherColumn = pick(aFirst, c2, pick(aBeforeThird, c1, c3))
            let bFirst = (bit(raisedB < otherHeight) | (bit(raisedB == otherHeight) & bit(columnB < otherColumn))) != 0
            let columnC = pick(bFirst, columnB, otherColumn)
            let yC = raisedB < otherHeight ? raisedB : otherHeight
            output.column[first + offset] = Int32(truncatingIfNeeded: c1)
            output.y[first + offset] = h1 + padding
            output.column[first + offset + 1] = Int32(truncatingIfNeeded: columnB)
            output.y[first + offset + 1] = yB + padding
            output.column[first + offset + 2] = Int32(truncatingIfNeeded: columnC)
            output.y[first + offset + 2] = yC + padding
            columnHeights[c1] = raisedA
            columnHeights[columnB] = raisedB
            columnHeights[columnC] = yC + slotC
            offset += 3
        }
        while offset + 1 < source.count {
            let a = source[offset], b = source[offset + 1]
            // One test for both items, without a branch per field (NaN fails every comparison).
            if bit(usable(a)) & bit(usable(b)) == 0 {
                return validate(a, index: first + offset) ?? validate(b, index: first + offset + 1)
            }
            let slotA = slot(a), slotB = slot(b)
            // The shortest (h1, c1) and second shortest (h2, c2), ordered by (height, column).
            // c2 starts at a real column, so that no input (one column, heights that overflow
            // to +∞) can make the second pick write outside the heights.
            var h1 = columnHeights[0], c1 = 0
            var h2 = Double.infinity, c2 = 0
            var c = 1
            while c < columns {
                let x = columnHeights[c]
                let belowFirst = x < h1, belowSecond = x < h2
                let second = belowSecond ? c : c2
                c2 = belowFirst ? c1 : second
                let notFirst = h1 > x ? h1 : x
                h2 = notFirst < h2 ? notFirst : h2
                c1 = belowFirst ? c : c1
                h1 = x < h1 ? x : h1
                c += 1
            }
            output.column[first + offset] = Int32(truncatingIfNeeded: c1)
            output.y[first + offset] = h1 + padding
            let raised = h1 + slotA
            let raisedFirst = (bit(raised < h2) | (bit(raised == h2) & bit(c1 < c2))) != 0
            let column = pick(raisedFirst, c1, c2)
            let y = raised < h2 ? raised : h2
            output.column[first + offset + 1] = Int32(truncatingIfNeeded: column)
            output.y[first + offset + 1] = y + padding
            columnHeights[c1] = raised
            columnHeights[column] = y + slotB
            offset += 2
        }
        if offset < source.count {
            let item = source[offset]
            if let invalid = validate(item, index: first + offset) { return invalid }
            var best = columnHeights[0], column = 0
            for c in 1 ..< max(columns, 1) where columnHeights[c] < best {
                best = columnHeights[c]
                column = c
            }
            output.column[first + offset] = Int32(truncatingIfNeeded: column)
            output.y[first + offset] = best + padding
            columnHeights[column] = best + slot(item)
        }
        return nil
    }

    @inline(__always)
    private static func validate(_ item: MasonryItem, index: Int) -> (index: Int, field: String, value: Double)? {
        // NaN fails both comparisons.
        guard item.aspectRatio > 0, item.aspectRatio < .infinity else {
            return (index, "aspect ratio", item.aspectRatio)
        }
        guard item.captionHeight >= 0, item.captionHeight < .infinity, item.commentHeight >= 0, item.commentHeight < .infinity else {
            return (index, "annotation height", item.captionHeight + item.commentHeight)
        }
        return nil
    }

    /// The index for rect queries, built on first use.
    private var index: MasonryColumnIndex {
        columnIndex.get {
            MasonryColumnIndex(columnCount: columnCount, itemColumn: itemColumn, itemY: itemY) { heights(items[$0]) }
        }
    }

    // MARK: - CollectionLayout

    public var count: Int { itemY.count }

    /// Width: the columns and gutters (the given width for a column count); height: the
    /// tallest column.
    public var contentWidth: Double { Double(columnCount) * columnWidth + Double(columnCount - 1) * gutter }

    public var contentSize: LayoutSize {
        LayoutSize(width: contentWidth, height: columnHeights.max() ?? 0)
    }

    public func attributes(at index: Int) -> LayoutAttributes? {
        guard index >= 0, index < itemY.count else { return nil }
        return attributes(unchecked: index)
    }

    @inline(__always)
    private func attributes(unchecked index: Int) -> LayoutAttributes {
        let column = Int(itemColumn[index])
        let x = Double(column) * (columnWidth + gutter) + options.cellPadding
        let (photoHeight, height) = heights(items[index])
        return LayoutAttributes(
            index: index, frame: LayoutRect(x: x, y: itemY[index], width: innerWidth, height: height),
            photoHeight: photoHeight, column: column)
    }

    /// - Complexity: O(c log n + k log k) for c columns crossed, n items and k results: a
    ///   binary search in each column the rect crosses, a walk down it, and a sort of what was
    ///   found into index order. The first query also builds the column index, O(n).
    public func attributes(in rect: LayoutRect) -> [LayoutAttributes] {
        guard rect.width >= 0, rect.height >= 0, !rect.x.isNaN, !rect.y.isNaN, !itemY.isEmpty else { return [] }
        // The columns the rect crosses: column c spans (c·(w+g) + p, c·(w+g) + p + inner).
        // An estimate by division, clamped before it becomes an Int, then made exact by the
        // same comparisons the frames would give (a step at most).
        let pitch = columnWidth + gutter, padding = options.cellPadding
        let lastIndex = Double(columnCount - 1)
        func clamped(_ estimate: Double) -> Int { estimate.isNaN ? 0 : Int(Swift.min(Swift.max(estimate, 0), lastIndex)) }
        func left(_ c: Int) -> Double { Double(c) * pitch + padding }
        var firstColumn = clamped(((rect.minX - padding - innerWidth) / pitch).rounded(.down))
        while firstColumn > 0, rect.minX < left(firstColumn - 1) + innerWidth { firstColumn -= 1 }
        while firstColumn < columnCount, !(rect.minX < left(firstColumn) + innerWidth) { firstColumn += 1 }
        var lastColumn = clamped(((rect.maxX - padding) / pitch).rounded(.up))
        while lastColumn < columnCount - 1, left(lastColumn + 1) < rect.maxX { lastColumn += 1 }
        while lastColumn >= 0, !(left(lastColumn) < rect.maxX) { lastColumn -= 1 }
        guard firstColumn <= lastColumn else { return [] }
        let index = self.index
        let crossed = lastColumn - firstColumn + 1
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: crossed) { runs in
            let total = index.runs(columns: firstColumn ... lastColumn, minY: rect.minY, maxY: rect.maxY, into: runs)
            // Each item found as (index, slot), sorted: the items come in index order, and the
            // slot finds where its entry is and its column (no search, no other array read).
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: total) { found in
                withUnsafeTemporaryAllocation(of: (position: Int, column: Int).self, capacity: total) { noted in
                    var filled = 0
                    index.entries.withUnsafeBufferPointer { entries in
                        for (offset, run) in runs.enumerated() {
                            for position in run {
                                found.initializeElement(at: filled, to: UInt64(entries[position].item) << 32 | UInt64(filled))
                                noted.initializeElement(at: filled, to: (position, firstColumn + offset))
                                filled += 1
                            }
                        }
                    }
                    var sorted = found  // the same memory: a buffer pointer's sort is a mutating method
                    sorted.sort()
                    return [LayoutAttributes](unsafeUninitializedCapacity: total) { result, count in
                        index.entries.withUnsafeBufferPointer { entries in
                            for (offset, key) in found.enumerated() {
                                let (position, column) = noted[Int(key & 0xFFFF_FFFF)]
                                let entry = entries[position]
                                result.initializeElement(at: offset, to: LayoutAttributes(
                                    index: entry.item, frame: LayoutRect(x: Double(column) * pitch + padding, y: entry.top, width: innerWidth, height: entry.height),
                                    photoHeight: entry.photoHeight, column: column))
                            }
                        }
                        count = total
                    }
                }
            }
        }
    }
}
