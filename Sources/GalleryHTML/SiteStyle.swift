import Foundation
import GalleryService
import GalleryZip
import GallerySitePlan
import TextMetrics
import GalleryLayout

/// The site's style sheet and the fonts it names, cut to the characters the site shows: each
/// face gets the characters the measurement drew with it (kept in the library at import), plus
/// the pages' own words.
struct SiteStyle: Sendable {
    var css: String
    /// Font files by name ("fonts/…").
    var fonts: [String: [UInt8]]
    /// The fonts every page's first screen sets its texts in (the base file, `FontCut`, of
    /// each style's first font, as written in `fonts`): pages preload them, because
    /// `font-display: block` keeps a text unpainted until its font is in, and the style sheet
    /// alone names them too late on a slow phone (they would wait for it, then share the line
    /// with the first images).
    var firstScreenFonts: [String]
    /// Every face a font file is cut from ("family path index"), in order: what the texts are
    /// set in, which a page's digest reads (`SiteSnapshot.sharedInputs`) without the rest
    /// files' names, which change with every character new to the site.
    var faces: [String]

    /// What the pages write beside the captions, comments and `SiteWords`, each part from the
    /// code that writes it: its characters go into the fonts too.
    static let pageCharacters = PageRenderer.symbols + " " + CellMarkup.liveMark + " " + DateRangeText.characters + " " + ShotDescription.characters
        + " " + SiteFileName.characters + " " + LayoutKind.allCases.map(\.title).joined(separator: " ")

    /// `own`: the site's own texts (title, descriptions, album titles).
    init(context: SiteContext, words: SiteWords, own: [String]) throws {
        let database = context.database, measurer = context.measurer
        // Characters found for other fonts (a font package upgraded since the import), or a
        // library made before they were kept: found again now, before the fonts are cut.
        let measuring = AnnotationMeasurer(database: database, measurer: measurer, caption: context.caption, comment: context.comment)
        let styles = context.textStyles
        var kept = try database.fontCharacters()
        if kept.styles != measuring.fontCharactersStyles {
            try measuring.ensureMeasured(widths: [context.geometry.innerWidth])
            kept = try database.fontCharacters()
        }
        var characters: [FontFace: Set<Unicode.Scalar>] = [:]
        for (face, text) in kept.characters where FileManager.default.fileExists(atPath: face.path) {
            characters[FontFace(family: face.family, path: face.path, index: face.index, package: face.package), default: []]
                .formUnion(text.unicodeScalars)
        }
        let shown = [Self.pageCharacters, words.allText] + own
        for style in styles {
            characters.merge(try measurer.charactersByFace(shown, style: style)) { $0.union($1) }
        }
        var fonts: [String: [UInt8]] = [:]
        var urls: [FontKey: String] = [:]
        var seen = Set<String>()
        var faces: [String] = []
        let fallbacks = characters.keys.filter { face in !styles.contains { $0.fonts.contains(face) } }
            .sorted { ($0.family, $0.path) < ($1.family, $1.path) }
        for face in styles.flatMap(\.fonts) + fallbacks where seen.insert(face.family).inserted {
            guard let used = characters[face], !used.isEmpty else { continue }
            let files = try FontFile.cuts(of: face, used: used)
            for file in files {
                // WOFF: half the bytes on a host that does not compress (object storage).
                let (bytes, ext) = WOFF.encode(file.bytes).map { ($0, "woff") } ?? (file.bytes, face.path.hasSuffix(".ttf") ? "ttf" : "otf")
                let name = SiteFileName.font(Self.fileName(face, bytes: bytes, ext: ext)).name
                fonts[name] = bytes
                urls[FontKey(family: face.family, cut: file.cut)] = name
            }
            if !files.isEmpty { faces.append("\(face.family) \(face.path) \(face.index)") }
        }
        let listed = Set(styles.flatMap(\.fonts))
        let fallbackFaces = characters.keys.filter { face in !listed.contains(face) && FontCut.allCases.contains { urls[FontKey(family: face.family, cut: $0)] != nil } }
        let textCSS = TextStyle.css(for: styles, fallbackFaces: fallbackFaces) { urls[FontKey(family: $0.family, cut: $1)] }
        css = SiteAssets.stylesheet(geometry: context.geometry, textCSS: textCSS, fallbackFaces: fallbackFaces,
                                    styles: (context.caption, context.comment), accent: context.configuration.look.accent)
        self.fonts = fonts
        // The base files only: their names stay while the site's characters change, so a
        // caption with a new character does not rewrite every page. The rest files, when a
        // text needs them, come by the style sheet.
        var firstScreen: [String] = []
        for style in styles {
            if let face = style.fonts.first, let name = urls[FontKey(family: face.family, cut: .base)], !firstScreen.contains(name) { firstScreen.append(name) }
        }
        firstScreenFonts = firstScreen
        self.faces = faces
    }

    private struct FontKey: Hashable {
        var family: String
        var cut: FontCut
    }

    /// "dejavu-sans-0123456789ab.woff": the family, and a digest of the file's bytes, so the
    /// name changes whenever the file does (`gallery serve` and the exported site let browsers
    /// keep fonts/ for a year): a rest file with the site's characters, a base file with the
    /// font package.
    private static func fileName(_ face: FontFace, bytes: [UInt8], ext: String) -> String {
        let slug = face.family.lowercased().unicodeScalars.map { $0.properties.isAlphabetic || ("0" ... "9").contains($0) ? String($0) : "-" }.joined()
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: names, not security
        for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return slug + "-" + String(String(digest, radix: 16).prefix(12)) + "." + ext
    }
}
