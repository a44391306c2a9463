/// Line break opportunities as Blink finds them for `word-break: normal` (LazyLineBreakIterator,
/// kNormal, break after a space run): UAX #14 through ICU, except
/// - never before a space, always after a run of spaces;
/// - between two printable ASCII characters, Blink's own table (compatible with other
///   browsers): only before "(", "<", "[", "{" after closing or other punctuation, and after
///   "-" and "?" before most characters; so `/` in a URL is not an opportunity;
/// - "-" before a digit breaks only after a letter or digit (a minus sign stays with its number);
/// - no break between NBSP and an ASCII character.
///
/// Source: Chromium third_party/blink/renderer/platform/text/text_break_iterator.cc.
enum BlinkLineBreaks {
    /// Break opportunities after position 0 (UTF-8 offsets), ending with the text's length.
    static func opportunities(_ bytes: [UInt8], icu: [Int32]) -> [Int32] {
        let icuBreaks = Set(icu)
        var result: [Int32] = []
        var lastLast: UInt32 = 0
        var last: UInt32 = 0
        var index = 0
        var first = true
        let text = String(decoding: bytes, as: UTF8.self)
        for scalar in text.unicodeScalars {
            let current = scalar.value
            defer {
                index += scalar.utf8.count
                lastLast = last
                last = current
                first = false
            }
            if first { continue }
            if isBreakableSpace(current) { continue }
            if isBreakableSpace(last) {
                result.append(Int32(index))
                continue
            }
            switch fastRule(lastLast, last, current) {
            case .some(true): result.append(Int32(index))
            case .some(false): break
            case .none: if icuBreaks.contains(Int32(index)) { result.append(Int32(index)) }
            }
        }
        result.append(Int32(bytes.count))
        return result
    }

    private static func isBreakableSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 }

    /// nil: ask ICU.
    private static func fastRule(_ lastLast: UInt32, _ last: UInt32, _ current: UInt32) -> Bool? {
        if last < 0x21 || current < 0x21 { return false }
        if last == 0x2D, current <= 0x7F, (0x30 ... 0x39).contains(current) {
            return isASCIIAlphanumeric(lastLast)
        }
        if last <= 0x7F && current <= 0x7F {
            return asciiBreakAllowed(after: UInt8(last), before: UInt8(current))
        }
        if (current == 0xA0 && last <= 0x7F) || (last == 0xA0 && current <= 0x7F) { return false }
        return nil
    }

    private static func isASCIIAlphanumeric(_ c: UInt32) -> Bool {
        (0x30 ... 0x39).contains(c) || (0x41 ... 0x5A).contains(c) || (0x61 ... 0x7A).contains(c)
    }

    /// Blink's kAsciiLineBreakTable, row by row.
    private static func asciiBreakAllowed(after last: UInt8, before current: UInt8) -> Bool {
        switch last {
        case UInt8(ascii: "-"):
            return hyphenBreaksBefore.contains(current)
        case UInt8(ascii: "?"):
            return questionBreaksBefore.contains(current)
        default:
            return punctuationBeforeOpening.contains(last) && openingPunctuation.contains(current)
        }
    }

    private static let openingPunctuation: Set<UInt8> = Set("(<[{".utf8)
    private static let punctuationBeforeOpening: Set<UInt8> = Set("!\"#%&)*+,.:;=>\\]|}~".utf8)
    private static let letters: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    private static let hyphenBreaksBefore: Set<UInt8> = Set(Array("\"#%&'(*+-<=>@[\\^_`{|~".utf8) + letters + [0x7F])
    private static let questionBreaksBefore: Set<UInt8> = Set(Array("#$%&(*+-0123456789<=>@[\\^_`{|~".utf8) + letters)
}
