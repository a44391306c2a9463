import GalleryStore

/// The JSON of `gallery layout --json` and `GET /api/layout`: one writer for both, so they
/// cannot differ. Key names are an interface; keep them stable. Numbers are CSS px, unrounded
/// (the shortest decimal that reads back as the same double).
public enum LayoutJSON {
    public static func masonry(_ result: MasonryResult) -> String {
        let layout = result.layout
        var out = "{\"kind\":\"masonry\",\"width\":\(number(layout.key.width)),\"columns\":\(layout.columns),"
        out += "\"columnWidth\":\(number(layout.columnWidth)),\"contentWidth\":\(number(layout.contentWidth)),"
        out += "\"contentHeight\":\(number(layout.contentHeight)),\"placement\":\"\(result.placement.rawValue)\",\"items\":["
        out.reserveCapacity(out.utf8.count + result.items.count * 200)
        for (position, item) in result.items.enumerated() {
            if position > 0 { out += "," }
            out += "{\"id\":\(item.photoID),\"index\":\(item.index),\"column\":\(item.column),"
            out += "\"x\":\(number(layout.x(column: item.column))),\"y\":\(number(item.y)),"
            out += "\"width\":\(number(layout.innerWidth)),\"height\":\(number(item.height)),"
            out += "\"photoHeight\":\(number(item.photoHeight)),\"captionHeight\":\(number(item.captionHeight)),"
            out += "\"commentHeight\":\(number(item.commentHeight))}"
        }
        return out + "]}"
    }

    /// A finite double as JSON: integers without ".0", others as Swift's shortest round-trip form.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
