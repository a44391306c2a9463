/// The Pinterest layout: photos in columns, each item as tall as its photo at the column's
/// width plus its measured caption and comment, so nothing is guessed and nothing moves when
/// images load.
///
/// Geometry (the tutorial's, see LAYOUTS.md): inner width `w = columnWidth − 2·padding`;
/// photo height `w / aspectRatio`; annotation height `top + caption + comment + bottom`; the
/// item's slot in its column is `padding + photo + annotation + padding` tall and its frame is
/// the slot inset by the padding on every side.
///
/// Items are stored column-wise as plain arrays (about 30 bytes an item), and attributes are
/// made when asked for, so a million items take milliseconds and a few dozen megabytes.
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

    private var itemColumn: [Int32] = []
    private var itemY: [Double] = []
    private var itemHeight: [Double] = []
    private var itemPhotoHeight: [Double] = []
    /// Per column, the indices of its items, top to bottom (so their y is increasing).
    private var columnMembers: [[Int32]]

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
        columnMembers = Array(repeating: [], count: geometry.columns)
        try place(items)
    }

    /// This layout with `items` added after the existing ones, continuing from the saved
    /// column heights: no existing item moves. For round-robin the result equals a full layout
    /// of all the items.
    /// - Complexity: O(m × c) for m new items.
    public func appending(_ items: [MasonryItem]) throws(LayoutError) -> MasonryLayout {
        var copy = self
        try copy.place(items)
        return copy
    }

    private mutating func place(_ items: [MasonryItem]) throws(LayoutError) {
        let first = itemY.count
        // Validate everything first, so the loop below cannot fail halfway.
        for (offset, item) in items.enumerated() {
            guard item.aspectRatio.isFinite, item.aspectRatio > 0 else {
                throw .invalidItem(index: first + offset, field: "aspect ratio", value: item.aspectRatio)
            }
            guard item.captionHeight.isFinite, item.captionHeight >= 0, item.commentHeight.isFinite, item.commentHeight >= 0 else {
                throw .invalidItem(index: first + offset, field: "annotation height", value: item.captionHeight + item.commentHeight)
            }
        }
        let count = items.count
        let padding = options.cellPadding
        let top = options.annotationTopPadding, bottom = options.annotationBottomPadding
        let inner = innerWidth
        let columns = columnCount
        let roundRobin = options.placement == .roundRobin
        var heights = columnHeights
        // Outputs are written once each, so they need no zero-filling first.
        let outColumn = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        let outY = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        let outHeight = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        let outPhoto = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
        defer {
            outColumn.deallocate()
            outY.deallocate()
            outHeight.deallocate()
            outPhoto.deallocate()
        }
        // One tight loop over raw buffers: this is the whole cost of a layout.
        items.withUnsafeBufferPointer { source in
            heights.withUnsafeMutableBufferPointer { heights in
                                for offset in 0 ..< count {
                                    let item = source[offset]
                                    // Written as the documented formula, term for term, so anyone
                                    // recomputing it gets the same bits.
                                    let photoHeight = inner / item.aspectRatio
                                    let annotationHeight = top + item.captionHeight + item.commentHeight + bottom
                                    let height = photoHeight + annotationHeight
                                    var column = 0
                                    if roundRobin {
                                        column = (first + offset) % columns
                                    } else {
                                        var best = heights[0]
                                        var c = 1
                                        while c < columns {
                                            if heights[c] < best {
                                                best = heights[c]
                                                column = c
                                            }
                                            c += 1
                                        }
                                    }
                                    let y = heights[column]
                                    outColumn[offset] = Int32(truncatingIfNeeded: column)
                                    outY[offset] = y + padding
                                    outHeight[offset] = height
                                    outPhoto[offset] = photoHeight
                                    // y_col += slot, the slot computed apart from y: one add on
                                    // the chain from item to item instead of three.
                                    let slot = padding + height + padding
                                    heights[column] = y + slot
                                }
            }
        }
        columnHeights = heights
        itemColumn.append(contentsOf: outColumn)
        itemY.append(contentsOf: outY)
        itemHeight.append(contentsOf: outHeight)
        itemPhotoHeight.append(contentsOf: outPhoto)
        // The per-column index for rect queries: each column's items in order, sized exactly.
        var perColumn = [Int](repeating: 0, count: columns)
        for column in outColumn { perColumn[Int(column)] += 1 }
        for column in 0 ..< columns { columnMembers[column].reserveCapacity(columnMembers[column].count + perColumn[column]) }
        for offset in 0 ..< count {
            columnMembers[Int(outColumn[offset])].append(Int32(truncatingIfNeeded: first + offset))
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
        let column = Int(itemColumn[index])
        let x = Double(column) * (columnWidth + gutter) + options.cellPadding
        return LayoutAttributes(
            index: index, frame: LayoutRect(x: x, y: itemY[index], width: innerWidth, height: itemHeight[index]),
            photoHeight: itemPhotoHeight[index], column: column)
    }

    /// - Complexity: O(c log n + k c) for c columns, n items and k results: a binary search
    ///   in each column the rect crosses, a walk down it, and a merge of the columns' runs.
    public func attributes(in rect: LayoutRect) -> [LayoutAttributes] {
        guard rect.width >= 0, rect.height >= 0 else { return [] }
        var runs: [ArraySlice<Int32>] = []
        for column in 0 ..< columnCount {
            let x = Double(column) * (columnWidth + gutter) + options.cellPadding
            guard x < rect.maxX, rect.minX < x + innerWidth else { continue }
            let members = columnMembers[column]
            // First member whose bottom is below the rect's top (bottoms increase down a column).
            var low = 0, high = members.count
            while low < high {
                let middle = (low + high) / 2
                let i = Int(members[middle])
                if itemY[i] + itemHeight[i] > rect.minY { high = middle } else { low = middle + 1 }
            }
            var position = low
            while position < members.count, itemY[Int(members[position])] < rect.maxY { position += 1 }
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
            let index = Int(smallest)
            let column = Int(itemColumn[index])
            result.append(LayoutAttributes(
                index: index,
                frame: LayoutRect(x: Double(column) * (columnWidth + gutter) + options.cellPadding, y: itemY[index], width: innerWidth, height: itemHeight[index]),
                photoHeight: itemPhotoHeight[index], column: column))
        }
        return result
    }
}
