/// The gallery's two text styles and the fonts they use, all from Debian packages
/// (`make deps` installs them).
///
/// The font list is the CSS fallback order: Inter for Latin, Greek and Cyrillic (open, and
/// close in spirit to the tutorial's Avenir Next), then Noto for every other script, then
/// Noto Color Emoji.
public enum GalleryTextStyles {
    static let noto = "/usr/share/fonts/truetype/noto/"

    /// The fallback fonts after the primary one, in order.
    public static let fallbackFonts: [FontFace] = [
        FontFace(family: "Gallery Noto Sans", path: noto + "NotoSans-Regular.ttf", package: "fonts-noto-core"),
        FontFace(family: "Gallery Noto Sans Arabic", path: noto + "NotoSansArabic-Regular.ttf", package: "fonts-noto-core"),
        FontFace(family: "Gallery Noto Sans Hebrew", path: noto + "NotoSansHebrew-Regular.ttf", package: "fonts-noto-core"),
        FontFace(family: "Gallery Noto Sans Thai", path: noto + "NotoSansThai-Regular.ttf", package: "fonts-noto-core"),
        FontFace(family: "Gallery Noto Sans Devanagari", path: noto + "NotoSansDevanagari-Regular.ttf", package: "fonts-noto-core"),
        FontFace(family: "Gallery Noto Sans CJK", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", index: 0, package: "fonts-noto-cjk"),
        FontFace(family: "Gallery Noto Color Emoji", path: noto + "NotoColorEmoji.ttf", package: "fonts-noto-color-emoji"),
        FontFace(family: "Gallery Noto Sans Symbols", path: noto + "NotoSansSymbols-Regular.ttf", package: "fonts-noto-core"),
    ]

    /// The caption: the cell's header line, at most two lines, then an ellipsis.
    public static let caption = TextStyle(
        name: "caption",
        fonts: [FontFace(family: "Gallery Inter SemiBold", path: "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", package: "fonts-inter")] + fallbackFonts,
        fontSize: 15, lineHeight: 20, maxLines: 2)

    /// The comment: wrapped in full.
    public static let comment = TextStyle(
        name: "comment",
        fonts: [FontFace(family: "Gallery Inter", path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", package: "fonts-inter")] + fallbackFonts,
        fontSize: 13, lineHeight: 18, maxLines: nil)

    public static let all = [caption, comment]

    /// The two styles in other families or sizes (`[look]`): each family's face nearest the
    /// default's weight (caption 600, comment 400) as fontconfig finds it, the same fallbacks,
    /// line heights in the defaults' proportions. The defaults themselves ("Inter", 15 and 13)
    /// give `caption` and `comment` exactly. Nil for a family fontconfig does not have.
    public static func styles(captionFamily: String, captionSize: Double, commentFamily: String, commentSize: Double)
        -> (caption: TextStyle, comment: TextStyle)? {
        func style(_ base: TextStyle, family: String, size: Double, weight: Int) -> TextStyle? {
            var style = base
            if family.lowercased() != "inter" {
                guard let face = FontFamilyLookup.face(family: family, weight: weight) else { return nil }
                style.fonts = [face] + fallbackFonts
            }
            if size != base.fontSize {
                style.fontSize = size
                style.lineHeight = (size * base.lineHeight / base.fontSize).rounded()
            }
            return style
        }
        guard let caption = style(caption, family: captionFamily, size: captionSize, weight: 600),
              let comment = style(comment, family: commentFamily, size: commentSize, weight: 400) else { return nil }
        return (caption, comment)
    }

    /// The Debian packages that provide the fonts.
    public static var packages: [String] {
        Array(Set(all.flatMap { $0.fonts.map(\.package) })).sorted()
    }
}
