import GalleryLayout

/// The justified view's bands as the style sheet draws them: the same formulas as `FluidJustified`, in
/// CSS units.
extension FluidJustified {
    /// The rows' width: the grid's (`FluidMasonry.gridWidthCSS`) less a cell's padding on each
    /// side, so the rows span what the grid's photos span.
    var rowWidthCSS: String {
        "(\(grid.gridWidthCSS) - \(HTML.px(2 * grid.cellPadding))px)"
    }

    /// The media condition of a band: from its narrowest viewport on (later bands override).
    func mediaCondition(_ band: Band) -> String? {
        band.number == 0 ? nil : "(min-width: \(HTML.px(band.minimumViewportWidth))px)"
    }
}
