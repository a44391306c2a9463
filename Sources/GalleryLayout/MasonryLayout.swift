/// The Pinterest layout: photos in columns, each item as tall as its photo at the column's
/// width plus its measured caption and comment, so nothing is guessed and nothing moves when
/// images load.
///
/// Geometry (the tutorial's, see <doc:LayoutMath>): inner width `w = columnWidth − 2·padding`;
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
    public static func geometry(width: Double, options: MasonryOptions) throws(LayoutError) -> MasonryGeometry {
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
        return MasonryGeometry(columns: columns, columnWidth: columnWidth, gutter: gutter, innerWidth: inner)
    }

    /// Lays out `items` in order.
    /// - Complexity: O(n × c) for n items in c columns (the shortest-column scan); O(n) for
    ///   round-robin.
    public init(width: Double, items: [MasonryItem], options: MasonryOptions = MasonryOptions()) throws(LayoutError) {
        try self.init(width: width, items: items, options: options, oneByOne: false)
    }

    /// With `oneByOne`, every item is placed by the plain loop that defines the layout
    /// (`placeOneByOne`), never by the fast path: what the tests compare the fast path with.
    package init(width: Double, items: [MasonryItem], options: MasonryOptions, oneByOne: Bool) throws(LayoutError) {
        let geometry = try Self.geometry(width: width, options: options)
        self.width = width
        self.options = options
        columnCount = geometry.columns
        columnWidth = geometry.columnWidth
        gutter = geometry.gutter
        innerWidth = geometry.innerWidth
        columnHeights = Array(repeating: 0, count: geometry.columns)
        placesOneByOne = oneByOne
        try place(items)
    }

    /// Set only by the tests' `init(width:items:options:oneByOne:)`.
    private var placesOneByOne = false

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
    static func heights(_ item: MasonryItem, inner: Double, top: Double, bottom: Double) -> (photo: Double, item: Double) {
        let photoHeight = inner / item.aspectRatio
        let annotationHeight = top + item.captionHeight + item.commentHeight + bottom
        return (photoHeight, photoHeight + annotationHeight)
    }

    private mutating func place(_ newItems: [MasonryItem]) throws(LayoutError) {
        let first = itemY.count
        let total = first + newItems.count
        let padding = options.cellPadding
        let roundRobin = options.placement == .roundRobin
        let inner = innerWidth, top = options.annotationTopPadding, bottom = options.annotationBottomPadding
        var heightsOfColumns = columnHeights
        let oneByOne = placesOneByOne
        var invalid: LayoutError?
        // Outputs are written once, never zero-filled first: at a million items filling and
        // then overwriting them cost as much as placing.
        let oldColumn = itemColumn, oldY = itemY
        let placedColumn = [Int32](unsafeUninitializedCapacity: total) { outColumn, columnCount in
            itemY = [Double](unsafeUninitializedCapacity: total) { outY, yCount in
                _ = oldColumn.withUnsafeBufferPointer { outColumn.initialize(fromContentsOf: $0) }
                _ = oldY.withUnsafeBufferPointer { outY.initialize(fromContentsOf: $0) }
                invalid = heightsOfColumns.withUnsafeMutableBufferPointer { columnHeights in
                    newItems.withUnsafeBufferPointer { source in
                        // Each call with a constant `roundRobin`, so the inlined loop has no
                        // per-item test of it.
                        if roundRobin {
                            Self.placeOneByOne(
                                source, from: first, into: (outColumn, outY), columnHeights: columnHeights,
                                roundRobin: true, padding: padding, inner: inner, top: top, bottom: bottom)
                        } else if oneByOne {
                            Self.placeOneByOne(
                                source, from: first, into: (outColumn, outY), columnHeights: columnHeights,
                                roundRobin: false, padding: padding, inner: inner, top: top, bottom: bottom)
                        } else {
                            Self.placeInShortestFast(
                                source, from: first, into: (outColumn, outY), columnHeights: columnHeights,
                                padding: padding, inner: inner, top: top, bottom: bottom)
                        }
                    }
                }
                yCount = invalid == nil ? total : 0
            }
            columnCount = invalid == nil ? total : 0
        }
        if let invalid {
            itemY = oldY
            throw invalid
        }
        itemColumn = placedColumn
        columnHeights = heightsOfColumns
        items = first == 0 ? newItems : items + newItems
        columnIndex = LazyColumnIndex()
    }

    /// What a masonry layout is, one item at a time (the tutorial's loop): item i goes to the
    /// shortest column, the leftmost of equals — or, round-robin, to column i mod n — at that
    /// column's height plus the padding; the column then grows by padding + item + padding.
    /// Round-robin layouts are made by this loop; shortest-column ones by
    /// `placeInShortestFast`, which places every item exactly as this loop does (seeded tests
    /// compare them bit for bit). Returns the first bad item, if any (the outputs are then
    /// incomplete and discarded).
    @inline(__always)
    static func placeOneByOne(
        _ source: UnsafeBufferPointer<MasonryItem>, from first: Int,
        into output: (column: UnsafeMutableBufferPointer<Int32>, y: UnsafeMutableBufferPointer<Double>),
        columnHeights: UnsafeMutableBufferPointer<Double>,
        roundRobin: Bool, padding: Double, inner: Double, top: Double, bottom: Double
    ) -> LayoutError? {
        let columns = columnHeights.count
        // i mod n as a wrapping counter: a 64-bit division per item costs more than the rest.
        var nextRobin = first % columns
        for offset in 0 ..< source.count {
            let item = source[offset], index = first + offset
            if let invalid = validate(item, index: index) { return invalid }
            var column = nextRobin
            if roundRobin {
                nextRobin = nextRobin + 1 == columns ? 0 : nextRobin + 1
            } else {
                column = 0
                for candidate in 1 ..< columns where columnHeights[candidate] < columnHeights[column] { column = candidate }
            }
            let y = columnHeights[column]
            output.column[index] = Int32(truncatingIfNeeded: column)
            output.y[index] = y + padding
            columnHeights[column] = y + (padding + heights(item, inner: inner, top: top, bottom: bottom).item + padding)
        }
        return nil
    }

    /// The error for an item no layout can place, or nil.
    @inline(__always)
    static func validate(_ item: MasonryItem, index: Int) -> LayoutError? {
        // NaN fails both comparisons.
        guard item.aspectRatio > 0, item.aspectRatio < .infinity else {
            return .invalidItem(index: index, field: "aspect ratio", value: item.aspectRatio)
        }
        guard item.captionHeight >= 0, item.captionHeight < .infinity, item.commentHeight >= 0, item.commentHeight < .infinity else {
            return .invalidItem(index: index, field: "annotation height", value: item.captionHeight + item.commentHeight)
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
