import CHarfBuzz

/// A font file opened with HarfBuzz, at a fixed pixel size.
///
/// The scale is 16.16 fixed point per CSS pixel, as Blink sets it (SkiaScalarToHarfBuzzPosition),
/// so advances carry the same precision as the browser's.
final class LoadedFont: @unchecked Sendable {
    // @unchecked: HarfBuzz fonts and faces are immutable once set up, and HarfBuzz documents
    // them as safe to shape with from several threads at once.
    let face: FontFace
    let font: OpaquePointer
    /// The font as each of the two files a site ships of it (`FontCut`): the same glyphs and
    /// metrics, with no glyph for a character of the other file, so shaping stops at the
    /// border between them as the browser's does. Indexed by `FontCut.rawValue`.
    let cutFonts: [OpaquePointer]
    private let hbFace: OpaquePointer
    /// Advances are in units of 1/65536 CSS px.
    static let unitsPerPixel = 65536.0

    init(_ face: FontFace, size: Double) throws(TextMetricsError) {
        self.face = face
        guard let blob = hb_blob_create_from_file_or_fail(face.path) else {
            throw .missingFont(path: face.path, package: face.package)
        }
        defer { hb_blob_destroy(blob) }
        let faceCount = hb_face_count(blob)
        guard faceCount > UInt32(face.index), let hbFace = hb_face_create(blob, UInt32(face.index)),
              hb_face_get_glyph_count(hbFace) > 0
        else {
            throw .unreadableFont(path: face.path)
        }
        self.hbFace = hbFace
        guard let font = hb_font_create(hbFace) else { throw .unreadableFont(path: face.path) }
        let scale = Int32((size * Self.unitsPerPixel).rounded())
        hb_font_set_scale(font, scale, scale)
        self.font = font
        cutFonts = FontCut.allCases.map { cut in
            let sub = hb_font_create_sub_font(font)!
            hb_font_set_funcs(sub, Self.cutFuncs[cut.rawValue], nil, nil)
            return sub
        }
    }

    deinit {
        for sub in cutFonts { hb_font_destroy(sub) }
        hb_font_destroy(font)
        hb_face_destroy(hbFace)
    }

    /// Glyph lookups that answer for the characters of one cut and defer to the parent font
    /// (what Blink's `HarfBuzzGetGlyph` does with a face's `unicode-range`); every other
    /// function is the parent's. Made once, immutable, shared by every font.
    // nonisolated(unsafe): made immutable before anyone sees them (hb_font_funcs_make_immutable);
    // HarfBuzz reads immutable function tables from any thread.
    nonisolated(unsafe) private static let cutFuncs: [OpaquePointer] = FontCut.allCases.map { cut in
        let funcs = hb_font_funcs_create()!
        // The cut travels as the callbacks' user data (its raw value as a pointer's bits):
        // C function pointers cannot capture it.
        let tag = UnsafeMutableRawPointer(bitPattern: cut.rawValue + 1)
        hb_font_funcs_set_nominal_glyph_func(funcs, { font, _, unicode, glyph, tag in
            guard let cut = FontCut(rawValue: Int(bitPattern: tag) - 1), cut.holds(unicode) else { return 0 }
            return hb_font_get_nominal_glyph(hb_font_get_parent(font), unicode, glyph)
        }, tag, nil)
        hb_font_funcs_set_variation_glyph_func(funcs, { font, _, unicode, selector, glyph, tag in
            guard let cut = FontCut(rawValue: Int(bitPattern: tag) - 1), cut.holds(unicode) else { return 0 }
            return hb_font_get_variation_glyph(hb_font_get_parent(font), unicode, selector, glyph)
        }, tag, nil)
        hb_font_funcs_make_immutable(funcs)
        return funcs
    }

    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }
}
