import GalleryLayout
import GalleryTestSupport
import Testing

@Suite("Fluid rows: justified rows fill every viewport width from bands of layouts")
struct FluidJustifiedTests {
    static let configurations: [FluidJustified] = [
        try! FluidJustified(grid: FluidMasonry(), options: JustifiedLayout.Options()),
        try! FluidJustified(grid: FluidMasonry(idealColumnWidth: 300, gutter: 12, cellPadding: 10, maximumColumns: 5),
                       options: JustifiedLayout.Options(targetRowHeight: 160, tolerance: 0.3, spacing: 4)),
        try! FluidJustified(grid: FluidMasonry(cellPadding: 0, pageMargin: 24), options: JustifiedLayout.Options(targetRowHeight: 300, spacing: 12),
                       widthRatio: 1.1),
    ]

    @Test("bands cover every whole width from 300 to 3840 px, each growing its rows by at most the ratio, centred on the target",
          arguments: configurations)
    func bandsCoverEveryWidth(rows: FluidJustified) {
        #expect(rows.bands.first?.minimumViewportWidth == 300)
        #expect(rows.bands.count >= 5 && rows.bands.count <= 30, "\(rows.bands.count) bands")
        for (number, band) in rows.bands.enumerated() {
            #expect(band.number == number)
            #expect(band.minimumViewportWidth == band.minimumViewportWidth.rounded())
            #expect(rows.rowWidth(viewportWidth: band.minimumViewportWidth) == band.rowWidth)
            // Scaled across the band, the rows' target is the configured one in its middle.
            let end = number + 1 < rows.bands.count ? rows.bands[number + 1].rowWidth : band.rowWidth * rows.widthRatio
            let middle = band.options.targetRowHeight * (end / band.rowWidth).squareRoot()
            #expect(abs(middle - rows.options.targetRowHeight) < 1e-9)
            #expect(abs(band.options.spacing / band.options.targetRowHeight - rows.options.spacing / rows.options.targetRowHeight) < 1e-12)
        }
        for width in stride(from: 300.0, through: 3840, by: 1) {
            let band = rows.band(viewportWidth: width)
            let scale = rows.scale(band, viewportWidth: width)
            #expect(scale >= 1 - 1e-12, "at \(width)")
            if width < rows.grid.widestBandStart { #expect(scale <= rows.widthRatio + 1e-9, "at \(width): scale \(scale)") }
        }
    }

    @Test("at every few px from 300 to 2600, the band's rows scaled: full rows end at the rows' width, nothing overlaps, heights near the target",
          arguments: [1, 2, 3] as [UInt64])
    func scaledRowsFill(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let rows = Self.configurations[Int(seed) % Self.configurations.count]
        // Camera, phone, square and panorama shapes.
        let shapes = [1.5, 4.0 / 3, 16.0 / 9, 0.75, 2.0 / 3, 1, 3.2]
        let aspects = (0 ..< 300).map { _ in shapes[Int(rng.next() % UInt64(shapes.count))] * (0.9 + Double(rng.next() % 200) / 1000) }
        let layouts = try rows.bands.map { try JustifiedLayout(width: $0.rowWidth, aspectRatios: aspects, options: $0.options) }
        let target = rows.options.targetRowHeight, tolerance = rows.options.tolerance
        for width in stride(from: 300.0, through: 2600, by: 7) {
            let band = rows.band(viewportWidth: width)
            let rowWidth = rows.rowWidth(viewportWidth: width)
            let frames = aspects.indices.map { rows.frame(layouts[band.number].attributes(at: $0)!.frame, band: band, viewportWidth: width) }
            var byRow: [Double: [LayoutRect]] = [:]
            for frame in frames { byRow[frame.y, default: []].append(frame) }
            let tops = byRow.keys.sorted()
            for (position, top) in tops.enumerated() {
                let row = byRow[top]!.sorted { $0.x < $1.x }
                #expect(abs(row[0].x) < 1e-9, "at \(width): a row starts at \(row[0].x)")
                // Gaps scale with the band, within the ratio's square root of the configured spacing.
                for (a, b) in zip(row, row.dropFirst()) {
                    let gap = b.x - (a.x + a.width)
                    #expect(gap > 0 && abs(gap / rows.options.spacing - 1) <= (rows.widthRatio * 1.01).squareRoot() - 1, "at \(width): gap \(gap)")
                }
                let last = position == tops.count - 1
                if !last {
                    #expect(abs(row.last!.x + row.last!.width - rowWidth) < 1e-6, "at \(width): a row ends at \(row.last!.x + row.last!.width) of \(rowWidth)")
                    // A row the band's layout could keep within the tolerance of its target is
                    // drawn within it too, widened by the band's swing about the target (rows
                    // with no break in the band, a panorama on a narrow page, stray anyway).
                    let number = band.number
                    let end = number + 1 < rows.bands.count ? rows.bands[number + 1].rowWidth : band.rowWidth * rows.widthRatio
                    // The band's own ratio: the ratio, or a whole px more.
                    let swing = (end / band.rowWidth).squareRoot()
                    #expect(swing <= (rows.widthRatio * (1 + 1 / band.rowWidth)).squareRoot())
                    let computed = row[0].height / rows.scale(band, viewportWidth: width)
                    if abs(computed / band.options.targetRowHeight - 1) <= tolerance + 1e-9 {
                        #expect(row[0].height >= target * (1 - tolerance) / swing - 1e-9 && row[0].height <= target * (1 + tolerance) * swing + 1e-9,
                                "at \(width): a row \(row[0].height) px tall")
                    }
                } else {
                    #expect(row.last!.x + row.last!.width <= rowWidth + 1e-6)
                }
                if position > 0 {
                    let above = byRow[tops[position - 1]]![0]
                    #expect(top - (above.y + above.height) > 0, "at \(width): rows overlap")
                }
            }
        }
    }
}
