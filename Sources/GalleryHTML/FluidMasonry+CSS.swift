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
    ///
    /// `innerWidthCSS` without `min()`: WebKit (WebKitGTK 2.50, as Safari) reads no `min()`,
    /// `max()` or `clamp()` in `sizes` and takes the whole viewport instead, so it fetched the
    /// large image for every cell. The margin's two cases (a fraction of the viewport on
    /// narrow screens, then a fixed length) are two entries instead. Written short, too: it is
    /// on every cell of every page without script, 87,000 times on a 10,000-photo site, so each
    /// width is written as a·vw − b px, the grid's arithmetic done here (to 1/10,000 vw, under
    /// 1/400 px on the widest screens: `sizes` only chooses a source).
    func imageSizes(times factor: Double) -> String {
        // The margin is the fraction of the viewport below this width, the fixed length from it.
        let fixedFrom = marginFraction > 0 ? pageMargin / marginFraction : .infinity
        func width(_ columns: Int, fixedMargin: Bool) -> String {
            // (100vw − margins − gutters) / columns − 2 × padding, times the factor.
            let k = Double(columns), gutters = Double(columns - 1) * gutter
            let viewport = (fixedMargin ? 100 : 100 - 2 * marginFraction * 100) / k * factor
            let length = ((fixedMargin ? 2 * pageMargin : 0) + gutters) / k * factor + 2 * cellPadding * factor
            return "calc(\(HTML.factor(HTML.rounded(viewport, digits: 4)))vw - \(HTML.px(length))px)"
        }
        // From which viewport width each column count holds, and where the margin turns fixed.
        var runs: [(from: Double, columns: Int, fixedMargin: Bool)] = []
        for band in bands where runs.last?.columns != band.columns {
            runs.append((band.minimumViewportWidth, band.columns, band.minimumViewportWidth >= fixedFrom))
        }
        if let within = runs.lastIndex(where: { $0.from < fixedFrom }), fixedFrom.isFinite,
           within + 1 == runs.count || runs[within + 1].from > fixedFrom {
            runs.insert((fixedFrom, runs[within].columns, true), at: within + 1)
        }
        var parts: [String] = []
        for (position, run) in runs.enumerated().reversed() {
            let size = width(run.columns, fixedMargin: run.fixedMargin)
            parts.append(position == 0 ? size : "(min-width:\(HTML.px(run.from))px) \(size)")
        }
        return parts.joined(separator: ",")
    }
}
