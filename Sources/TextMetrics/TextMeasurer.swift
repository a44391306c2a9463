import Synchronization

/// Measures captions and comments the way the browser will set them: shaping with HarfBuzz
/// through the style's font list, breaking lines with ICU, filling lines greedily.
///
/// Shaping does not depend on the width, so each paragraph is shaped once per style and kept:
/// measuring the same text at another width only refills lines. Safe to use from many threads.
public final class TextMeasurer: Sendable {
    private struct FontKey: Hashable {
        var path: String
        var index: Int
        var size: Double
    }

    private struct ParagraphKey: Hashable {
        var style: String
        var bytes: [UInt8]
    }

    final class ShapedParagraph: Sendable {
        let bytes: [UInt8]
        let prefix: [Int64]
        let breaks: [Int32]
        /// Faces from outside the style's list (the system's fallback) that drew clusters, and
        /// whether some character had no face at all: what the measurement depends on beyond
        /// the style's own fonts.
        let fallbackFaces: Set<FontFace>
        let hasUncovered: Bool
        let graphemes: Mutex<[Int32]?> = Mutex(nil)

        init(bytes: [UInt8], prefix: [Int64], breaks: [Int32], fallbackFaces: Set<FontFace>, hasUncovered: Bool) {
            self.bytes = bytes
            self.prefix = prefix
            self.breaks = breaks
            self.fallbackFaces = fallbackFaces
            self.hasUncovered = hasUncovered
        }
    }

    private struct State {
        var fonts: [FontKey: LoadedFont] = [:]
        var shapers: [String: ParagraphShaper] = [:]
        var paragraphs: [ParagraphKey: ShapedParagraph] = [:]
        var warned: Set<Unicode.Scalar> = []
        /// Fallback faces' content stamps, read once per measurer (a file read each).
        var stamps: [String: String] = [:]
    }

    private let state = Mutex(State())
    private let warn: @Sendable (String) -> Void
    /// Shaped paragraphs kept before the cache is emptied (about 1.5 KB each for a comment).
    private let cacheLimit: Int

    /// - Parameters:
    ///   - warn: told once per character that no font in a style covers.
    ///   - paragraphCacheLimit: shaped paragraphs kept for texts measured again (at another
    ///     width, or the same text twice). A pass that sets each text once (an export's
    ///     pages) keeps few: the cache would only hold memory.
    public init(warn: @escaping @Sendable (String) -> Void = { _ in }, paragraphCacheLimit: Int = 50_000) {
        self.warn = warn
        cacheLimit = max(1, paragraphCacheLimit)
    }

    /// Measures `text` set in `style` in a box `width` CSS px wide.
    public func measure(_ text: String, style: TextStyle, width: Double) throws(TextMetricsError) -> TextMeasurement {
        let starts = try lineStarts(text, style: style, width: width)
        let shown = style.maxLines.map { min($0, starts.count) } ?? starts.count
        return TextMeasurement(
            lines: shown, height: Double(shown) * style.lineHeight,
            breaks: Array(starts.dropFirst().prefix(max(shown - 1, 0))), clamped: shown < starts.count)
    }

    /// Where every line of `text` begins (UTF-8 offsets in `text`; the first is 0), before
    /// the style's line limit: what a page needs to set the text in exactly these lines.
    /// Empty for text that draws nothing.
    public func lineStarts(_ text: String, style: TextStyle, width: Double) throws(TextMetricsError) -> [Int] {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        let collapsed = CollapsedText(text)
        let styleKey = style.fingerprint
        var starts: [Int] = []
        for paragraph in collapsed.paragraphs {
            let first = paragraph.originalOffsets.first ?? 0
            if paragraph.bytes.isEmpty {
                starts.append(first)  // an empty line between two line feeds still takes a line
                continue
            }
            let shaped = try shapedParagraph(paragraph.bytes, style: style, key: styleKey)
            let filler = LineFiller(bytes: shaped.bytes, prefix: shaped.prefix, breaks: shaped.breaks) { () throws(TextMetricsError) in
                if let cached = shaped.graphemes.withLock({ $0 }) { return cached }
                let computed = try Segmentation.graphemeBoundaries(shaped.bytes)
                shaped.graphemes.withLock { $0 = computed }
                return computed
            }
            let paragraphStarts = try filler.lineStarts(width: width)
            starts.append(first)
            starts += paragraphStarts.dropFirst().map { paragraph.originalOffsets[$0] }
        }
        if let firstStart = starts.first, firstStart != 0 { starts[0] = 0 }
        return starts
    }

    /// Measures UTF-8 bytes that may not be valid: invalid sequences become U+FFFD first.
    public func measure(utf8 bytes: [UInt8], style: TextStyle, width: Double) throws(TextMetricsError) -> TextMeasurement {
        try measure(String(decoding: bytes, as: UTF8.self), style: style, width: width)
    }

    /// Loads every font of `style`, so a missing file is reported before any work starts.
    public func prepare(_ style: TextStyle) throws(TextMetricsError) {
        _ = try shaper(for: style, key: style.fingerprint)
    }

    // MARK: - Caches

    private func shapedParagraph(_ bytes: [UInt8], style: TextStyle, key styleKey: String) throws(TextMetricsError) -> ShapedParagraph {
        let key = ParagraphKey(style: styleKey, bytes: bytes)
        if let cached = state.withLock({ $0.paragraphs[key] }) { return cached }
        let shaper = try shaper(for: style, key: styleKey)
        let shaped = try shaper.shape(bytes)
        let breaks = BlinkLineBreaks.opportunities(bytes, icu: try Segmentation.lineBreaks(bytes))
        let listed = Set(style.fonts)
        let paragraph = ShapedParagraph(
            bytes: bytes, prefix: shaped.prefix, breaks: breaks,
            fallbackFaces: Set(shaped.faces.filter { !listed.contains($0) }),
            hasUncovered: !shaped.uncovered.isEmpty)
        let newlyUncovered = state.withLock { state -> [Unicode.Scalar] in
            if state.paragraphs.count >= cacheLimit { state.paragraphs.removeAll(keepingCapacity: true) }
            state.paragraphs[key] = paragraph
            let fresh = shaped.uncovered.filter { !state.warned.contains($0) }
            state.warned.formUnion(fresh)
            return fresh
        }
        for scalar in Set(newlyUncovered) {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
            warn("no installed font has \(code) ('\(scalar)', in a \(style.name)); it is measured as browsers draw it, a .notdef box; install a font that has it (make deps installs Debian's Noto fonts)")
        }
        return paragraph
    }

    func shaper(for style: TextStyle, key fingerprint: String) throws(TextMetricsError) -> ParagraphShaper {
        if let cached = state.withLock({ $0.shapers[fingerprint] }) { return cached }
        var fonts: [LoadedFont] = []
        for face in style.fonts {
            fonts.append(try loadedFont(face, size: style.fontSize))
        }
        let size = style.fontSize
        let shaper = ParagraphShaper(fonts: fonts) { [weak self] scalar in
            guard let self, let face = SystemFontFallback.shared.face(for: scalar) else { return nil }
            return try? self.loadedFont(face, size: size)
        }
        state.withLock { $0.shapers[fingerprint] = shaper }
        return shaper
    }

    private func loadedFont(_ face: FontFace, size: Double) throws(TextMetricsError) -> LoadedFont {
        let key = FontKey(path: face.path, index: face.index, size: size)
        if let loaded = state.withLock({ $0.fonts[key] }) { return loaded }
        let loaded = try LoadedFont(face, size: size)
        state.withLock { $0.fonts[key] = loaded }
        return loaded
    }

    // MARK: - What a measurement depends on

    /// What the measurement of `text` depends on beyond the style's own fonts: the system
    /// fallback faces it drew with ("path#index@stamp", sorted), and "notdef" when some character has
    /// no face at all. Empty for text the style's fonts draw whole, which no change of the
    /// installed fonts can affect; stored measurements whose signature changed are measured
    /// again.
    public func fontSignature(_ text: String, style: TextStyle) throws(TextMetricsError) -> String {
        var faces = Set<FontFace>()
        var uncovered = false
        for paragraph in CollapsedText(text).paragraphs where !paragraph.bytes.isEmpty {
            let shaped = try shapedParagraph(paragraph.bytes, style: style, key: style.fingerprint)
            faces.formUnion(shaped.fallbackFaces)
            uncovered = uncovered || shaped.hasUncovered
        }
        var parts = faces.map { face in
            let file = "\(face.path)#\(face.index)"
            if let stamp = state.withLock({ $0.stamps[file] }) { return "\(file)@\(stamp)" }
            let stamp = face.contentStamp
            state.withLock { $0.stamps[file] = stamp }
            return "\(file)@\(stamp)"
        }.sorted()
        if uncovered { parts.append("notdef") }
        return parts.joined(separator: ",")
    }
}
