import GalleryJSON
import GalleryLayout
import GalleryStore

extension LayoutJSON {
    struct Attributes: Encodable {
        var kind: String
        var contentWidth: Double
        var contentHeight: Double
        /// The wheel's items on screen, first and last.
        var visibleRange: [Int]?
        /// The carousel's item at the centre (fractional between two).
        var focusedIndex: Double?
        var items: [Item]

        struct Item: Encodable {
            var id: Int64?
            var index: Int
            var x: Double
            var y: Double
            var width: Double
            var height: Double
            var centerX: Double
            var centerY: Double
            var zIndex: Int
            var angle: Double
            var anchorX: Double
            var anchorY: Double
            var translateX: Double
            var translateY: Double
            /// "photo", "video", "live" or "animated" (absent for an item that is not a photo of the library).
            var kind: String?
        }
    }

    struct Target: Encodable {
        var kind: String
        var proposedOffset: Double
        var velocity: Double
        var targetOffset: Double
    }

    /// The JSON of `gallery layout --kind justified|wheel|circle|carousel`: `kind`, content
    /// size, and per item `index` (and `id` for photos), the untransformed frame `x`, `y`,
    /// `width`, `height`, `centerX`, `centerY`, `zIndex`, `angle` (radians), `anchorX`,
    /// `anchorY`, `translateX`, `translateY`; the wheel adds `visibleRange`, the carousel
    /// `focusedIndex`. Key names are an interface; keep them stable. `kinds`: what each photo
    /// is, for those that are not photos (`GalleryDatabase.mediaKinds`).
    public static func layout(kind: String, contentSize: LayoutSize, items: [LayoutAttributes], ids: [Int64]?, kinds: [Int64: MediaKind],
                              visibleRange: ClosedRange<Int>? = nil, focusedIndex: Double? = nil) throws -> String {
        try JSON.string(Attributes(
            kind: kind, contentWidth: contentSize.width, contentHeight: contentSize.height,
            visibleRange: visibleRange.map { [$0.lowerBound, $0.upperBound] }, focusedIndex: focusedIndex,
            items: items.map { item in
                let id = ids.flatMap { item.index < $0.count ? $0[item.index] : nil }
                return Attributes.Item(
                    id: id, index: item.index,
                    x: item.frame.x, y: item.frame.y, width: item.frame.width, height: item.frame.height,
                    centerX: item.center.x, centerY: item.center.y, zIndex: item.zIndex, angle: item.angle,
                    anchorX: item.anchorPoint.x, anchorY: item.anchorPoint.y,
                    translateX: item.translation.x, translateY: item.translation.y,
                    kind: id.map { (kinds[$0] ?? .photo).rawValue })
            }))
    }

    /// `{"kind", "proposedOffset", "velocity", "targetOffset"}` for `--target-offset`.
    public static func target(kind: String, proposed: Double, velocity: Double, target: Double) throws -> String {
        try JSON.string(Target(kind: kind, proposedOffset: proposed, velocity: velocity, targetOffset: target))
    }
}
