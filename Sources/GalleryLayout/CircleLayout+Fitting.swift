/// The circle a page shows: no photo over its neighbours, each far enough from them for a finger.
///
/// The seed's items keep their size whatever their number, so a circle of dozens on a phone is
/// a pile whose photos cover each other (WCAG 2.2's target size fails). A page's circle shows
/// n = min(its photos, the first of the site's counts — `maximum`, then three quarters of the
/// count before, down to 1 — whose items, shrunk to fit between their neighbours, stay
/// `spacing` apart in the viewport), each shrunk so that neighbours do not overlap. The counts'
/// smallest viewports are the same for every page of a site, so the style sheet holds them as
/// container queries (`steps`), and the browser picks the count this init picks.
extension CircleLayout {
    /// One count a site's circles may show.
    public struct Step: Sendable, Equatable {
        public var count: Int
        /// The smallest viewport at which `count` items, fitted, are `spacing` apart.
        public var minimumViewport: LayoutSize
    }

    /// The counts a site's circles may show, largest first, down to 1.
    public static func steps(maximum: Int, itemSize: LayoutSize, inset: Double, spacing: Double) -> [Step] {
        var counts = [max(1, maximum)]
        while let last = counts.last, last > 1 { counts.append(last * 3 / 4 == last ? last - 1 : last * 3 / 4) }
        let largest = max(itemSize.width, itemSize.height)
        return counts.map { count in
            // Fitted, the items are t · max(w, h) ≥ spacing apart where t ≥ spacing / max(w, h).
            let needed = spacing / largest, factors = Self.fitFactors(count: count, itemSize: itemSize)
            return Step(count: count, minimumViewport: LayoutSize(width: 2 * inset + needed / factors.width, height: 2 * inset + needed / factors.height))
        }
    }

    /// For `count` items: the scale is min(1, (width − 2·inset) × `width`, (height − 2·inset) × `height`).
    /// Neighbours' centres are a chord c = min(W − 2·inset − t·w, H − 2·inset − t·h) · q apart,
    /// q = sin(π/n); c ≥ t · max(w, h) keeps them apart. One item is fitted as two are (it has
    /// no neighbour, but the style sheet's formula is one for every count).
    public static func fitFactors(count: Int, itemSize: LayoutSize) -> (width: Double, height: Double) {
        let q = Elementary.sin(Double.pi / Double(max(2, count))), largest = max(itemSize.width, itemSize.height)
        return (q / (largest + itemSize.width * q), q / (largest + itemSize.height * q))
    }

    /// The circle a page of `available` photos shows in `viewport` (`steps` of the site's
    /// `maximum`): the count of the first step the viewport holds (else 1), at most `available`,
    /// its items shrunk to fit between their neighbours.
    public init(fitting available: Int, maximum: Int, itemSize: LayoutSize, viewport: LayoutSize, inset: Double, spacing: Double) throws(LayoutError) {
        let steps = Self.steps(maximum: maximum, itemSize: itemSize, inset: inset, spacing: spacing)
        let step = steps.first { viewport.width >= $0.minimumViewport.width && viewport.height >= $0.minimumViewport.height }
        let count = max(0, min(available, step?.count ?? 1))
        let factors = Self.fitFactors(count: count, itemSize: itemSize)
        let scale = max(0, min(1, (viewport.width - 2 * inset) * factors.width, (viewport.height - 2 * inset) * factors.height))
        try self.init(count: count, itemSize: LayoutSize(width: itemSize.width * scale, height: itemSize.height * scale), viewport: viewport, inset: inset)
    }
}
