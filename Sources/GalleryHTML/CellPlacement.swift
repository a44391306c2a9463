/// Where a cell lies in one band's layout of the album grid (`FluidMasonry`), and its texts'
/// lines there. At a viewport of the band with inner width `w` (the band's own: `w₀`) the cell
/// is drawn at x = column × (w + 2 padding + gutter) + padding and
/// y = photoTop × w / w₀ + (y₀ − photoTop), its photo `w / aspect ratio` tall.
struct CellPlacement: Sendable, Hashable {
    var column: Int
    /// y at the band's inner width.
    var y: Double
    /// The photos above it in its column, at the band's inner width.
    var photoTop: Double
    var captionHeight: Double
    var commentHeight: Double
    /// Where the caption's and the comment's lines begin at the band's inner width (UTF-8
    /// offsets): the page sets them in exactly these lines at every width of the band.
    var captionLineStarts: [Int]
    var commentLineStarts: [Int]

    /// The photo's share of `y` per px of inner width, and the rest: y = scale × w + offset.
    func yTerms(innerWidth: Double) -> (scale: Double, offset: Double) {
        (photoTop / innerWidth, y - photoTop)
    }
}
