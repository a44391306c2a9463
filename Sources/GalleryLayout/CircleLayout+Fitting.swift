/// The circle a page shows: no photo over its neighbours, each far enough from them for a finger.
///
/// The seed's items keep their size whatever their number, so a circle of dozens on a phone is
/// a pile whose photos cover each other (WCAG 2.2's target size fails). A page's circle shows
/// the first of its counts (all its photos up to a maximum, then three quarters of the count
/// before, down to one) whose items, shrunk so that neighbours do not overlap, are still
/// `spacing` apart; a window too small for any shows the last. The page writes each count's
/// smallest container as a container query (`steps`), so that the browser picks the count this
/// init picks.
extension CircleLayout {
    /// One count a page's circle may show.
    public struct Step: Sendable, Equatable {
        public var count: Int
        /// The items' scale is min(1, (width − 2·inset) × `widthFactor`, (height − 2·inset) × `heightFactor`).
        public var widthFactor: Double
        public var heightFactor: Double
        /// The smallest viewport at which the fitted items are `spacing` apart.
        public var minimumViewport: LayoutSize
    }

    /// The counts a page's circle of `available` photos may show, largest first.
    public static func steps(available: Int, maximum: Int, itemSize: LayoutSize, inset: Double, spacing: Double) -> [Step] {
        var counts = [max(0, min(available, maximum))]
        while let last = counts.last, last > 1 { counts.append(last * 3 / 4 == last ? last - 1 : last * 3 / 4) }
        let largest = max(itemSize.width, itemSize.height)
        return counts.map { count in
            // Neighbours' centres are a chord c = min(W − 2·inset − t·w, H − 2·inset − t·h) · sin(π/n)
            // apart; c ≥ t · max(w, h) keeps them apart. One item or none has no neighbour.
            guard count >= 2 else {
                return Step(count: count, widthFactor: .infinity, heightFactor: .infinity,
                            minimumViewport: LayoutSize(width: 2 * inset + itemSize.width, height: 2 * inset + itemSize.height))
            }
            let q = Elementary.sin(Double.pi / Double(count))
            let widthFactor = q / (largest + itemSize.width * q), heightFactor = q / (largest + itemSize.height * q)
            // Fitted, the items are t · max(w, h) ≥ spacing apart where t ≥ spacing / max(w, h).
            let needed = spacing / largest
            return Step(count: count, widthFactor: widthFactor, heightFactor: heightFactor,
                        minimumViewport: LayoutSize(width: 2 * inset + needed / widthFactor, height: 2 * inset + needed / heightFactor))
        }
    }

    /// The circle a page of `available` photos shows in `viewport`: the first of its `steps`
    /// that the viewport holds (else the last), its items shrunk to fit between their neighbours.
    public init(fitting available: Int, maximum: Int, itemSize: LayoutSize, viewport: LayoutSize, inset: Double, spacing: Double) throws(LayoutError) {
        let steps = Self.steps(available: available, maximum: maximum, itemSize: itemSize, inset: inset, spacing: spacing)
        let step = steps.first { viewport.width >= $0.minimumViewport.width && viewport.height >= $0.minimumViewport.height } ?? steps[steps.count - 1]
        let scale = min(1, (viewport.width - 2 * inset) * step.widthFactor, (viewport.height - 2 * inset) * step.heightFactor)
        try self.init(count: step.count, itemSize: LayoutSize(width: itemSize.width * max(0, scale), height: itemSize.height * max(0, scale)),
                      viewport: viewport, inset: inset)
    }
}
