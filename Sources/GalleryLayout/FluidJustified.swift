/// Justified rows at any viewport width, still computed ahead of rendering: the rows span the
/// album grid's photos (`FluidMasonry`'s grid less a cell's padding on each side) at every
/// width, as the grid does.
///
/// - The viewport widths are cut into bands in which the rows' width grows by at most
///   `widthRatio`. A band's layout is one `JustifiedLayout` at the band's narrowest rows width
///   `R₀`; its breaks hold across the band.
/// - At a wider viewport of the band, with rows width `R`, the band's layout is drawn scaled by
///   `R / R₀`: every frame, gaps included. Rows still end exactly at the right edge, and no photo
///   changes its row, so nothing a visitor sees reflows inside a band.
/// - So that the rows are on target in the band's middle and stray little at its ends, a band's
///   layout aims at the target height and spacing times `√(R₀ / R₁)` (`R₁` the next band's
///   width): scaled across the band they go from about 0.91 to 1.1 times what is configured.
public struct FluidJustified: Sendable, Hashable {
    /// One range of viewport widths with one layout.
    public struct Band: Sendable, Hashable {
        /// Its position in `bands`.
        public var number: Int
        /// The narrowest viewport of the band (CSS px, whole); the band holds every width up to
        /// the next band's (the last one: every wider width).
        public var minimumViewportWidth: Double
        /// The rows' width at that viewport: the band's layout is computed at this width.
        public var rowWidth: Double
        /// What the band's layout is computed with: the configured options, target height and
        /// spacing scaled so that the band's middle is on target.
        public var options: JustifiedLayout.Options
    }

    /// Margins and cell padding: the rows span the grid's photos.
    public var grid: FluidMasonry
    /// The configured rows (target height, tolerance, spacing), as drawn in a band's middle.
    public var options: JustifiedLayout.Options
    public var widthRatio: Double
    public private(set) var bands: [Band] = []

    /// The defaults, which always make rows.
    public static let standard: FluidJustified = {
        do { return try FluidJustified(grid: .standard, options: JustifiedLayout.Options()) } catch { preconditionFailure("the default rows are valid: \(error)") }
    }()

    public init(grid: FluidMasonry, options: JustifiedLayout.Options, widthRatio: Double = 1.2) throws(LayoutError) {
        guard widthRatio.isFinite, widthRatio > 1 else { throw .invalidOption(name: "width ratio", value: widthRatio, allowed: "a finite number above 1") }
        self.grid = grid
        self.options = options
        self.widthRatio = widthRatio
        guard rowWidth(viewportWidth: grid.narrowestViewport) > 0 else { throw .invalidWidth(rowWidth(viewportWidth: grid.narrowestViewport)) }
        bands = makeBands()
    }

    /// The rows' width in a viewport this wide (scrollbar included, as `FluidMasonry`'s).
    public func rowWidth(viewportWidth: Double) -> Double {
        grid.gridWidth(viewportWidth: viewportWidth) - 2 * grid.cellPadding
    }

    /// The band that draws a viewport of this width.
    public func band(viewportWidth: Double) -> Band {
        bands.last { $0.minimumViewportWidth <= viewportWidth } ?? bands[0]
    }

    /// How much the band's layout is enlarged in a viewport this wide (one of the band's).
    public func scale(_ band: Band, viewportWidth: Double) -> Double {
        rowWidth(viewportWidth: viewportWidth) / band.rowWidth
    }

    /// Where a frame of the band's layout is drawn at `viewportWidth`, relative to the rows'
    /// top-left corner.
    public func frame(_ frame: LayoutRect, band: Band, viewportWidth: Double) -> LayoutRect {
        let scale = scale(band, viewportWidth: viewportWidth)
        return LayoutRect(x: frame.x * scale, y: frame.y * scale, width: frame.width * scale, height: frame.height * scale)
    }

    private func makeBands() -> [Band] {
        // Starts: whole viewport widths where the rows have grown by the ratio since the last.
        var starts = [grid.narrowestViewport.rounded(.down)]
        var viewport = starts[0]
        while viewport < grid.widestBandStart {
            viewport += 1
            if rowWidth(viewportWidth: viewport) >= rowWidth(viewportWidth: starts[starts.count - 1]) * widthRatio { starts.append(viewport) }
        }
        return starts.enumerated().map { number, start in
            let width = rowWidth(viewportWidth: start)
            // The last band has no end: it is centred as if it had a whole ratio's width.
            let next = number + 1 < starts.count ? rowWidth(viewportWidth: starts[number + 1]) : width * widthRatio
            let factor = (width / next).squareRoot()
            var options = options
            options.targetRowHeight *= factor
            options.spacing *= factor
            return Band(number: number, minimumViewportWidth: start, rowWidth: width, options: options)
        }
    }
}
