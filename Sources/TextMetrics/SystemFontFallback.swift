import CFontconfig
import Synchronization

/// The face a browser on Linux falls back to for a character that no font of a style's list
/// has, asked of fontconfig the way Chromium asks it (ui/gfx/font_fallback_linux.cc,
/// GetFallbackFontForChar): a pattern holding only that character and the content language,
/// fontconfig's substitutions and defaults, the sorted list of fonts, and the first scalable
/// TrueType or CFF face whose character set has it.
///
/// The site ships that face (cut to the characters it draws) with the others, so every
/// visitor's browser draws with it, whatever fonts the visitor's machine has.
final class SystemFontFallback: Sendable {
    static let shared = SystemFontFallback()

    /// Answers by code point (nil: no installed font has it).
    private let answers = Mutex<[UInt32: FontFace?]>([:])
    /// fontconfig's queries on the default configuration, one at a time.
    private let fontconfig = Mutex(())
    /// The content language given to fontconfig (the pages' `lang`).
    let language = "en"

    /// The face for `scalar`, or nil when no installed font has it.
    func face(for scalar: Unicode.Scalar) -> FontFace? {
        if let known = answers.withLock({ $0[scalar.value] }) { return known }
        let found = fontconfig.withLock { _ in query(scalar.value) }
        answers.withLock { $0[scalar.value] = found }
        return found
    }

    private func query(_ codePoint: UInt32) -> FontFace? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let charset = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, codePoint)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        FcPatternAddString(pattern, FC_LANG, language)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let fonts = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(fonts) }
        for index in 0 ..< Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[index] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                  FcCharSetHasChar(fontCharset, codePoint) != 0,
                  let path = string(font, FC_FILE), path.hasPrefix("/"),
                  let format = string(font, FC_FONTFORMAT), format == "TrueType" || format == "CFF"
            else { continue }
            var scalable: FcBool = 0
            if FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable == 0 { continue }
            var faceIndex: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
            let family = string(font, FC_FAMILY) ?? "font"
            let style = string(font, FC_STYLE) ?? ""
            // Variable-font instances share a file and index; the low 16 bits are the face.
            let face = Int(faceIndex) & 0xFFFF
            // A name CSS takes in quotes as it is.
            let cleanFamily = String(family.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " || $0 == "-" })
            var name = "Gallery Fallback \(cleanFamily)"
            let cleanStyle = String(style.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " })
            if !cleanStyle.isEmpty, cleanStyle != "Regular" { name += " \(cleanStyle)" }
            if face > 0 { name += " \(face)" }
            return FontFace(family: name, path: path, index: face, package: "a font fontconfig lists")
        }
        return nil
    }

    private func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
