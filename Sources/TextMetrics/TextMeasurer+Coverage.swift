extension TextMeasurer {
    /// Which characters each font of `style` draws for `texts`, by the fallback rule the
    /// shaper uses: a grapheme cluster goes to the first font that has all its characters
    /// (the color emoji font first for emoji presentation sequences); a cluster no font has
    /// whole is split character by character. What a site must embed, and nothing more.
    /// - Returns: characters by font family.
    public func charactersByFont(_ texts: [String], style: TextStyle) throws(TextMetricsError) -> [String: Set<Unicode.Scalar>] {
        let shaper = try shaper(for: style, key: style.fingerprint)
        var result: [String: Set<Unicode.Scalar>] = [:]
        var seen = Set<Character>()
        for text in texts {
            for cluster in text where seen.insert(cluster).inserted {
                // Joiners and variation selectors select glyphs; fonts need not map them.
                let scalars = cluster.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control }
                guard !scalars.isEmpty else { continue }
                let order = ParagraphShaper.isEmojiPresentation(cluster) && !shaper.emojiFonts.isEmpty
                    ? shaper.emojiFonts + shaper.fonts.indices.filter { !shaper.emojiFonts.contains($0) }
                    : Array(shaper.fonts.indices)
                if let whole = order.first(where: { index in scalars.allSatisfy { shaper.fonts[index].hasGlyph($0) } }) {
                    result[shaper.fonts[whole].face.family, default: []].formUnion(cluster.unicodeScalars)
                    continue
                }
                for scalar in scalars {
                    if let index = order.first(where: { shaper.fonts[$0].hasGlyph(scalar) }) {
                        result[shaper.fonts[index].face.family, default: []].insert(scalar)
                    }
                }
            }
        }
        return result
    }
}
