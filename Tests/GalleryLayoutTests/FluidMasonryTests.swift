import GalleryLayout
import GalleryTestSupport
import Testing

@Suite("Fluid masonry: the grid fills every viewport width from bands of layouts")
struct FluidMasonryTests {
    static let configurations: [FluidMasonry] = [
        try! FluidMasonry(),
        try! FluidMasonry(idealColumnWidth: 300, gutter: 12, cellPadding: 10, maximumColumns: 5),
        try! FluidMasonry(idealColumnWidth: 180, gutter: 0, cellPadding: 4, pageMargin: 24, maximumColumns: 10, widthRatio: 1.1),
    ]

    @Test("at every whole width from 300 to 3840 px: the band's column count, lines that fit, ≥ 2 columns and ≥ 94 % filled from 320 px",
          arguments: configurations)
    func bandsCoverEveryWidth(fluid: FluidMasonry) {
        #expect(fluid.bands.count <= 40, "\(fluid.bands.count) bands")
        #expect(fluid.bands.first?.minimumViewportWidth == 300)
        for (number, band) in fluid.bands.enumerated() { #expect(band.number == number) }
        for width in stride(from: 300.0, through: 3840, by: 1) {
            let band = fluid.band(viewportWidth: width)
            let inner = fluid.innerWidth(viewportWidth: width)
            #expect(band.columns == fluid.columns(viewportWidth: width), "at \(width)")
            // The band's lines were broken at its inner width: they fit at every wider one.
            #expect(inner >= band.innerWidth - 1e-9, "at \(width): \(inner) < \(band.innerWidth)")
            if width < fluid.widestBandStart {
                #expect(inner <= band.innerWidth * fluid.widthRatio + 1e-9, "at \(width): \(inner) vs \(band.innerWidth)")
            }
            if width >= 320 {
                #expect(fluid.columns(viewportWidth: width) >= 2)
                #expect(fluid.gridWidth(viewportWidth: width) >= 0.94 * width, "at \(width)")
            }
            // Columns are the ideal width or wider once two fit.
            if fluid.columns(viewportWidth: width) > fluid.minimumColumns, fluid.columns(viewportWidth: width) < fluid.maximumColumns {
                #expect(fluid.columnWidth(viewportWidth: width) >= fluid.idealColumnWidth - 1e-9)
            }
        }
        // A band starts on a whole px, where its inner width is the one it was made for.
        for band in fluid.bands {
            #expect(band.minimumViewportWidth == band.minimumViewportWidth.rounded())
            #expect(fluid.innerWidth(viewportWidth: band.minimumViewportWidth) == band.innerWidth)
        }
    }

    @Test("a band's layout drawn at any of its widths: every item keeps its column and texts, photos scale, nothing overlaps",
          arguments: [1, 2, 3] as [UInt64])
    func reflowStacksItems(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let fluid = Self.configurations[Int(seed) % Self.configurations.count]
        let items = randomItems(400, &rng)
        for band in fluid.bands {
            let layout = try MasonryLayout(width: fluid.layoutWidth(band), items: items, options: fluid.options(band))
            #expect(layout.columnCount == band.columns)
            #expect(abs(layout.innerWidth - band.innerWidth) < 1e-9)
            // The photos above each item in its column, at the band's width.
            var tops = [Double](repeating: 0, count: band.columns)
            var placed: [(column: Int, y: Double, photoTop: Double, photoHeight: Double, height: Double)] = []
            for index in items.indices {
                let attributes = try #require(layout.attributes(at: index))
                let column = try #require(attributes.column)
                placed.append((column, attributes.frame.y, tops[column], attributes.photoHeight ?? 0, attributes.frame.height))
                tops[column] += attributes.photoHeight ?? 0
            }
            let end = fluid.bands.count > band.number + 1 ? fluid.bands[band.number + 1].minimumViewportWidth : band.minimumViewportWidth + 300
            for viewport in [band.minimumViewportWidth, (band.minimumViewportWidth + end) / 2, end - 1] {
                let width = fluid.innerWidth(viewportWidth: viewport)
                // Stacked again by hand at this width: padding, photo, texts, padding.
                var bottoms = [Double](repeating: 0, count: band.columns)
                for (index, item) in items.enumerated() {
                    let drawn = fluid.frame(column: placed[index].column, y: placed[index].y, photoTop: placed[index].photoTop,
                                            photoHeight: placed[index].photoHeight, height: placed[index].height, band: band, viewportWidth: viewport)
                    let column = placed[index].column
                    let photo = width / item.aspectRatio
                    let height = photo + 8 + item.captionHeight + item.commentHeight + 4
                    let expected = LayoutRect(x: Double(column) * (width + 2 * fluid.cellPadding + fluid.gutter) + fluid.cellPadding,
                                              y: bottoms[column] + fluid.cellPadding, width: width, height: height)
                    bottoms[column] += height + 2 * fluid.cellPadding
                    for (a, b) in [(drawn.frame.x, expected.x), (drawn.frame.y, expected.y), (drawn.frame.width, expected.width),
                                   (drawn.frame.height, expected.height), (drawn.photoHeight, photo)] {
                        #expect(abs(a - b) < 1e-6 * max(1, abs(b)), "band \(band.number) at \(viewport), item \(index): \(a) vs \(b)")
                    }
                    // The grid is exactly as wide as the columns.
                    #expect(drawn.frame.x + drawn.frame.width + fluid.cellPadding <= fluid.gridWidth(viewportWidth: viewport) + 1e-6)
                }
            }
        }
    }

    @Test("phones get two columns that reach the edges")
    func phones() throws {
        let fluid = try FluidMasonry()
        for (width, columns) in [(320.0, 2), (360, 2), (390, 2), (430, 2), (600, 2), (768, 2), (820, 3), (1024, 3), (1280, 4), (1920, 7), (2560, 8)] {
            #expect(fluid.columns(viewportWidth: width) == columns, "at \(width)")
        }
        #expect(fluid.margin(viewportWidth: 390) == 9.75)
        #expect(fluid.gridWidth(viewportWidth: 390) == 370.5)
        #expect(fluid.innerWidth(viewportWidth: 390) == 370.5 / 2 - 16)
        #expect(throws: LayoutError.self) { try FluidMasonry(cellPadding: 80) }
        #expect(throws: LayoutError.self) { try FluidMasonry(minimumColumns: 3, maximumColumns: 2) }
    }
}
