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
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(hbFace)
    }

    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }
}
