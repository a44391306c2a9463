import CHarfBuzz

/// Shapes a paragraph with HarfBuzz, one run of one script and direction at a time, falling
/// back through the font list per cluster the way Blink's HarfBuzzShaper does: shape with the
/// first font, reshape the clusters it has no glyph for with the next, and so on. Emoji
/// presentation sequences try the color emoji font first, as Blink's emoji segmentation does.
///
/// The result is each byte's advance (16.16 fixed point, attributed to the first byte of its
/// cluster), so the width of any logical range is a difference of prefix sums. Line widths do
/// not depend on visual order; shaping does depend on direction, which each run carries.
struct ParagraphShaper: Sendable {
    let fonts: [LoadedFont]
    /// Indices into `fonts` of color emoji fonts.
    let emojiFonts: [Int]
    /// For a character no font of the list has: the system's fallback face for it, loaded at
    /// the style's size (see SystemFontFallback), or nil when no installed font has it.
    let fallbackFont: @Sendable (Unicode.Scalar) -> LoadedFont?

    init(fonts: [LoadedFont], fallbackFont: @escaping @Sendable (Unicode.Scalar) -> LoadedFont? = { _ in nil }) {
        self.fonts = fonts
        self.fallbackFont = fallbackFont
        emojiFonts = fonts.indices.filter { fonts[$0].isColorEmoji }
    }

    struct Shaped {
        /// prefix[i]: the advance of bytes ..< i, in 1/65536 px.
        var prefix: [Int64]
        /// Scalars that no installed font has a glyph for (drawn as .notdef boxes).
        var uncovered: [Unicode.Scalar]
        /// The faces that drew something, and which of them drew each cluster (byte ranges in
        /// logical order, indices into `faces`): what a site must ship.
        var faces: [FontFace]
        var clusterFaces: [(range: Range<Int>, face: Int32)]
    }

    func shape(_ bytes: [UInt8]) throws(TextMetricsError) -> Shaped {
        var advances = [Int64](repeating: 0, count: bytes.count)
        var uncovered: [Unicode.Scalar] = []
        var clusterFaces: [(range: Range<Int>, face: Int32)] = []
        var faces: [FontFace] = []
        var faceIndex: [ObjectIdentifier: Int32] = [:]
        func index(of font: LoadedFont) -> Int32 {
            if let known = faceIndex[ObjectIdentifier(font)] { return known }
            let new = Int32(faces.count)
            faces.append(font.face)
            faceIndex[ObjectIdentifier(font)] = new
            return new
        }
        let language = hb_language_from_string("en-us", -1)
        for run in try Segmentation.scriptRuns(bytes) {
            for segment in emojiSegments(bytes, run.range) {
                let order = segment.emoji && !emojiFonts.isEmpty
                    ? emojiFonts + fonts.indices.filter { !emojiFonts.contains($0) }
                    : Array(fonts.indices)
                var pending = [segment.range]
                // Each font as the site's two files of it (`FontCut`), base first, as the
                // browser reaches them: what one has no glyph for is shaped again with the next.
                func shape(_ range: Range<Int>, with font: LoadedFont, into missing: inout [Range<Int>]) {
                    var pending = [range]
                    for cut in FontCut.allCases where !pending.isEmpty {
                        var left: [Range<Int>] = []
                        for range in pending { shape(range, with: font, cut, into: &left) }
                        pending = left
                    }
                    missing += pending
                }
                func shape(_ range: Range<Int>, with font: LoadedFont, _ cut: FontCut, into missing: inout [Range<Int>]) {
                    let face = index(of: font)
                    shapeRange(bytes, range, run, language, font.cutFonts[cut.rawValue]) { cluster, advance, isMissing in
                        if isMissing {
                            if let last = missing.last, last.upperBound == cluster.lowerBound {
                                missing[missing.count - 1] = last.lowerBound ..< cluster.upperBound
                            } else {
                                missing.append(cluster)
                            }
                        } else {
                            advances[cluster.lowerBound] += advance
                            clusterFaces.append((cluster, face))
                        }
                    }
                }
                for fontIndex in order {
                    var missing: [Range<Int>] = []
                    for range in pending { shape(range, with: fonts[fontIndex], into: &missing) }
                    pending = missing
                    if pending.isEmpty { break }
                }
                // No font of the list has these: the face the system's fallback picks for the
                // first visible character of each run of them, as a browser's own fallback does.
                for _ in 0 ..< 4 where !pending.isEmpty {
                    var missing: [Range<Int>] = []
                    for range in pending {
                        guard let scalar = Self.firstVisibleScalar(bytes, range), let font = fallbackFont(scalar) else {
                            missing.append(range)
                            continue
                        }
                        shape(range, with: font, into: &missing)
                    }
                    if missing == pending { break }
                    pending = missing
                }
                // Nobody has these: the primary font's .notdef, as the browser draws them.
                for range in pending {
                    shapeRange(bytes, range, run, language, fonts[0].font) { cluster, advance, _ in
                        advances[cluster.lowerBound] += advance
                    }
                    uncovered += String(decoding: bytes[range], as: UTF8.self).unicodeScalars.filter(Self.isVisible)
                }
            }
        }
        var prefix = [Int64](repeating: 0, count: bytes.count + 1)
        for i in 0 ..< bytes.count { prefix[i + 1] = prefix[i] + advances[i] }
        return Shaped(prefix: prefix, uncovered: uncovered, faces: faces, clusterFaces: clusterFaces)
    }

    /// Whether the list's first font draws the whole paragraph: it has a glyph for every
    /// character and none asks for emoji presentation (those go to the emoji fonts first).
    /// Shaping would then attribute every cluster to it, so its characters are known without
    /// shaping: most captions and comments are such text.
    func primaryFontDrawsAll(_ text: String) -> Bool {
        guard let primary = fonts.first, !emojiFonts.contains(0) else { return false }
        for scalar in text.unicodeScalars where !primary.hasGlyph(scalar) { return false }
        if !emojiFonts.isEmpty, text.contains(where: Self.isEmojiPresentation) { return false }
        return true
    }

    /// Characters a font is asked for: not default-ignorable (joiners, variation selectors,
    /// bidi controls, tags: HarfBuzz draws them as nothing) and not controls (Cc), which a
    /// browser draws with the primary font's .notdef box.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isDefaultIgnorableCodePoint && scalar.properties.generalCategory != .control
    }

    static func firstVisibleScalar(_ bytes: [UInt8], _ range: Range<Int>) -> Unicode.Scalar? {
        String(decoding: bytes[range], as: UTF8.self).unicodeScalars.first(where: isVisible)
    }

    /// Shapes `range` (with the whole paragraph as context) and reports each cluster in logical
    /// order: its byte range, its advance and whether any of its glyphs is .notdef.
    private func shapeRange(
        _ bytes: [UInt8], _ range: Range<Int>, _ run: Segmentation.Run, _ language: hb_language_t?,
        _ font: OpaquePointer, _ report: (Range<Int>, Int64, Bool) -> Void
    ) {
        guard let buffer = hb_buffer_create() else { return }
        defer { hb_buffer_destroy(buffer) }
        bytes.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(run.script))
        hb_buffer_set_language(buffer, language)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count), count > 0
        else { return }
        // Glyphs come in visual order (reversed for RTL); gather them per cluster start.
        var clusters: [Int: (advance: Int64, missing: Bool)] = [:]
        for i in 0 ..< Int(count) {
            let start = Int(infos[i].cluster)
            var entry = clusters[start] ?? (0, false)
            entry.advance += Int64(positions[i].x_advance)
            entry.missing = entry.missing || infos[i].codepoint == 0
            clusters[start] = entry
        }
        let starts = clusters.keys.sorted()
        for (i, start) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] : range.upperBound
            guard let entry = clusters[start] else { continue }
            report(start ..< end, entry.advance, entry.missing)
        }
    }

    /// Splits a run into emoji-presentation grapheme clusters and the rest.
    private func emojiSegments(_ bytes: [UInt8], _ range: Range<Int>) -> [(range: Range<Int>, emoji: Bool)] {
        guard !emojiFonts.isEmpty else { return [(range, false)] }
        let text = String(decoding: bytes[range], as: UTF8.self)
        var segments: [(range: Range<Int>, emoji: Bool)] = []
        var offset = range.lowerBound
        for character in text {
            let length = character.utf8.count
            let emoji = Self.isEmojiPresentation(character)
            if let last = segments.last, last.emoji == emoji {
                segments[segments.count - 1].range = last.range.lowerBound ..< offset + length
            } else {
                segments.append((offset ..< offset + length, emoji))
            }
            offset += length
        }
        return segments
    }

    /// UTS #51: a character shown as emoji by default, or asked to be (U+FE0F), a keycap, a
    /// flag, or a ZWJ sequence of emoji.
    static func isEmojiPresentation(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
        if (0x1F1E6 ... 0x1F1FF).contains(first.value) { return true }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0x200D }), first.properties.isEmoji { return true }
        if scalars.contains(where: { (0x1F3FB ... 0x1F3FF).contains($0.value) }) { return true }
        return false
    }
}

extension LoadedFont {
    /// A color emoji font (CBDT/sbix bitmaps or COLR layers).
    var isColorEmoji: Bool {
        guard let face = hb_font_get_face(font) else { return false }
        return hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
    }
}
