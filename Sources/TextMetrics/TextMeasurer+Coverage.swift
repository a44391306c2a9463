extension TextMeasurer {
    /// Which characters each face draws for `texts` set in `style`: exactly what the
    /// measurement shaped with it (the style's fonts by their fallback order, then the system's
    /// fallback faces for characters none of them has). What a site must embed, and nothing
    /// more; faces outside the style's list come with their own family names
    /// (`TextStyle.css(for:fallbackFaces:fontURL:)` declares them after the list).
    public func charactersByFace(_ texts: [String], style: TextStyle) throws(TextMetricsError) -> [FontFace: Set<Unicode.Scalar>] {
        let shaper = try shaper(for: style, key: style.fingerprint)
        var result: [FontFace: Set<Unicode.Scalar>] = [:]
        var seen = Set<[UInt8]>()
        for text in texts {
            for paragraph in CollapsedText(text).paragraphs where !paragraph.bytes.isEmpty && seen.insert(paragraph.bytes).inserted {
                let bytes = paragraph.bytes
                let text = String(decoding: bytes, as: UTF8.self)
                if let primary = shaper.fonts.first, shaper.primaryFontDrawsAll(text) {
                    result[primary.face, default: []].formUnion(text.unicodeScalars)
                    continue
                }
                let shaped = try shaper.shape(bytes)
                for (range, face) in shaped.clusterFaces {
                    result[shaped.faces[Int(face)], default: []].formUnion(String(decoding: bytes[range], as: UTF8.self).unicodeScalars)
                }
            }
        }
        return result
    }
}
