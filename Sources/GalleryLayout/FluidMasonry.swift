/// The masonry grid at any viewport width: columns that stretch to the page's edges, at least
/// `minimumColumns` of them, more as the window grows, with the configured column width as the
/// ideal (gestalt's "flexible" layout). Still computed ahead of rendering (see <doc:LayoutMath>):
///
/// - The viewport widths are cut into bands. In one band the column count is fixed and the
///   items' inner width `w` grows from the band's `innerWidth` by at most `widthRatio`.
/// - A band's layout is the masonry layout at its narrowest width: texts are broken into lines
///   there (and drawn in those lines at every width of the band, so they always fit), and each
///   item is given its column there.
/// - At a wider viewport of the band, every item keeps its column and its lines; photos grow
///   with the column. An item's y is then `photoTop × w / w₀ + (y₀ − photoTop)`: the photos
///   above it in its column scale, the texts and paddings above it do not (`frame(of:...)`).
///
/// Every width is CSS px of the viewport *including* a scrollbar (what media queries and `vw`
/// measure), so the page draws the same frames whether the browser shows one or not.
public struct FluidMasonry: Sendable, Hashable {
    /// One range of viewport widths with one layout.
    public struct Band: Sendable, Hashable {
        /// Its position in `bands`.
        public var number: Int
        public var columns: Int
        /// The narrowest viewport of the band (CSS px); the band holds every width up to the
        /// next band's (the last one: every wider width).
        public var minimumViewportWidth: Double
        /// Items' width at that viewport: the band's layout is computed, and its texts broken
        /// into lines, at this width.
        public var innerWidth: Double
    }

    /// The column width aimed for (`[look] column_width`): columns are at least this wide once
    /// the window holds `minimumColumns` of them.
    public var idealColumnWidth: Double
    public var gutter: Double
    public var cellPadding: Double
    /// Space on each side of the grid on wide windows (`pageMargin`), and as a fraction of the
    /// viewport on narrow ones, whichever is less: a phone's grid is ≥ 95 % of its width.
    public var pageMargin: Double
    public var marginFraction: Double
    public var minimumColumns: Int
    public var maximumColumns: Int
    /// How much wider than its texts' lines an item may be drawn before the next band starts.
    public var widthRatio: Double
    /// Bands are made from this viewport width (narrower windows get the first band, their
    /// lines a little wider than their items) up to `widestBandStart` (wider windows get the
    /// last band).
    public var narrowestViewport: Double
    public var widestBandStart: Double
    public private(set) var bands: [Band] = []

    /// The defaults, which always make a grid.
    public static let standard: FluidMasonry = {
        do { return try FluidMasonry() } catch { preconditionFailure("the default grid is valid: \(error)") }
    }()

    public init(idealColumnWidth: Double = MasonryOptions.defaultColumnWidth, gutter: Double = 0,
                cellPadding: Double = MasonryOptions.defaultCellPadding, pageMargin: Double = 16, marginFraction: Double = 0.025,
                minimumColumns: Int = 2, maximumColumns: Int = 8, widthRatio: Double = 1.2,
                narrowestViewport: Double = 300, widestBandStart: Double = 2560) throws(LayoutError) {
        for (name, value) in [("column width", idealColumnWidth), ("width ratio", widthRatio - 1), ("narrowest viewport", narrowestViewport)] {
            guard value.isFinite, value > 0 else { throw .invalidOption(name: name, value: value, allowed: "a finite number above 0") }
        }
        for (name, value) in [("gutter", gutter), ("padding", cellPadding), ("page margin", pageMargin), ("margin fraction", marginFraction)] {
            guard value.isFinite, value >= 0 else { throw .invalidOption(name: name, value: value, allowed: "a finite number, 0 or more") }
        }
        guard minimumColumns >= 1 else { throw .invalidColumnCount(minimumColumns) }
        guard maximumColumns >= minimumColumns else { throw .invalidColumnCount(maximumColumns) }
        guard marginFraction < 0.25, widestBandStart.isFinite, widestBandStart >= narrowestViewport else {
            throw .invalidOption(name: "margin fraction", value: marginFraction, allowed: "below 0.25")
        }
        self.idealColumnWidth = idealColumnWidth
        self.gutter = gutter
        self.cellPadding = cellPadding
        self.pageMargin = pageMargin
        self.marginFraction = marginFraction
        self.minimumColumns = minimumColumns
        self.maximumColumns = maximumColumns
        self.widthRatio = widthRatio
        self.narrowestViewport = narrowestViewport
        self.widestBandStart = widestBandStart
        guard innerWidth(viewportWidth: narrowestViewport) > 0 else {
            throw .columnsTooNarrow(columns: columns(viewportWidth: narrowestViewport), width: gridWidth(viewportWidth: narrowestViewport), padding: cellPadding)
        }
        bands = makeBands()
    }

    // MARK: - Geometry at a viewport width

    /// Space on each side of the grid.
    public func margin(viewportWidth: Double) -> Double { min(pageMargin, marginFraction * viewportWidth) }

    /// The grid's width: the viewport less the margins.
    public func gridWidth(viewportWidth: Double) -> Double { viewportWidth - 2 * margin(viewportWidth: viewportWidth) }

    /// As many columns of at least the ideal width as the grid holds, within the limits.
    public func columns(viewportWidth: Double) -> Int {
        let fitting = ((gridWidth(viewportWidth: viewportWidth) + gutter) / (idealColumnWidth + gutter)).rounded(.down)
        return min(maximumColumns, max(minimumColumns, Int(max(0, min(fitting, 1_000)))))
    }

    /// A column's width: the grid shared by the columns and the gutters between them.
    public func columnWidth(viewportWidth: Double) -> Double {
        columnWidth(gridWidth: gridWidth(viewportWidth: viewportWidth), columns: columns(viewportWidth: viewportWidth))
    }

    func columnWidth(gridWidth: Double, columns: Int) -> Double {
        (gridWidth - Double(columns - 1) * gutter) / Double(columns)
    }

    /// An item's width (photo and texts): the column less the padding on both sides.
    public func innerWidth(viewportWidth: Double) -> Double { columnWidth(viewportWidth: viewportWidth) - 2 * cellPadding }

    /// The band that draws a viewport of this width.
    public func band(viewportWidth: Double) -> Band {
        // Bands are few (about 16): a scan is as fast as a search.
        bands.last { $0.minimumViewportWidth <= viewportWidth } ?? bands[0]
    }

    /// The width of the grid a band's layout is computed at: its columns at the band's inner
    /// width, with the gutters.
    public func layoutWidth(_ band: Band) -> Double {
        Double(band.columns) * (band.innerWidth + 2 * cellPadding) + Double(band.columns - 1) * gutter
    }

    /// The options of a band's layout: its column count at its inner width.
    public func options(_ band: Band, annotationTopPadding: Double = 8, annotationBottomPadding: Double = 4,
                        placement: MasonryOptions.Placement = .shortest) -> MasonryOptions {
        MasonryOptions(columns: .width(band.innerWidth + 2 * cellPadding, gutter: gutter, minimum: band.columns), cellPadding: cellPadding,
                       annotationTopPadding: annotationTopPadding, annotationBottomPadding: annotationBottomPadding, placement: placement)
    }

    /// Where an item of a band's layout is drawn at `viewportWidth` (one of the band's),
    /// relative to the grid's top-left corner. The item was placed at the band's inner width
    /// `w₀` in `column` at `y`, under photos `photoTop` tall in its column, its photo
    /// `photoHeight` and the whole item `height` tall.
    public func frame(column: Int, y: Double, photoTop: Double, photoHeight: Double, height: Double,
                      band: Band, viewportWidth: Double) -> (frame: LayoutRect, photoHeight: Double) {
        let width = innerWidth(viewportWidth: viewportWidth)
        let scale = width / band.innerWidth
        let x = Double(column) * (width + 2 * cellPadding + gutter) + cellPadding
        let scaledPhoto = photoHeight * scale
        return (LayoutRect(x: x, y: y - photoTop + photoTop * scale, width: width, height: height - photoHeight + scaledPhoto), scaledPhoto)
    }

    // MARK: - Bands

    /// The narrowest viewport at or after `start` whose inner width is at least `target` with
    /// `columns` columns, or nil when the column count changes first.
    private func viewport(reaching target: Double, columns k: Int, from start: Double, before end: Double) -> Double? {
        // Inner width grows with the viewport while the column count holds: invert it, then
        // settle on whole px (media queries and windows are whole px).
        let grid = Double(k) * (target + 2 * cellPadding) + Double(k - 1) * gutter
        var candidate = (grid + 2 * pageMargin).rounded(.up)
        if marginFraction * candidate < pageMargin { candidate = (grid / (1 - 2 * marginFraction)).rounded(.up) }
        candidate = max(candidate, start + 1)
        while candidate > start + 1, innerWidth(viewportWidth: candidate - 1) >= target, columns(viewportWidth: candidate - 1) == k { candidate -= 1 }
        while innerWidth(viewportWidth: candidate) < target || columns(viewportWidth: candidate) != k {
            candidate += 1
            if candidate >= end || columns(viewportWidth: candidate) != k { return nil }
        }
        return candidate < end ? candidate : nil
    }

    /// The first whole viewport width after `start` with another column count, if below `limit`.
    private func nextColumnChange(after start: Double, limit: Double) -> Double {
        let k = columns(viewportWidth: start)
        guard k < maximumColumns else { return limit }
        // Where the grid holds k + 1 ideal columns, found from the formula, then settled on whole px.
        let grid = Double(k + 1) * (idealColumnWidth + gutter) - gutter
        var candidate = (grid + 2 * pageMargin).rounded(.down)
        if marginFraction * candidate < pageMargin { candidate = (grid / (1 - 2 * marginFraction)).rounded(.down) }
        candidate = max(candidate - 2, start + 1)
        while columns(viewportWidth: candidate) == k, candidate < limit { candidate += 1 }
        return min(candidate, limit)
    }

    private func makeBands() -> [Band] {
        var bands: [Band] = []
        var start = narrowestViewport.rounded(.down)
        while true {
            let k = columns(viewportWidth: start)
            let width = innerWidth(viewportWidth: start)
            bands.append(Band(number: bands.count, columns: k, minimumViewportWidth: start, innerWidth: width))
            let change = nextColumnChange(after: start, limit: widestBandStart)
            if let wider = viewport(reaching: width * widthRatio, columns: k, from: start, before: change) {
                start = wider
            } else if change < widestBandStart {
                start = change
            } else {
                return bands
            }
            if start >= widestBandStart { return bands }
        }
    }
}
