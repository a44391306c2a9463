import GalleryLayout

/// The album grid's bands as the style sheet draws them: the same formulas as `FluidMasonry`,
/// in CSS units, so the browser computes at each width what the engine does.
extension FluidMasonry {
    /// The grid's width: the viewport (`vw` counts a scrollbar, as the engine does) less the
    /// margins.
    var gridWidthCSS: String {
        "(100vw - 2 * min(\(HTML.px(pageMargin))px, \(HTML.factor(marginFraction * 100))vw))"
    }

    /// An item's width with `columns` columns.
    func innerWidthCSS(columns: Int) -> String {
        let gutters = Double(columns - 1) * gutter
        let grid = gutters > 0 ? "(\(gridWidthCSS) - \(HTML.px(gutters))px)" : gridWidthCSS
        return "calc(\(grid) / \(columns) - \(HTML.px(2 * cellPadding))px)"
    }

    /// A cell's value of `name` in band `band`: its own, else the band before's, and so on
    /// (`CellModel.BandField.changes`); `last` when it has none.
    func fallback(_ name: String, band: Int, last: String? = nil) -> String {
        var chain = last.map { "var(--\(name)0, \($0))" } ?? "var(--\(name)0)"
        guard band > 0 else { return chain }
        for b in 1 ... band { chain = "var(--\(name)\(b), \(chain))" }
        return chain
    }

    /// The media condition of a band: from its narrowest viewport on (later bands override).
    func mediaCondition(_ band: Band) -> String? {
        band.number == 0 ? nil : "(min-width: \(HTML.px(band.minimumViewportWidth))px)"
    }

    /// The media condition that holds in this band only.
    func onlyCondition(_ band: Band) -> String? {
        let next = band.number + 1 < bands.count ? bands[band.number + 1].minimumViewportWidth : nil
        switch (band.number == 0 ? nil : band.minimumViewportWidth, next) {
        case (nil, nil): return nil
        case (let low?, nil): return "(min-width: \(HTML.px(low))px)"
        case (nil, let high?): return "(width < \(HTML.px(high))px)"
        case (let low?, let high?): return "(\(HTML.px(low))px <= width < \(HTML.px(high))px)"
        }
    }

    /// `sizes` of a grid image: its width at each column count, widest windows first.
    var imageSizes: String { imageSizes(times: 1) }

    /// `sizes` of an image drawn `factor` times as wide as a grid image (a landscape cropped to
    /// a square card is as wide as its aspect ratio times the card).
    func imageSizes(times factor: Double) -> String {
        func width(_ columns: Int) -> String {
            factor == 1 ? innerWidthCSS(columns: columns) : "calc(\(innerWidthCSS(columns: columns)) * \(HTML.factor(factor)))"
        }
        var firstOf: [(columns: Int, from: Double)] = []
        for band in bands where firstOf.last?.columns != band.columns { firstOf.append((band.columns, band.minimumViewportWidth)) }
        var parts: [String] = []
        for (position, entry) in firstOf.enumerated().reversed() {
            parts.append(position == 0 ? width(entry.columns) : "(min-width: \(HTML.px(entry.from))px) \(width(entry.columns))")
        }
        return parts.joined(separator: ", ")
    }
}
