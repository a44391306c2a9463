/// Justified rows (Flickr, Google Photos, Immich): photos at their aspect ratios, each row
/// scaled so it exactly fills the width, rows as close to a target height as the photos allow.
///
/// Rows are filled greedily: photos are added while the row, scaled to the width, stays taller
/// than the target; the photo that would make it shorter joins the row only if that brings
/// the row's height closer to the target. With photos of ordinary shapes every row lands
/// within target × (1 ± tolerance); a panorama in a narrow page can leave no break that does,
/// and the row then takes the closer of the two. The last row keeps the target height and is
/// not stretched: it is left-aligned.
public struct JustifiedLayout: CollectionLayout {
    public struct Options: Sendable, Hashable {
        /// The height rows aim for, in CSS px.
        public var targetRowHeight: Double
        /// How far a row may stray from the target, as a fraction (0.25: ±25 %).
        public var tolerance: Double
        /// Space between photos in a row and between rows.
        public var spacing: Double

        public init(targetRowHeight: Double = 220, tolerance: Double = 0.25, spacing: Double = 8) {
            self.targetRowHeight = targetRowHeight
            self.tolerance = tolerance
            self.spacing = spacing
        }
    }

    public let width: Double
    public let options: Options
    private var frames: [LayoutRect] = []
    /// Per row: its first item index and its y; rows are in y order.
    private var rowStarts: [Int] = []
    private var rowY: [Double] = []
    private var rowHeights: [Double] = []

    /// - Parameter aspectRatios: displayed width / height of each photo, in order.
    /// - Complexity: O(n).
    public init(width: Double, aspectRatios: [Double], options: Options = Options()) throws(LayoutError) {
        guard width.isFinite, width > 0, width <= 100_000 else { throw .invalidWidth(width) }
        guard options.targetRowHeight.isFinite, options.targetRowHeight > 0 else {
            throw .invalidOption(name: "target row height", value: options.targetRowHeight, allowed: "finite and above 0")
        }
        guard options.tolerance.isFinite, options.tolerance >= 0, options.tolerance < 1 else {
            throw .invalidOption(name: "tolerance", value: options.tolerance, allowed: "between 0 and 1")
        }
        guard options.spacing.isFinite, options.spacing >= 0 else {
            throw .invalidOption(name: "spacing", value: options.spacing, allowed: "finite, 0 or more")
        }
        for (index, aspect) in aspectRatios.enumerated() where !(aspect.isFinite && aspect > 0) {
            throw .invalidItem(index: index, field: "aspect ratio", value: aspect)
        }
        self.width = width
        self.options = options
        let target = options.targetRowHeight, gap = options.spacing
        func height(_ sum: Double, _ n: Int) -> Double { (width - gap * Double(n - 1)) / sum }
        var y = 0.0
        var start = 0
        var sum = 0.0
        var index = 0
        while index < aspectRatios.count {
            let aspect = aspectRatios[index]
            let count = index - start
            let with = height(sum + aspect, count + 1)
            if with > target {
                sum += aspect
                index += 1
                continue
            }
            // The row would drop to or below the target with this photo: take it if that is
            // closer to the target (or the row is empty), else close the row before it.
            let without = count > 0 ? height(sum, count) : .infinity
            if count == 0 || abs(with - target) <= abs(without - target) {
                sum += aspect
                index += 1
                closeRow(start: start, end: index, height: height(sum, index - start), y: &y, aspectRatios)
            } else {
                closeRow(start: start, end: index, height: without, y: &y, aspectRatios)
            }
            start = index
            sum = 0
        }
        if start < aspectRatios.count {
            // The last row: at the target height (or lower, if even that overflows), left-aligned.
            let fit = height(sum, aspectRatios.count - start)
            closeRow(start: start, end: aspectRatios.count, height: min(target, fit), y: &y, aspectRatios, stretch: false)
        }
    }

    private mutating func closeRow(start: Int, end: Int, height: Double, y: inout Double, _ aspectRatios: [Double], stretch: Bool = true) {
        var x = 0.0
        rowStarts.append(start)
        rowY.append(y)
        rowHeights.append(height)
        for i in start ..< end {
            var itemWidth = aspectRatios[i] * height
            // The last photo of a full row ends exactly at the right edge, whatever the rounding.
            if stretch && i == end - 1 { itemWidth = width - x }
            frames.append(LayoutRect(x: x, y: y, width: itemWidth, height: height))
            x += itemWidth + options.spacing
        }
        y += height + options.spacing
    }

    public var count: Int { frames.count }

    public var contentSize: LayoutSize {
        LayoutSize(width: width, height: rowY.last.map { $0 + (rowHeights.last ?? 0) } ?? 0)
    }

    public func attributes(at index: Int) -> LayoutAttributes? {
        guard index >= 0, index < frames.count else { return nil }
        return LayoutAttributes(index: index, frame: frames[index])
    }

    /// - Complexity: O(log r + k): a binary search over the rows, then the rows in the rect.
    public func attributes(in rect: LayoutRect) -> [LayoutAttributes] {
        guard rect.width >= 0, rect.height >= 0 else { return [] }
        var low = 0, high = rowY.count
        while low < high {
            let middle = (low + high) / 2
            if rowY[middle] + rowHeights[middle] > rect.minY { high = middle } else { low = middle + 1 }
        }
        var result: [LayoutAttributes] = []
        var row = low
        while row < rowY.count, rowY[row] < rect.maxY {
            let end = row + 1 < rowStarts.count ? rowStarts[row + 1] : frames.count
            for i in rowStarts[row] ..< end where frames[i].intersects(rect) {
                result.append(LayoutAttributes(index: i, frame: frames[i]))
            }
            row += 1
        }
        return result
    }
}
