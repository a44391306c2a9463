import Foundation

/// Text as search sees it, the same in Swift (the index, `gallery layout --query`,
/// `/api/search`) and in the page's script (gallery.js, which must match it character for
/// character): folded, then cut into tokens.
///
/// - Folding: compatibility decomposition (NFKD), nonspacing marks removed (accents: "é" is
///   "e", "ﬁ" is "fi"), composed again (NFC: Hangul's syllables), lowercased, and a final sigma
///   made a sigma (Swift's lowercasing and JavaScript's differ there).
/// - Tokens: runs of letters, marks and digits. Within a run, characters of the scripts
///   written without spaces (Han, Hiragana, Katakana, Hangul: `isUnspaced`) are cut into
///   overlapping pairs ("東京都" → "東京", "京都"; a lone one stays itself); the rest of the
///   run is one token.
public enum SearchText {
    /// `text` folded: NFKD, nonspacing marks removed, NFC, lowercased, "ς" as "σ".
    /// gallery.js: `text.normalize('NFKD').replace(/\p{Mn}/gu, '').normalize('NFC').toLowerCase().replace(/ς/g, 'σ')`.
    public static func fold(_ text: String) -> String {
        if isASCII(text) { return String(decoding: text.utf8.map(lowercased), as: UTF8.self) }
        return foldUnicode(text)
    }

    /// `fold` of any text, without the ASCII shortcut (which the tests hold to it).
    static func foldUnicode(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping.lowercased().replacingOccurrences(of: "ς", with: "σ")
    }

    /// The tokens of `text` (folded first).
    public static func tokens(_ text: String) -> [String] {
        isASCII(text) ? asciiTokens(text) : unicodeTokens(text)
    }

    /// ASCII text is most captions, file names and dates, and its folding and tokens need no
    /// Unicode tables: no decomposition, mark or final sigma, lowercase by a byte's bit, and
    /// its only letters and digits are [A-Za-z0-9]. Indexing a large library spent most of
    /// its time on the general path.
    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41 ... 0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// `tokens` of ASCII text: its runs of letters and digits, lowercased.
    static func asciiTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            let byte = lowercased(byte)
            if (0x61 ... 0x7A).contains(byte) || (0x30 ... 0x39).contains(byte) {
                word.append(byte)
            } else if !word.isEmpty {
                tokens.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { tokens.append(String(decoding: word, as: UTF8.self)) }
        return tokens
    }

    /// `tokens` of any text, without the ASCII shortcut.
    static func unicodeTokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var word = String.UnicodeScalarView()
        var unspaced: [Unicode.Scalar] = []
        func endWord() {
            if !word.isEmpty { tokens.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        func endUnspaced() {
            if unspaced.count == 1 { tokens.append(String(unspaced[0])) }
            for pair in unspaced.indices.dropLast() { tokens.append(String(unspaced[pair]) + String(unspaced[pair + 1])) }
            unspaced = []
        }
        for scalar in foldUnicode(text).unicodeScalars {
            if isUnspaced(scalar) {
                endWord()
                unspaced.append(scalar)
            } else if isWordCharacter(scalar) {
                endUnspaced()
                word.append(scalar)
            } else {
                endWord()
                endUnspaced()
            }
        }
        endWord()
        endUnspaced()
        return tokens
    }

    /// Letters, marks and digits (Unicode's L*, M* and N* categories).
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default:
            false
        }
    }

    /// Han, Hiragana, Katakana and Hangul, by their blocks (the script's own list in gallery.js).
    public static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040 ... 0x30FF, 0x31F0 ... 0x31FF,  // Hiragana, Katakana and its extension
             0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xF900 ... 0xFAFF, 0x20000 ... 0x3134F,  // Han
             0x1100 ... 0x11FF, 0x3130 ... 0x318F, 0xAC00 ... 0xD7AF:  // Hangul
            true
        default:
            false
        }
    }
}
