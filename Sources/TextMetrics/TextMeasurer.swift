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
        let graphemes: Mutex<[Int32]?> = Mutex(nil)

        init(bytes: [UInt8], prefix: [Int64], breaks: [Int32]) {
            self.bytes = bytes
            self.prefix = prefix
            self.breaks = breaks
        }
    }

    private struct State {
        var fonts: [FontKey: LoadedFont] = [:]
        var shapers: [String: ParagraphShaper] = [:]
        var paragraphs: [ParagraphKey: ShapedParagraph] = [:]
        var warned: Set<Unicode.Scalar> = []
    }

    private let state = Mutex(State())
    private let warn: @Sendable (String) -> Void
    /// Shaped paragraphs kept before the cache is emptied (a few MB at most).
    private let cacheLimit = 50_000

    /// - Parameter warn: told once per character that no font in a style covers.
    public init(warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.warn = warn
    }

    /// Measures `text` set in `style` in a box `width` CSS px wide.
    public func measure(_ text: String, style: TextStyle, width: Double) throws(TextMetricsError) -> TextMeasurement {
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        let collapsed = CollapsedText(text)
        guard !collapsed.paragraphs.isEmpty else { return .empty }
        let styleKey = style.fingerprint
        var lines = 0
        var breaks: [Int] = []
        for paragraph in collapsed.paragraphs {
            if lines > 0 { breaks.append(paragraph.originalOffsets.first ?? 0) }
            if paragraph.bytes.isEmpty {
                lines += 1  // an empty line between two line feeds still takes a line
                continue
            }
            let shaped = try shapedParagraph(paragraph.bytes, style: style, key: styleKey)
            let filler = LineFiller(bytes: shaped.bytes, prefix: shaped.prefix, breaks: shaped.breaks) { () throws(TextMetricsError) in
                if let cached = shaped.graphemes.withLock({ $0 }) { return cached }
                let computed = try Segmentation.graphemeBoundaries(shaped.bytes)
                shaped.graphemes.withLock { $0 = computed }
                return computed
            }
            let starts = try filler.lineStarts(width: width)
            let count = max(starts.count, 1)
            breaks += starts.dropFirst().map { paragraph.originalOffsets[$0] }
            lines += count
        }
        let shown = style.maxLines.map { min($0, lines) } ?? lines
        return TextMeasurement(
            lines: shown, height: Double(shown) * style.lineHeight,
            breaks: Array(breaks.prefix(max(shown - 1, 0))), clamped: shown < lines)
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
        let paragraph = ShapedParagraph(bytes: bytes, prefix: shaped.prefix, breaks: breaks)
        let newlyUncovered = state.withLock { state -> [Unicode.Scalar] in
            if state.paragraphs.count >= cacheLimit { state.paragraphs.removeAll(keepingCapacity: true) }
            state.paragraphs[key] = paragraph
            let fresh = shaped.uncovered.filter { !state.warned.contains($0) }
            state.warned.formUnion(fresh)
            return fresh
        }
        for scalar in Set(newlyUncovered) {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
            warn("no font of the \(style.name) style has \(code) ('\(scalar)'); it is measured as the browser draws it, a .notdef box")
        }
        return paragraph
    }

    func shaper(for style: TextStyle, key fingerprint: String) throws(TextMetricsError) -> ParagraphShaper {
        if let cached = state.withLock({ $0.shapers[fingerprint] }) { return cached }
        var fonts: [LoadedFont] = []
        for face in style.fonts {
            let key = FontKey(path: face.path, index: face.index, size: style.fontSize)
            if let loaded = state.withLock({ $0.fonts[key] }) {
                fonts.append(loaded)
                continue
            }
            let loaded = try LoadedFont(face, size: style.fontSize)
            state.withLock { $0.fonts[key] = loaded }
            fonts.append(loaded)
        }
        let shaper = ParagraphShaper(fonts: fonts)
        state.withLock { $0.shapers[fingerprint] = shaper }
        return shaper
    }
}
