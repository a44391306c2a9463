import GalleryJSON
import GalleryLayout

/// A photo's markup, written here only: its masonry cell and its item in the other views.
///
/// A page writes its first cells with their place on it (`Placed`). The data files carry the
/// same markup without that place (`AlbumData.Cell`), and the page script inserts it and adds
/// the place (gallery-3-album.js `galleryMakeCell`, `galleryMakeItem`): the script never makes
/// a cell of its own, so a badge, a label or an image's `srcset` has one rule.
struct CellMarkup {
    let words: SiteWords
    /// The album grid's bands: the grid images' `sizes` and each cell's place in every band.
    let fluid: FluidMasonry

    /// A Live Photo's mark on its cell and in the lightbox: rings and "LIVE", as Photos shows it
    /// (not translated: Photos writes it so in every language).
    static let liveMark = "LIVE"

    /// Where a cell stands in a page's list of photos: what the script sets on the cells it
    /// adds (its index, its place in the list and in every band, the grid images' `sizes`), and
    /// what only a page's first cells have (an image loaded at once). An album page's cells carry
    /// no `aria-setsize`: the album's count is not in its page (`PageRenderer.albumPage`), the
    /// script sets it.
    struct Placed {
        var position: Int
        /// Whether it is laid out in the flow of a plain page's grid
        /// (`PageRenderer.GridContent.data` nil) rather than at its place in every band: then it
        /// carries no place and its texts no measured lines (the browser wraps them at the
        /// column's width). Those were half of a cell's bytes on the pages most of a site was
        /// made of, for visitors without script, on whose page nothing moves.
        var isInFlow = false
    }

    /// The masonry cell; `placed` nil for a data file's copy.
    func cell(_ cell: CellModel, placed: Placed?) -> String {
        // The id makes PAGE#photo-ID a deep link the browser follows by itself. The cell is
        // the list item; the link inside it keeps its own role for screen readers.
        var attributes = "id=\"photo-\(cell.photoID)\" data-photo-id=\"\(cell.photoID)\""
        if let placed, !placed.isInFlow {
            attributes += " data-index=\"\(cell.index)\" role=\"listitem\" aria-posinset=\"\(placed.position)\""
        } else if placed != nil {
            // A plain page lists all its photos: the browser counts them itself.
            attributes += " role=\"listitem\""
        }
        // A data file's copy gets its index, role and place in the list from the script.
        attributes += " data-kind=\"\(cell.kind.rawValue)\""
        if let duration = cell.duration { attributes += " data-duration=\"\(HTML.px(duration))\"" }
        attributes += Self.metadataAttributes(cell)
        // Its place in every band (CellPlacement); the style sheet picks the band's and draws
        // it at the width shown.
        var style = "--ar:\(HTML.number(cell.aspectRatio))"
        // The image's colour until it loads (gallery.css `.cell .photo`), in the style the
        // cell has anyway: 17 bytes shorter than a style of the image's own, in every copy.
        if let color = cell.placeholderColor { style += ";--bg:" + color }
        if let placed, !placed.isInFlow {
            for field in cell.bandFields(fluid) {
                for (band, value) in field.changes {
                    style += ";--\(field.name)\(band):" + (field.isLength ? HTML.px(value) + "px" : HTML.number(value))
                }
            }
        }
        let alt = alternativeText(cell)
        var inner: String
        if let thumbnails = cell.thumbnails, let first = thumbnails.first, let srcset = cell.srcset {
            // The first screen loads at once; the rest when scrolled near.
            let loading = placed != nil && cell.index < 8 ? "eager" : "lazy"
            // The grid's `sizes` is the page's (a data file's copy leaves it to the script,
            // which has it once in the album's index); a plain page's images are never drawn
            // wider than the first grid image, chosen by density.
            let sizes = placed.map { $0.isInFlow ? "" : " sizes=\"\(fluid.imageSizes)\"" } ?? ""
            let candidates = placed?.isInFlow == true ? cell.densitySrcset ?? srcset : srcset
            inner = "<img class=\"photo\" src=\"\(HTML.escape(first.url))\" srcset=\"\(candidates)\"\(sizes) width=\"\(first.width)\" height=\"\(cell.intrinsicHeight)\" alt=\"\(alt)\" loading=\"\(loading)\" decoding=\"async\">"
        } else {
            inner = "<div class=\"photo placeholder\" role=\"img\" aria-label=\"\(HTML.escape(words.photoUnavailable))\" title=\"\(HTML.escape(cell.failure ?? ""))\">\(placeholderText(cell))</div>"
        }
        if cell.kind == .video {
            // A play mark and the length over the photo's corner (gallery.css `.media-badge`).
            inner += "<span class=\"media-badge\" aria-hidden=\"true\">\(cell.duration.map(HTML.durationText) ?? "")</span>"
        } else if cell.kind == .live, cell.motion != nil {
            inner += "<span class=\"media-badge live-badge\" aria-hidden=\"true\">\(Self.liveMark)</span>"
        }
        inner += "<div class=\"annotation\">"
        for (name, text, starts) in [
            ("caption", cell.caption, cell.placements.map(\.captionLineStarts)),
            ("comment", cell.comment, cell.placements.map(\.commentLineStarts)),
        ] where !text.isEmpty {
            // Set in each band's measured lines (a <br> per break, shown in its bands), the
            // box as tall as the band's layout reserved for it (gallery.css `.cell .annotation p`);
            // on a plain page, the text alone, wrapped by the browser.
            let lines = placed?.isInFlow == true ? HTML.escape(text) : HTML.bandLinesHTML(text, lineStarts: starts)
            inner += "<p class=\"\(name)\">\(lines)</p>"
        }
        inner += "</div>"
        return "<div class=\"cell\" \(attributes) style=\"\(style)\">\(link(cell, class: "cell-link", inner))</div>"
    }

    /// One photo in a view other than masonry: a link to the large image (the lightbox takes
    /// over with script), its caption as a label, its comment kept for the lightbox.
    /// - Parameters:
    ///   - view: the view's item class and what the page adds of the item's place (its
    ///     index, frames, style, an image loaded at once); nil for a data file's copy, to
    ///     which the script adds the same.
    ///   - box: the size the item is drawn at (its image covers it), for `sizes`.
    func item(_ cell: CellModel, in view: (class: String, index: Int, attributes: String, style: String, eager: Bool, box: LayoutSize)?) -> String {
        let alt = alternativeText(cell)
        var inner: String
        if let thumbnails = cell.thumbnails, let largest = thumbnails.last, let srcset = cell.srcset {
            let sizes = view.map { " sizes=\"\(Self.imageSizes(box: $0.box, aspectRatio: cell.aspectRatio))\"" } ?? ""
            inner = "<img src=\"\(HTML.escape(largest.url))\" srcset=\"\(srcset)\"\(sizes) alt=\"\(alt)\" loading=\"\(view?.eager == true ? "eager" : "lazy")\" decoding=\"async\" draggable=\"false\"\(Self.background(cell))>"
        } else {
            inner = "<span class=\"placeholder\" role=\"img\" aria-label=\"\(HTML.escape(words.photoUnavailable))\" title=\"\(HTML.escape(cell.failure ?? ""))\">\(placeholderText(cell))</span>"
        }
        if !cell.caption.isEmpty { inner += "<span class=\"view-caption\">\(HTML.escape(cell.caption))</span>" }
        if !cell.comment.isEmpty { inner += "<span class=\"view-comment\" hidden>\(HTML.escape(cell.comment))</span>" }
        var attributes = "data-photo-id=\"\(cell.photoID)\""
        if let view { attributes += " data-index=\"\(view.index)\"" + view.attributes }
        attributes += (cell.original.map { " data-original=\"\(HTML.escape($0))\"" } ?? "")
            + (cell.video.map { " data-video=\"\(HTML.escape($0))\"" } ?? "")
            + Self.motionAttribute(cell)
        if let view, !view.style.isEmpty { attributes += " style=\"\(view.style)\"" }
        return link(cell, class: view?.class, inner, attributes: attributes)
    }

    /// The image's `sizes` in a box of `box` (CSS px) that it covers (`object-fit: cover`): the
    /// box's width, or wider where the photo is wider than the box; never more than the window.
    /// The script sets the same on the items it adds (`galleryMakeItem`), whose box it knows.
    /// A media condition rather than `min()`, which WebKit does not read in `sizes`
    /// (`FluidMasonry.imageSizes`).
    static func imageSizes(box: LayoutSize, aspectRatio: Double) -> String {
        let width = HTML.px(max(box.width, box.height * aspectRatio).rounded(.up))
        return "(max-width:\(width)px) 100vw,\(width)px"
    }

    /// A link to the large image, or a box when the photo has none.
    private func link(_ cell: CellModel, class name: String?, _ inner: String, attributes: String = "") -> String {
        var opening = name.map { " class=\"\($0)\"" } ?? ""
        if let large = cell.large { opening += " href=\"\(HTML.escape(large))\"" }
        if !attributes.isEmpty { opening += " " + attributes }
        return cell.large != nil ? "<a\(opening)>\(inner)</a>" : "<div\(opening)>\(inner)</div>"
    }

    /// What a photo without an image says: a video without a poster is a neutral cell (its badge
    /// says what it is).
    /// The image's alt text: empty when the cell's own text (its caption, else its comment) is
    /// beside it in its link, which that text names — an alt repeating it would be read twice;
    /// "Photo" for a photo with no words at all, so that its link still has a name.
    private func alternativeText(_ cell: CellModel) -> String {
        cell.caption.isEmpty && cell.comment.isEmpty ? HTML.escape(words.label("Photo")) : ""
    }

    private func placeholderText(_ cell: CellModel) -> String {
        cell.kind == .video ? "" : HTML.escape(words.photoUnavailable)
    }

    private static func background(_ cell: CellModel) -> String {
        cell.placeholderColor.map { " style=\"background-color:\($0)\"" } ?? ""
    }

    /// A Live Photo's clip (`data-motion`, played over the still when asked) or an animation's
    /// (`data-animation`, played looped wherever the photo is on screen: gallery-7-animations.js).
    private static func motionAttribute(_ cell: CellModel) -> String {
        guard let motion = cell.motion else { return "" }
        return " data-\(cell.kind == .animated ? "animation" : "motion")=\"\(HTML.escape(motion))\""
    }

    /// `data-taken`, `data-shot` and (when published) `data-location` for the lightbox.
    static func metadataAttributes(_ cell: CellModel) -> String {
        var attributes = ""
        if let taken = cell.takenAt { attributes += " data-taken=\"\(HTML.escape(taken))\"" }
        if let shot = cell.shot { attributes += " data-shot=\"\(HTML.escape(shot))\"" }
        if let original = cell.original { attributes += " data-original=\"\(HTML.escape(original))\"" }
        if let video = cell.video { attributes += " data-video=\"\(HTML.escape(video))\"" }
        attributes += motionAttribute(cell)
        if let location = cell.location { attributes += " data-location=\"\(location.map { String($0) }.joined(separator: ","))\"" }
        // Lists as JSON arrays: a keyword may hold any character but none breaks the list.
        if !cell.keywords.isEmpty, let list = try? JSON.string(cell.keywords) { attributes += " data-keywords=\"\(HTML.escape(list))\"" }
        if !cell.people.isEmpty, let list = try? JSON.string(cell.people) { attributes += " data-people=\"\(HTML.escape(list))\"" }
        if let rating = cell.rating { attributes += " data-rating=\"\(rating)\"" }
        if !cell.placeParts.isEmpty {
            attributes += " data-place-name=\"\(HTML.escape(cell.placeParts.joined(separator: CellModel.placeSeparator)))\""
            // The parts, when the name alone does not say where one ends ("Port, quai Ouest").
            if cell.placeParts.contains(where: { $0.contains(CellModel.placeSeparator) }), let list = try? JSON.string(cell.placeParts) {
                attributes += " data-place-parts=\"\(HTML.escape(list))\""
            }
        }
        return attributes
    }
}
