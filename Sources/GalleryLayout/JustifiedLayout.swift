/// Justified rows (Flickr, Google Photos, Immich): photos at their aspect ratios, each row
/// scaled so it exactly fills the width, rows as close to a target height as the photos allow.
///
/// The breaks are chosen for the whole album at once, as Knuth and Plass break paragraphs and
/// Google Photos' web grid breaks rows: the least total deviation from the target height
/// (`rowCost`, squared and relative; a row outside target × (1 ± tolerance) costs more than
/// any number of rows inside it), found by dynamic programming over the rows each photo can
/// start. A row holds at most one photo past the point where it drops below the band, so a
/// row has a bounded number of photos and the search is linear. A greedy fill can leave a row far off the target because of a choice made rows
/// earlier; this does not. A panorama in a narrow page can leave no break inside the band, and
/// the rows then stray as little as they can. The last row keeps the target height and is not
/// stretched (left-aligned), so a lonely last photo stays a photo, not a banner; it costs
/// nothing unless it has to shrink to fit.
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

    /// What a row costs for each of the `preferredBreaks` it holds inside it (a row that starts
    /// at one holds none): more than most choices between rows inside the tolerance differ by,
    /// less than a row outside it. 0.1 is a row 32 % off the target: on seeded albums of 30,000
    /// photos cut as AlbumCuts cuts them, 50 photos inserted reflowed the rows of 110 of 1,000
    /// runs (330 without it), and the rows' mean deviation from the target went from 12.9 % to
    /// 13.5 %.
    static let breakCost = 0.1

    /// - Parameters:
    ///   - aspectRatios: displayed width / height of each photo, in order.
    ///   - preferredBreaks: indices rows should start at where the tolerance allows
    ///     (`breakCost`). The optimal breaks after a change to the photos then meet
    ///     the old ones again at the first such index both go through: a page that stores its
    ///     rows in runs cut at these indices (AlbumCuts' chunks) rewrites only the runs near
    ///     the change.
    /// - Complexity: O(n).
    public init(width: Double, aspectRatios: [Double], options: Options = Options(), preferredBreaks: [Int] = []) throws(LayoutError) {
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
        var y = 0.0
        let breaks = Self.rowBreaks(width: width, aspectRatios: aspectRatios, options: options, preferredBreaks: preferredBreaks)
        for (row, (start, end)) in zip(breaks, breaks.dropFirst()).enumerated() {
            let sum = aspectRatios[start ..< end].reduce(0, +)
            let fit = (width - options.spacing * Double(end - start - 1)) / sum
            let last = row == breaks.count - 2
            // The last row: at the target height (or lower, if even that overflows), left-aligned.
            closeRow(start: start, end: end, height: last ? min(options.targetRowHeight, fit) : fit, y: &y, aspectRatios, stretch: !last || fit < options.targetRowHeight)
        }
    }

    /// What a full row `height` tall costs: its squared relative deviation from the target,
    /// and, outside the tolerance, more than any number of rows inside it could.
    static func rowCost(height: Double, options: Options) -> Double {
        let deviation = (height - options.targetRowHeight) / options.targetRowHeight
        let cost = deviation * deviation
        return abs(deviation) <= options.tolerance + 1e-12 ? cost : 1e9 * (1 + cost)
    }

    /// What the last row costs: nothing at the target height, which it keeps while it fits;
    /// a full row's cost when it must shrink to fit the width.
    static func lastRowCost(fit: Double, options: Options) -> Double {
        fit >= options.targetRowHeight ? 0 : rowCost(height: fit, options: options)
    }

    /// The first index of each row, then `aspectRatios.count`: the breaks of least total cost.
    /// A row from `i` grows while it stays at least target × (1 − tolerance) tall, and one photo
    /// more (the row below the band, for when nothing else fits).
    /// - Complexity: O(n · m), m the most photos a row can hold.
    static func rowBreaks(width: Double, aspectRatios: [Double], options: Options, preferredBreaks: [Int] = []) -> [Int] {
        let n = aspectRatios.count
        guard n > 0 else { return [0] }
        let lowest = options.targetRowHeight * (1 - options.tolerance)
        // preferredBefore[i]: how many preferred breaks are before index i. A row [start, end)
        // holds preferredBefore[end] − preferredBefore[start + 1] inside it.
        var preferred = [Bool](repeating: false, count: n)
        for index in preferredBreaks where (0 ..< n).contains(index) { preferred[index] = true }
        var preferredBefore = [0]
        preferredBefore.reserveCapacity(n + 1)
        for i in 0 ..< n { preferredBefore.append(preferredBefore[i] + (preferred[i] ? 1 : 0)) }
        var best = [Double](repeating: .infinity, count: n + 1)
        var from = [Int](repeating: 0, count: n + 1)
        best[0] = 0
        for start in 0 ..< n where best[start].isFinite {
            var sum = 0.0
            for end in start + 1 ... n {
                sum += aspectRatios[end - 1]
                let fit = (width - options.spacing * Double(end - start - 1)) / sum
                let held = Double(preferredBefore[end] - preferredBefore[start + 1]) * Self.breakCost
                let cost = best[start] + held + (end == n ? Self.lastRowCost(fit: fit, options: options) : Self.rowCost(height: fit, options: options))
                if cost < best[end] {
                    best[end] = cost
                    from[end] = start
                }
                if fit < lowest { break }
            }
        }
        var breaks = [n]
        while let last = breaks.last, last > 0 { breaks.append(from[last]) }
        return breaks.reversed()
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
