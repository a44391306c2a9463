import CFontconfig
import Synchronization

/// A font family by name, as fontconfig finds it (`fc-match "Family:weight=…"`): the file of
/// the face closest to a weight, when the family is installed. For `[look] caption_font` and
/// `comment_font`: the page ships that very file, so the browser draws with what was measured.
public enum FontFamilyLookup {
    /// fontconfig's queries on the default configuration, one at a time.
    private static let fontconfig = Mutex(())

    /// The face of `family` nearest `weight` (CSS: 400 regular, 600 semibold), or nil when
    /// fontconfig has no family of that name (it would substitute another).
    public static func face(family: String, weight: Int) -> FontFace? {
        fontconfig.withLock { _ in query(family: family, weight: weight) }
    }

    /// Whether fontconfig knows `family`.
    public static func exists(_ family: String) -> Bool { face(family: family, weight: 400) != nil }

    private static func query(family: String, weight: Int) -> FontFace? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        FcPatternAddInteger(pattern, FC_SLANT, Int32(FC_SLANT_ROMAN))
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        // fontconfig always answers; only a face whose family names include the one asked
        // for is that family.
        let wanted = normalized(family)
        var names: [String] = []
        var n: Int32 = 0
        while let name = string(font, FC_FAMILY, n) {
            names.append(name)
            n += 1
        }
        guard names.contains(where: { normalized($0) == wanted }),
              let path = string(font, FC_FILE, 0), path.hasPrefix("/"),
              let format = string(font, FC_FONTFORMAT, 0), format == "TrueType" || format == "CFF" else { return nil }
        var faceIndex: Int32 = 0
        _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
        let face = Int(faceIndex) & 0xFFFF  // variable-font instances: the low 16 bits are the face
        let style = string(font, FC_STYLE, 0) ?? ""
        let clean = { (text: String) in String(text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " || $0 == "-" }) }
        var name = "Gallery \(clean(names.first ?? family))"
        if !clean(style).isEmpty, clean(style) != "Regular" { name += " \(clean(style))" }
        if face > 0 { name += " \(face)" }
        return FontFace(family: name, path: path, index: face, package: "the font family \(family)")
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { !$0.isWhitespace })
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
