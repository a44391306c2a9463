/// The Pinterest layout: photos in columns, each item as tall as its photo at the column's
/// width plus its measured caption and comment, so nothing is guessed and nothing moves when
/// images load.
///
/// Geometry (the tutorial's, see LAYOUTS.md): inner width `w = columnWidth − 2·padding`;
/// photo height `w / aspectRatio`; annotation height `top + caption + comment + bottom`; the
/// item's slot in its column is `padding + photo + annotation + padding` tall and its frame is
/// the slot inset by the padding on every side.
///
/// Per item only its column, y and bottom are stored (20 bytes, plus 4 in the column index);
/// heights are recomputed from the input by the same expression, bit for bit, when asked for.
/// A million items take milliseconds and about 50 MB with their input.
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
    /// y + height: what the rect query's binary search compares, without recomputing heights.
    private var itemBottom: [Double] = []
    /// The column index for rect queries, flat: column c's items, top to bottom (so their y
    /// increases), are `members[memberStart[c] ..< memberStart[c + 1]]`.
    private var members: [Int32] = []
    private var memberStart: [Int] = []

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
        let count = newItems.count
        let padding = options.cellPadding
        let columns = columnCount
        let roundRobin = options.placement == .roundRobin
        let inner = innerWidth, top = options.annotationTopPadding, bottom = options.annotationBottomPadding
        var heightsOfColumns = columnHeights
        var newColumn = [Int32](repeating: 0, count: count)
        var newY = [Double](repeating: 0, count: count)
        var newBottom = [Double](repeating: 0, count: count)
        var invalid: (index: Int, field: String, value: Double)?
        // i mod n, kept as a wrapping counter (a 64-bit division per item costs more than the rest).
        var robin = first % columns
        // One loop over raw buffers: this is the whole cost of a layout. Bad input stops it
        // and is reported after.
        newItems.withUnsafeBufferPointer { source in
            heightsOfColumns.withUnsafeMutableBufferPointer { columnHeights in
                newColumn.withUnsafeMutableBufferPointer { outColumn in
                    newY.withUnsafeMutableBufferPointer { outY in
                      newBottom.withUnsafeMutableBufferPointer { outBottom in
                        for offset in 0 ..< count {
                            let item = source[offset]
                            guard item.aspectRatio.isFinite, item.aspectRatio > 0 else {
                                invalid = (first + offset, "aspect ratio", item.aspectRatio)
                                return
                            }
                            guard item.captionHeight.isFinite, item.captionHeight >= 0, item.commentHeight.isFinite, item.commentHeight >= 0 else {
                                invalid = (first + offset, "annotation height", item.captionHeight + item.commentHeight)
                                return
                            }
                            let height = Self.heights(item, inner: inner, top: top, bottom: bottom).item
                            var column = 0
                            if roundRobin {
                                column = robin
                                robin = robin + 1 == columns ? 0 : robin + 1
                            } else {
                                var best = columnHeights[0]
                                var c = 1
                                while c < columns {
                                    if columnHeights[c] < best {
                                        best = columnHeights[c]
                                        column = c
                                    }
                                    c += 1
                                }
                            }
                            let y = columnHeights[column]
                            outColumn[offset] = Int32(truncatingIfNeeded: column)
                            outY[offset] = y + padding
                            outBottom[offset] = y + padding + height
                            // y_col += slot, the slot computed apart from y: one add on the
                            // chain from item to item instead of three.
                            let slot = padding + height + padding
                            columnHeights[column] = y + slot
                        }
                      }
                    }
                }
            }
        }
        if let invalid { throw .invalidItem(index: invalid.index, field: invalid.field, value: invalid.value) }
        columnHeights = heightsOfColumns
        if first == 0 {
            items = newItems
            itemColumn = newColumn
            itemY = newY
            itemBottom = newBottom
        } else {
            items += newItems
            itemColumn += newColumn
            itemY += newY
            itemBottom += newBottom
        }
        buildColumnIndex()
    }

    /// A counting sort of the items by column, over raw buffers: growing one array per column
    /// item by item cost more than placing the items.
    /// - Complexity: O(n + c).
    private mutating func buildColumnIndex() {
        let count = itemColumn.count
        var start = [Int](repeating: 0, count: columnCount + 1)
        var index = [Int32](repeating: 0, count: count)
        itemColumn.withUnsafeBufferPointer { columns in
            start.withUnsafeMutableBufferPointer { start in
                for i in 0 ..< count { start[Int(columns[i]) + 1] += 1 }
                for c in 0 ..< columnCount { start[c + 1] += start[c] }
                var cursor = Array(start.prefix(columnCount))
                index.withUnsafeMutableBufferPointer { out in
                    cursor.withUnsafeMutableBufferPointer { cursor in
                        for i in 0 ..< count {
                            let c = Int(columns[i])
                            out[cursor[c]] = Int32(truncatingIfNeeded: i)
                            cursor[c] += 1
                        }
                    }
                }
            }
        }
        members = index
        memberStart = start
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
        let column = Int(itemColumn[index])
        let x = Double(column) * (columnWidth + gutter) + options.cellPadding
        let (photoHeight, height) = heights(items[index])
        return LayoutAttributes(
            index: index, frame: LayoutRect(x: x, y: itemY[index], width: innerWidth, height: height),
            photoHeight: photoHeight, column: column)
    }

    /// - Complexity: O(c log n + k c) for c columns, n items and k results: a binary search
    ///   in each column the rect crosses, a walk down it, and a merge of the columns' runs.
    public func attributes(in rect: LayoutRect) -> [LayoutAttributes] {
        guard rect.width >= 0, rect.height >= 0 else { return [] }
        var runs: [ArraySlice<Int32>] = []
        for column in 0 ..< columnCount {
            let x = Double(column) * (columnWidth + gutter) + options.cellPadding
            guard x < rect.maxX, rect.minX < x + innerWidth else { continue }
            let members = self.members[memberStart[column] ..< memberStart[column + 1]]
            // First member whose bottom is below the rect's top (bottoms increase down a column).
            var low = members.startIndex, high = members.endIndex
            while low < high {
                let middle = (low + high) / 2
                let i = Int(members[middle])
                if itemBottom[i] > rect.minY { high = middle } else { low = middle + 1 }
            }
            var position = low
            while position < members.endIndex, itemY[Int(members[position])] < rect.maxY { position += 1 }
            if position > low { runs.append(members[low ..< position]) }
        }
        // Each column's run is in index order: merge them instead of sorting.
        var result: [LayoutAttributes] = []
        result.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        var heads = runs.map(\.startIndex)
        while true {
            var pick = -1
            var smallest = Int32.max
            for r in 0 ..< runs.count where heads[r] < runs[r].endIndex && runs[r][heads[r]] < smallest {
                smallest = runs[r][heads[r]]
                pick = r
            }
            guard pick >= 0 else { break }
            heads[pick] += 1
            if let attributes = attributes(at: Int(smallest)) { result.append(attributes) }
        }
        return result
    }
}
