extension TextStyle {
    /// The CSS that sets text exactly as `TextMeasurer` measures it: an `@font-face` rule per
    /// font file, then one rule per style, selected by its class name (`.caption`, `.comment`).
    ///
    /// - Parameter fontURL: where the page finds each font file (a `file://` URL, or the
    ///   exported copy's relative URL); nil leaves a font out (a site that uses none of its
    ///   characters does not need it).
    public static func css(for styles: [TextStyle], fontURL: (FontFace) -> String?) -> String {
        var css = ""
        var declared = Set<String>()
        for face in styles.flatMap(\.fonts) where declared.insert(face.family).inserted {
            guard let url = fontURL(face) else { continue }
            // One weight range per file: the browser then never synthesises bold or italic,
            // which would change advances that the measurement did not see.
            css += """
                @font-face {
                  font-family: "\(face.family)";
                  src: url("\(url)");
                  font-weight: 1 1000;
                  font-style: normal;
                  font-display: block;
                }

                """
        }
        for style in styles {
            css += style.ruleCSS()
        }
        return css
    }

    /// The rule for this style's class. Every property that changes line breaking or advances is
    /// pinned, so inherited page styles cannot change what was measured.
    func ruleCSS() -> String {
        let families = fonts.map { "\"\($0.family)\"" }.joined(separator: ", ")
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
              text-rendering: auto;
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
        return rule + "}\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
