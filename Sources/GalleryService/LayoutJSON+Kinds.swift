import GalleryLayout

extension LayoutJSON {
    /// The JSON of `gallery layout --kind justified|wheel|circle|carousel`: `kind`, content
    /// size, and per item `index` (and `id` for photos), the untransformed frame `x`, `y`,
    /// `width`, `height`, `centerX`, `centerY`, `zIndex`, `angle` (radians), `anchorX`,
    /// `anchorY`, `translateX`, `translateY`; plus `extra` keys (`visibleRange`,
    /// `focusedIndex`). Key names are an interface; keep them stable.
    public static func layout(kind: String, contentSize: LayoutSize, items: [LayoutAttributes], ids: [Int64]?, extra: [(String, String)] = []) -> String {
        var out = "{\"kind\":\"\(kind)\",\"contentWidth\":\(number(contentSize.width)),\"contentHeight\":\(number(contentSize.height))"
        for (key, value) in extra { out += ",\"\(key)\":\(value)" }
        out += ",\"items\":["
        for (position, item) in items.enumerated() {
            if position > 0 { out += "," }
            out += "{"
            if let ids, item.index < ids.count { out += "\"id\":\(ids[item.index])," }
            out += "\"index\":\(item.index),\"x\":\(number(item.frame.x)),\"y\":\(number(item.frame.y)),"
            out += "\"width\":\(number(item.frame.width)),\"height\":\(number(item.frame.height)),"
            out += "\"centerX\":\(number(item.center.x)),\"centerY\":\(number(item.center.y)),\"zIndex\":\(item.zIndex),"
            out += "\"angle\":\(number(item.angle)),\"anchorX\":\(number(item.anchorPoint.x)),\"anchorY\":\(number(item.anchorPoint.y)),"
            out += "\"translateX\":\(number(item.translation.x)),\"translateY\":\(number(item.translation.y))}"
        }
        return out + "]}"
    }

    /// `{"kind", "proposedOffset", "velocity", "targetOffset"}` for `--target-offset`.
    public static func target(kind: String, proposed: Double, velocity: Double, target: Double) -> String {
        "{\"kind\":\"\(kind)\",\"proposedOffset\":\(number(proposed)),\"velocity\":\(number(velocity)),\"targetOffset\":\(number(target))}"
    }
}
