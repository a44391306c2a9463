import GalleryJSON
import GalleryStore

/// The JSON of `gallery layout --json` and `GET /api/layout`: one model for both, so they
/// cannot differ. Key names and their order are an interface; keep them stable. Numbers are
/// CSS px, unrounded (the shortest decimal that reads back as the same double).
public enum LayoutJSON {
    struct Masonry: Encodable {
        var kind = "masonry"
        var width: Double
        var columns: Int
        var columnWidth: Double
        var contentWidth: Double
        var contentHeight: Double
        var placement: String
        var items: [Item]
        /// With a viewport (`ViewportLayout`): the window's size and the band drawn.
        var viewportWidth: Double?
        var viewportHeight: Double?
        var band: Int?

        struct Item: Encodable {
            var id: Int64
            var index: Int
            var column: Int
            var x: Double
            var y: Double
            var width: Double
            var height: Double
            var photoHeight: Double
            var captionHeight: Double
            var commentHeight: Double
            /// "photo", "video", "live" or "animated".
            var kind: String
        }
    }

    /// `kinds`: what each item is, for those that are not photos (`GalleryDatabase.mediaKinds`).
    public static func masonry(_ result: MasonryResult, kinds: [Int64: MediaKind]) throws -> String {
        let layout = result.layout
        return try JSON.string(Masonry(
            width: layout.layout.key.width, columns: layout.geometry.columns, columnWidth: layout.geometry.columnWidth,
            contentWidth: layout.layout.contentWidth, contentHeight: layout.layout.contentHeight,
            placement: result.placement.rawValue,
            items: result.items.map { item in
                Masonry.Item(
                    id: item.photoID, index: item.index, column: item.column, x: layout.x(column: item.column),
                    y: item.y, width: layout.geometry.innerWidth, height: item.height, photoHeight: item.photoHeight,
                    captionHeight: item.captionHeight, commentHeight: item.commentHeight, kind: (kinds[item.photoID] ?? .photo).rawValue)
            }))
    }

    /// The grid drawn in a window: `width` and `contentWidth` the grid's width there, frames
    /// relative to its top-left corner.
    public static func masonry(_ viewport: ViewportLayout, kinds: [Int64: MediaKind]) throws -> String {
        try JSON.string(Masonry(
            width: viewport.gridWidth, columns: viewport.band.columns, columnWidth: viewport.columnWidth,
            contentWidth: viewport.gridWidth, contentHeight: viewport.contentHeight, placement: viewport.placement.rawValue,
            items: viewport.items.map { item in
                Masonry.Item(
                    id: item.stored.photoID, index: item.stored.index, column: item.stored.column, x: item.frame.x, y: item.frame.y,
                    width: item.frame.width, height: item.frame.height, photoHeight: item.photoHeight,
                    captionHeight: item.stored.captionHeight, commentHeight: item.stored.commentHeight,
                    kind: (kinds[item.stored.photoID] ?? .photo).rawValue)
            },
            viewportWidth: viewport.viewportWidth, viewportHeight: viewport.viewportHeight, band: viewport.band.number))
    }
}
