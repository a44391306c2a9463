import GalleryConfig
import GalleryLayout

/// The gallery pages' geometry: the grid's ideal column width, padding, margins and gutters
/// (drawn at every width by `fluid`), the rows' (`justified`), and the other views' sizes.
/// Everything the CSS and the layouts must agree on is here.
public struct SiteGeometry: Sendable {
    /// Column width: 236 px photos and text plus 8 px padding on each side.
    public var columnWidth: Double = MasonryOptions.defaultColumnWidth
    public var cellPadding: Double = MasonryOptions.defaultCellPadding
    /// Space kept free on each side of the grid.
    public var pageMargin: Double = 16
    /// The most columns a page offers (2,048 px windows and wider show this many).
    public var maximumColumns: Int = 8
    /// Space between columns (`[look] gutter`).
    public var gutter: Double = 0

    public init() {}

    /// The grid `[look]` asks for: column width, padding, gutter, most columns.
    public init(_ configuration: GalleryConfiguration) {
        columnWidth = configuration.look.columnWidth
        cellPadding = configuration.look.cellPadding
        gutter = configuration.look.gutter
        maximumColumns = configuration.look.maxColumns
    }

    public var innerWidth: Double { columnWidth - 2 * cellPadding }

    /// The album grid at every viewport width: columns that stretch to the edges, the column
    /// width the ideal (`FluidMasonry`). `[look]` is checked when read, so every configuration
    /// gives one; the defaults stand in for a geometry set by hand out of range.
    public var fluid: FluidMasonry {
        (try? FluidMasonry(idealColumnWidth: columnWidth, gutter: gutter, cellPadding: cellPadding, pageMargin: pageMargin,
                           minimumColumns: min(2, max(1, maximumColumns)), maximumColumns: max(1, maximumColumns)))
            ?? FluidMasonry.standard
    }

    /// Thumbnail widths in the grid, 1×, 2× and 3× of the default inner width; the large
    /// view's long side (about: JPEGs take the nearest size libjpeg's DCT scaling makes, see
    /// Thumbnailer.largeSize). The grid's `srcset` lists them and the large view, so a phone's
    /// 3× screen gets its pixels and a desktop no more than it shows.
    ///
    /// Fixed at Pinterest's 236, twice and three times that, whatever `[look]` says of the
    /// columns: images depend on the photo alone, so a change of grid or fonts re-lays out and
    /// encodes no image.
    public var thumbnailWidths: [Int] { Self.gridImageWidths }
    public static let gridImageWidths = [236, 472, 708]

    /// The grid widths a photo `displayWidth` px wide gets: 1× and 2× always (the layout's
    /// and every page's image), wider ones only from a photo that has those pixels (the large
    /// view stands in for the others: it is the photo's own size when that is smaller).
    public func thumbnailWidths(displayWidth: Int) -> [Int] {
        thumbnailWidths.enumerated().filter { $0.offset < 2 || $0.element <= displayWidth }.map(\.element)
    }
    public var largeLongSide = 1600

    // MARK: The other views of an album

    /// Justified rows: the row height aimed for, and the space between photos.
    public var justifiedOptions = JustifiedLayout.Options(targetRowHeight: 220, tolerance: 0.25, spacing: 8)

    /// The justified view at every viewport width: rows that span the grid's photos (`FluidJustified`).
    public var justified: FluidJustified {
        (try? FluidJustified(grid: fluid, options: justifiedOptions)) ?? FluidJustified.standard
    }

    /// The spinning wheel: the seed's proportions (133 × 173 on a radius of 500), at 1.5×.
    public var wheelItem = LayoutSize(width: 200, height: 260)
    public var wheelRadius: Double = 750

    /// The carousel's cards and the space between them, at rest and around the focused card.
    public var carouselItem = LayoutSize(width: 300, height: 400)
    public var carouselSpacing: Double = 16
    public var carouselFocusedSpacing: Double = 64

    /// The circle: the seed's 100 × 100 items (a little larger), its insets, and how many
    /// photos it shows (a circle of hundreds is a blur).
    public var circleItem = LayoutSize(width: 110, height: 110)
    public var circleInset: Double = 8
    public var circleMaximumItems = 48
    /// How far apart the circle's photos stay, shown fewer and smaller on a small screen
    /// (`CircleLayout.init(fitting:)`): WCAG 2.2's target size for a finger.
    public var circleTargetSpacing: Double = 24
}
