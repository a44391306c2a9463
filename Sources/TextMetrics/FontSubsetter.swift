import CHarfBuzz

/// Cuts a font down to the characters a site uses, with HarfBuzz's subsetter: glyph outlines,
/// metrics and the layout tables (kerning, ligatures, contextual forms) for those characters
/// are kept, so text sets exactly as with the full font. A face of a collection (.ttc) comes
/// out as a single font file, which is what browsers load.
public enum FontSubsetter {
    /// The subset font's bytes, or nil when the font has none of the characters.
    public static func subset(_ face: FontFace, characters: Set<Unicode.Scalar>) throws(TextMetricsError) -> [UInt8]? {
        guard let blob = hb_blob_create_from_file_or_fail(face.path) else {
            throw .missingFont(path: face.path, package: face.package)
        }
        defer { hb_blob_destroy(blob) }
        guard let hbFace = hb_face_create(blob, UInt32(face.index)) else { throw .unreadableFont(path: face.path) }
        defer { hb_face_destroy(hbFace) }
        guard let font = hb_font_create(hbFace) else { throw .unreadableFont(path: face.path) }
        defer { hb_font_destroy(font) }
        var covered = 0
        guard let input = hb_subset_input_create_or_fail() else { throw .subsetFailed(path: face.path) }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for scalar in characters {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 {
                hb_set_add(unicodes, scalar.value)
                covered += 1
            }
        }
        guard covered > 0 else { return nil }
        guard let subset = hb_subset_or_fail(hbFace, input) else { throw .subsetFailed(path: face.path) }
        defer { hb_face_destroy(subset) }
        guard let result = hb_face_reference_blob(subset) else { throw .subsetFailed(path: face.path) }
        defer { hb_blob_destroy(result) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(result, &length), length > 0 else { throw .subsetFailed(path: face.path) }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }
}
