import Foundation
import GalleryLayout

/// The album's other views. Justified rows are laid out here, one layout per band of viewport
/// widths (`FluidJustified`), picked by media queries and drawn scaled to the rows' width shown, as
/// the masonry grid's bands are. The wheel, the carousel and the circle depend on the window's
/// size and the scroll offset: their positions are CSS from the engine's numbers (container
/// units carry the window's size), and the part CSS cannot carry (the wheel's turn and culling,
/// the carousel's focus spacing) is `gallery.js`, which repeats the engine's formulas term for
/// term; browser tests compare both with the engine.
extension PageRenderer {
    /// What the justified page needs of the album's justified layouts: per band (entry b) the
    /// frames of the photos the page writes, at the band's rows width. Their heights and how
    /// many photos they place are in the album's heights' style sheet (`AlbumData.heightsStyle`).
    struct JustifiedLayouts {
        var frames: [[Int: (x: Double, y: Double, width: Double, height: Double)]]
    }

    /// The justified page: like the masonry page, its first screenful as HTML and, with `data`
    /// (the justified index), the rest drawn near the viewport by the script. Frames are written as
    /// numbers (px at the band's rows width); the style sheet scales them (`--rs`). `sizes`: the
    /// album's heights' style sheet, which holds the rows' heights and the subtitle (here and in
    /// the other views), so that photos added after its first screen leave the page as it is.
    func justifiedPage(title: String, links: AlbumLinks, cells: [CellModel], layouts: JustifiedLayouts, data: String, sizes: String) -> String {
        var html = opening(.justified, title: title, links: links, sizes: sizes, mainClass: nil, scripts: [data])
        html += "<div class=\"justified\" data-layout=\"\(HTML.escape(data))\">\n"
        let box = rowImageBox
        for cell in cells {
            var attributes = ""
            var style = ""
            for (band, frames) in layouts.frames.enumerated() {
                guard let frame = frames[cell.index] else { continue }
                let values = [frame.x, frame.y, frame.width, frame.height].map(HTML.px)
                attributes += " data-frame-\(band)=\"\(values.joined(separator: ","))\""
                style += "--x\(band):\(values[0]);--y\(band):\(values[1]);--w\(band):\(values[2]);--h\(band):\(values[3]);"
            }
            html += markup.item(cell, in: ("justified-item", cell.index, attributes, style, cell.index < 12, box)) + "\n"
        }
        html += "</div>\n</main>\n"
        return html + lightbox(listed: links.isListed) + foot()
    }

    /// Cards a wheel or carousel page writes as HTML; the script keeps a window of this many
    /// around the current card and makes the others from the data files (`data`, the album's
    /// masonry index) as the view turns.
    static let cardWindow = 40

    /// How many cards the wheel page writes for an album of `count` photos: the cards of the
    /// wheel's first turn (gallery.js keeps less than half a turn either side of the current
    /// card when the wheel turns more than once).
    func wheelCardsWritten(count: Int) -> Int {
        let anglePerItem = atan(geometry.wheelItem.width / geometry.wheelRadius)
        let halfTurn = max(1, Int((Double.pi / anglePerItem).rounded(.down)) - 1)
        return Double(count) * anglePerItem <= 2 * Double.pi ? count : min(count, Self.cardWindow, halfTurn + 1)
    }

    /// - Parameters:
    ///   - count: the album's photos.
    ///   - cells: its first cells, at least `wheelCardsWritten(count:)`.
    ///   - sizes: the album's heights' style sheet, which says how many photos the wheel turns
    ///     through (`--n`, `--gaps`).
    func wheelPage(title: String, links: AlbumLinks, count: Int, cells: [CellModel], data: String, sizes: String) -> String {
        let size = geometry.wheelItem, radius = geometry.wheelRadius
        // What CSS cannot compute, from the engine: the anchor (the hub below each card).
        let engine = try? WheelLayout(count: count, itemSize: size, radius: radius, viewport: LayoutSize(width: 1, height: 1))
        let anchor = engine?.anchorPoint ?? LayoutPoint(x: 0.5, y: 0.5)
        // Snap points where the engine's targetContentOffset rests: whole items of angle,
        // i × (contentWidth − viewportWidth) / (n − 1) (`.wheel .snap`, from --i, --n, --iw, --gaps).
        var html = opening(.wheel, title: title, links: links, sizes: sizes, scripts: [data])
        let shown = cells.prefix(wheelCardsWritten(count: count))
        html += "<div class=\"wheel\" tabindex=\"0\" role=\"region\" aria-label=\"\(HTML.escape(words.label("Scroll sideways to turn the wheel")))\" data-layout=\"\(HTML.escape(data))\" data-item-width=\"\(HTML.px(size.width))\" data-item-height=\"\(HTML.px(size.height))\" data-radius=\"\(HTML.px(radius))\" "
        html += "style=\"--iw:\(HTML.px(size.width))px;--ih:\(HTML.px(size.height))px;--origin-x:\(HTML.px(anchor.x * 100))%;--origin-y:\(HTML.px(anchor.y * 100))%\">\n"
        html += "<div class=\"wheel-track\" data-snaps>"
        for index in shown.indices {
            html += "<span class=\"snap\" data-index=\"\(index)\" style=\"--i:\(index)\"></span>"
        }
        html += "\n<div class=\"wheel-stage\" data-cards>\n"
        for (index, cell) in shown.enumerated() {
            html += markup.item(cell, in: ("wheel-item", index, "", "", index < 10, size)) + "\n"
        }
        html += "</div>\n</div>\n</div>\n</main>\n"
        return html + lightbox(listed: links.isListed) + foot()
    }

    /// - Parameters:
    ///   - count: the album's photos.
    ///   - cells: its first cells, at least `cardWindow` of them.
    ///   - sizes: the album's heights' style sheet, which says how many photos the carousel
    ///     holds (`--n`) and how wide they are (`--content`: `carouselContentWidth`).
    func carouselPage(title: String, links: AlbumLinks, cells: [CellModel], data: String, sizes: String) -> String {
        let size = geometry.carouselItem
        let pitch = size.width + geometry.carouselSpacing
        var html = opening(.carousel, title: title, links: links, sizes: sizes, scripts: [data])
        html += "<div class=\"carousel\" tabindex=\"0\" role=\"region\" aria-label=\"\(HTML.escape(words.label("Scroll sideways through the photos")))\" data-layout=\"\(HTML.escape(data))\" data-item-width=\"\(HTML.px(size.width))\" data-item-height=\"\(HTML.px(size.height))\" "
        html += "data-spacing=\"\(HTML.px(geometry.carouselSpacing))\" data-focused-spacing=\"\(HTML.px(geometry.carouselFocusedSpacing))\" "
        html += "style=\"--iw:\(HTML.px(size.width))px;--ih:\(HTML.px(size.height))px;--pitch:\(HTML.px(pitch))px\">\n"
        html += "<div class=\"carousel-track\" data-cards data-snaps>\n"
        for (index, cell) in cells.prefix(Self.cardWindow).enumerated() {
            // The snap point is a box of its own at the untransformed frame: the card moves
            // with the focus spacing, the point where scrolling rests must not.
            html += "<span class=\"snap\" data-index=\"\(index)\" style=\"--i:\(index)\"></span>"
            html += markup.item(cell, in: ("carousel-item", index, "", "--i:\(index)", index < 6, size)) + "\n"
        }
        html += "</div>\n</div>\n</main>\n"
        return html + lightbox(listed: links.isListed) + foot()
    }

    /// - Parameters:
    ///   - count: the album's photos.
    ///   - cells: its first cells, at least `circleMaximumItems` of them.
    ///   - sizes: the album's heights' style sheet (the subtitle).
    func circlePage(title: String, links: AlbumLinks, count: Int, cells: [CellModel], sizes: String) -> String {
        let size = geometry.circleItem, inset = geometry.circleInset
        let shown = Array(cells.prefix(geometry.circleMaximumItems))
        let note = shown.count < count ? " · the first \(shown.count) in the circle" : ""
        var html = opening(.circle, title: title, links: links, sizes: sizes, note: note)
        html += "<div class=\"circle\" data-item-width=\"\(HTML.px(size.width))\" data-item-height=\"\(HTML.px(size.height))\" data-inset=\"\(HTML.px(inset))\" "
        html += "data-spacing=\"\(HTML.px(geometry.circleTargetSpacing))\" data-maximum=\"\(geometry.circleMaximumItems)\" style=\"--count:\(shown.count)\">\n"
        // Item i at angle 2πi/n of the n shown; how many are shown, their size, the radius and
        // the centre come from the container's size (the style sheet's `.circle-item`:
        // CircleLayout's formulas in calc() and container queries), so the circle re-forms when
        // the window is resized.
        for (index, cell) in shown.enumerated() {
            html += markup.item(cell, in: ("circle-item", index, "", "--i:\(index)", true, size)) + "\n"
        }
        html += "</div>\n</main>\n"
        return html + lightbox(listed: links.isListed) + foot()
    }

    /// The page up to the view's content: head, header with the views nav, and `<main>`.
    /// A view's head and header, the album's subtitle written by its heights' style sheet
    /// (`sizes`), then `note`.
    private func opening(_ view: LayoutKind, title: String, links: AlbumLinks, sizes: String, note: String = "", mainClass: String? = "viewport-main",
                         scripts: [String] = []) -> String {
        head(title: title + " · " + (words.views[view] ?? view.title), page: SiteFileName.album(stem: links.stem, .page(view)).name, scripts: scripts,
             styles: [sizes], noindex: !links.isListed, feed: (links.feed, title))
            + header(title: title, subtitle: nil, note: note, links: links, current: view)
            + (mainClass.map { "<main class=\"\($0)\">\n" } ?? "<main>\n")
    }

    /// The carousel's content width for `count` photos (`CarouselLayout.contentSize`), which its
    /// page's track is as wide as (`--content`).
    func carouselContentWidth(count: Int) -> Double {
        let engine = try? CarouselLayout(count: count, itemSize: geometry.carouselItem, spacing: geometry.carouselSpacing,
                                         focusedSpacing: geometry.carouselFocusedSpacing, viewport: LayoutSize(width: 1, height: 1))
        return engine?.contentSize.width ?? 0
    }

    /// A row item's box, for its image's `sizes`: rows are drawn up to the band's swing above
    /// the target height (`FluidJustified`), as wide as their photo.
    var rowImageBox: LayoutSize {
        // Rounded as the justified index gives it to gallery.js, so both write the same `sizes`.
        LayoutSize(width: 0, height: HTML.rounded(geometry.justified.options.targetRowHeight * geometry.justified.widthRatio.squareRoot()))
    }
}
