extension TextStyle {
    /// The CSS that sets text exactly as `TextMeasurer` measures it: two `@font-face` rules
    /// per face, one per `FontCut` with its `unicode-range`, then one rule per style, selected
    /// by its class name (`.caption`, `.comment`).
    ///
    /// - Parameters:
    ///   - fontFile: where the page finds each face's file of a cut (the exported copy's
    ///     relative URL); nil leaves it out (a site that uses none of its characters does not
    ///     need it).
    ///   - fallbackFaces: faces from outside the styles' lists that the texts need (the
    ///     system's fallback for characters no listed font has, `charactersByFace`); declared
    ///     after every style's own list, so the browser reaches them only for those characters.
    public static func css(for styles: [TextStyle], fallbackFaces: [FontFace] = [], fontFile: (FontFace, FontCut) -> String?) -> String {
        var css = ""
        var declared = Set<String>()
        let fallbacks = fallbackFaces.sorted { ($0.family, $0.path) < ($1.family, $1.path) }
        func hasFile(_ face: FontFace) -> Bool { FontCut.allCases.contains { fontFile(face, $0) != nil } }
        for face in styles.flatMap(\.fonts) + fallbacks where declared.insert(face.family).inserted {
            for cut in FontCut.allCases {
                guard let url = fontFile(face, cut) else { continue }
                // One weight range per file: the browser then never synthesises bold or
                // italic, which would change advances that the measurement did not see.
                css += """
                    @font-face {
                      font-family: "\(face.family)";
                      src: url("\(url)");
                      unicode-range: \(cut.unicodeRange);
                      font-weight: 1 1000;
                      font-style: normal;
                      font-display: block;
                    }

                    """
            }
        }
        let extra = fallbacks.filter(hasFile)
        for style in styles {
            css += style.ruleCSS(fallbackFaces: extra)
        }
        return css
    }

    /// The same for whole font files: each is declared for both cuts (the browser loads it
    /// once), so it shapes as the measurement does.
    public static func css(for styles: [TextStyle], fallbackFaces: [FontFace] = [], fontURL: (FontFace) -> String?) -> String {
        css(for: styles, fallbackFaces: fallbackFaces) { face, _ in fontURL(face) }
    }

    /// The rule for this style's class. Every property that changes line breaking or advances is
    /// pinned, so inherited page styles cannot change what was measured.
    func ruleCSS(fallbackFaces: [FontFace] = []) -> String {
        let listed = Set(fonts.map(\.family))
        let families = (fonts + fallbackFaces.filter { !listed.contains($0.family) }).map { "\"\($0.family)\"" }.joined(separator: ", ")
        var rule = """
            .\(name) {
              font-family: \(families);
              font-size: \(Self.number(fontSize))px;
              line-height: \(Self.number(lineHeight))px;
              font-weight: 400;
              font-style: normal;
              font-stretch: normal;
              font-synthesis: none;
              font-kerning: normal;
              font-variant: normal;
              font-feature-settings: normal;
              font-optical-sizing: none;
              text-rendering: geometricPrecision;
              letter-spacing: normal;
              word-spacing: normal;
              text-transform: none;
              text-indent: 0;
              white-space: pre-line;
              overflow-wrap: anywhere;
              word-break: normal;
              line-break: auto;
              hyphens: manual;
              unicode-bidi: plaintext;
              margin: 0;
              padding: 0;
              border: 0;

            """
        if let maxLines {
            rule += """
                  display: -webkit-box;
                  -webkit-box-orient: vertical;
                  -webkit-line-clamp: \(maxLines);
                  overflow: hidden;

                """
        } else {
            rule += "  display: block;\n"
        }
        return rule + "}\n" + explicitLinesCSS()
    }

    /// Text set in the lines the measurer chose (`<p class="comment" data-lines="3"
    /// style="--lines: 3">` with a `<br>` at each line start): the browser breaks nowhere else,
    /// so the line count, and with it the height, is the computed one in every engine, whatever
    /// its advances (WebKitGTK rounds each glyph's advance to a whole pixel; hinted fonts on a
    /// visitor's machine do too). The box keeps the computed height and clips below it, so even
    /// an engine that draws taller lines never runs into the next cell; a line drawn wider than
    /// measured may reach into the cell's padding rather than lose its last letters.
    func explicitLinesCSS() -> String {
        let shown = maxLines.map { "min(var(--lines), \($0))" } ?? "var(--lines)"
        var rule = """
            .\(name)[data-lines] {
              white-space: nowrap;
              height: calc(\(shown) * \(Self.number(lineHeight))px);

            """
        if maxLines == nil {
            rule += "  overflow-x: visible;\n  overflow-y: clip;\n"
        }
        return rule + "}\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
