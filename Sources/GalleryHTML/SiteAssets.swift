import GalleryLayout
import GallerySitePlan
import TextMetrics

/// The site's stylesheet and script: the real files in Assets/ (embedded at build time by the
/// EmbedSiteAssets plugin), with what depends on the geometry and the measured fonts generated
/// around them: custom properties before, the column media queries and the text rules
/// (`.caption`, `.comment`, `@font-face`, from the same `TextStyle` values the measurements
/// used) after.
public enum SiteAssets {
    /// - Parameter accent: `[look] accent` ("#rrggbb"), which replaces the built-in accent on
    ///   light and dark pages alike.
    static func stylesheet(geometry: SiteGeometry, textCSS: String, fallbackFaces: [FontFace] = [],
                           styles: (caption: TextStyle, comment: TextStyle) = (GalleryTextStyles.caption, GalleryTextStyles.comment),
                           accent: String? = nil) -> String {
        let fallbacks = fallbackFaces.sorted { ($0.family, $0.path) < ($1.family, $1.path) }
        let families = (styles.comment.fonts + fallbacks).map { "\"\($0.family)\"" }.joined(separator: ", ")
        let headingFamilies = (styles.caption.fonts + fallbacks).map { "\"\($0.family)\"" }.joined(separator: ", ")
        // The geometry and font lists the layouts were computed with, as custom properties that
        // the page's own styles (Assets/gallery.css) use.
        var css = """
            /* gallery: generated. Positions come from layouts computed before rendering. */
            :root {
              --page-margin: \(HTML.px(geometry.pageMargin))px;
              --cell-padding: \(HTML.px(geometry.cellPadding))px; --gutter: \(HTML.px(geometry.gutter))px;
              --flow-width: \(geometry.thumbnailWidths[0])px;
              --annotation-padding: \(HTML.px(AlbumData.annotationPadding))px;
              --text-font: \(families); --heading-font: \(headingFamilies);
            }

            """ + asset("gallery.css")
        if let accent {
            // After the theme rules, and as specific as the most specific of them.
            css += ":root[data-theme] { --accent: \(accent); }\n"
        }
        // The album grid: one layout per band of viewport widths (FluidMasonry), drawn at the
        // width shown. The grid is the viewport less the margins, centred in what is left
        // beside a scrollbar.
        let fluid = geometry.fluid
        css += ".grid { width: calc\(fluid.gridWidthCSS); margin-left: calc((100% - \(fluid.gridWidthCSS)) / 2); --bands: \(fluid.bands.count); }\n"
        css += ".cell .annotation br { display: none; }\n"
        css += ".albums { width: calc\(fluid.gridWidthCSS); margin-left: calc((100% - \(fluid.gridWidthCSS)) / 2); }\n"
        for band in fluid.bands {
            let b = band.number
            var rules = ".grid { --band: \(b); --columns: \(band.columns); --iw: \(fluid.innerWidthCSS(columns: band.columns)); --h: var(--h\(b)); } "
            // A cell writes a band's value only where it differs from the band before.
            rules += ".cell { --c: \(fluid.fallback("c", band: b)); --t: \(fluid.fallback("t", band: b)); --y: \(fluid.fallback("y", band: b)); "
            rules += "--ch: \(fluid.fallback("ch", band: b, last: "0px")); --mh: \(fluid.fallback("mh", band: b, last: "0px")); } "
            rules += ".album-description { --dw: var(--dw\(b)); --dh: var(--dh\(b)); } "
            // The index's cards: the band's columns, fewer when there are fewer albums.
            rules += ".albums, .index-browse { --iw: \(fluid.innerWidthCSS(columns: band.columns)); --shown: \(band.columns); }"
            for cards in 1 ..< max(1, band.columns) { rules += " .albums[data-cards=\"\(cards)\"], .index-browse[data-cards=\"\(cards)\"] { --shown: \(cards); }" }
            css += fluid.mediaCondition(band).map { "@media \($0) { \(rules) }\n" } ?? rules + "\n"
            // A text's line breaks: only this band's, in this band only.
            let lines = ".cell .annotation br[data-b*=\"\(HTML.bandLetters([b]))\"] { display: inline; }"
            css += fluid.onlyCondition(band).map { "@media \($0) { \(lines) }\n" } ?? lines + "\n"
        }
        // The justified view: one layout per band of viewport widths (FluidJustified), its frames numbers
        // of px at the band's rows width, drawn scaled to the rows' width shown (--rs, a length
        // per px of the band's width).
        let justified = geometry.justified
        css += ".justified { width: calc\(justified.rowWidthCSS); margin-left: calc((100% - \(justified.rowWidthCSS)) / 2); --bands: \(justified.bands.count); }\n"
        for band in justified.bands {
            let b = band.number
            var rules = ".justified { --band: \(b); --rs: calc(\(justified.rowWidthCSS) / \(HTML.px(band.rowWidth))); --rh: var(--ch\(b)); } "
            rules += ".justified-item { --x: var(--x\(b)); --y: var(--y\(b)); --w: var(--w\(b)); --h: var(--h\(b)); }"
            css += justified.mediaCondition(band).map { "@media \($0) { \(rules) }\n" } ?? rules + "\n"
        }
        return css + circleCSS(geometry) + "\n" + textCSS
    }

    /// The circle view: how many of a page's photos it shows (n = min(the page's `--count`, the
    /// count of the largest container query the circle meets)) and how large, so that none
    /// covers its neighbours and they stay a finger's target apart: `CircleLayout(fitting:)`'s
    /// rule, its counts' smallest containers from the engine (`CircleLayout.steps`), the same
    /// for every page of the site.
    static func circleCSS(_ geometry: SiteGeometry) -> String {
        let size = geometry.circleItem, inset = geometry.circleInset, largest = max(size.width, size.height)
        // t = min(1, (W − 2·inset)·q / (M + w·q), (H − 2·inset)·q / (M + h·q)), q = sin(π / max(2, n)).
        func length(_ base: Double) -> String {
            let twice = HTML.px(2 * inset), terms = "var(--q) * \(String(base))"
            return "min(\(HTML.px(base))px, (100cqw - \(twice)px) * \(terms) / (\(String(largest)) + \(String(size.width)) * var(--q)), "
                + "(100cqh - \(twice)px) * \(terms) / (\(String(largest)) + \(String(size.height)) * var(--q)))"
        }
        var css = ".circle { --inset: \(HTML.px(inset))px; }\n"
        css += ".circle-item { --k: 1; --n: min(var(--count), var(--k)); --q: sin(180deg / max(2, var(--n))); --iw: \(length(size.width)); --ih: \(length(size.height)); }\n"
        css += ".circle-item:nth-child(n+2) { display: none; }\n"
        let steps = CircleLayout.steps(maximum: geometry.circleMaximumItems, itemSize: size, inset: inset, spacing: geometry.circleTargetSpacing)
        for step in steps.reversed() where step.count > 1 {
            css += "@container (min-width: \(HTML.px(step.minimumViewport.width))px) and (min-height: \(HTML.px(step.minimumViewport.height))px) { "
                + ".circle-item { --k: \(step.count); } .circle-item:nth-child(-n+\(step.count)) { display: block; } }\n"
        }
        return css
    }

    /// The page script, the site's one gallery.js: its English words (from `SiteWords`), then
    /// its parts, Assets/gallery-1-words.js to gallery-9-found.js, in order (classic
    /// scripts in one scope: pages work from file:// too, where modules would not load).
    static let script: String = {
        let parts = EmbeddedSiteAssets.all.filter { $0.identifier.hasPrefix("gallery-") && $0.identifier.hasSuffix(".js") }
            .sorted { $0.identifier < $1.identifier }
        return "const galleryEnglishWords = \(SiteWords.scriptEnglishJSON);\n\n" + parts.map(\.text).joined(separator: "\n")
    }()

    /// An embedded asset's text by file name.
    static func asset(_ name: String) -> String {
        guard let text = EmbeddedSiteAssets.all.first(where: { $0.identifier == name })?.text else {
            preconditionFailure("Sources/GalleryHTML/Assets/\(name) was not embedded")
        }
        return text
    }
}

extension SiteAssets {
    /// The live preview's script (`gallery serve PHOTOS/`): reloads the page when the folder
    /// changed, keeping its scroll position.
    public static var liveReloadScript: String { asset("live.js") }

    /// Private albums' key unwrapping and file opening with WebCrypto (`galleryPrivate`),
    /// shared by the album's page and its service worker.
    static var privateScript: String { asset("private.js") }

    /// The service worker of a site with private albums (gallery-sw.js): opens their sealed
    /// files for the pages of the site, with the key the album's password page hands it.
    static var serviceWorkerScript: String { asset("service-worker.js") }
}
