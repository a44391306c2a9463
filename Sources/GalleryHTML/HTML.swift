/// Escaping for text from files (captions, comments, file and album names): nothing from an
/// annotation can open a tag, close an attribute or start a character reference.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\0": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escaped text cut into the lines that start at `lineStarts` (UTF-8 offsets, as
    /// `TextMeasurer.lineStarts` gives them), with a `<br>` before each line after the first.
    /// What is between two lines stays (a space, a line feed) so the text reads and copies as
    /// written; CSS removes white space at the end of a line.
    static func lines(_ text: String, lineStarts: [Int]) -> String {
        lineTexts(text, lineStarts: lineStarts).map(escape).joined(separator: "<br>")
    }

    /// The text cut at `lineStarts` (UTF-8 offsets), nothing dropped.
    static func lineTexts(_ text: String, lineStarts: [Int]) -> [String] {
        let bytes = Array(text.utf8)
        let cuts = [0] + lineStarts.filter { $0 > 0 && $0 < bytes.count } + [bytes.count]
        return (0 ..< cuts.count - 1).filter { cuts[$0] <= cuts[$0 + 1] }.map { String(decoding: bytes[cuts[$0] ..< cuts[$0 + 1]], as: UTF8.self) }
    }

    /// A CSS px value, rounded to 1/1000 px and written as short as it reads back: the same
    /// digits the data files carry (AlbumData), so a cell the script makes from them is the
    /// cell the page writes.
    static func px(_ value: Double) -> String {
        let value = rounded(value)
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// To 1/1000 px: finer than any screen draws; JSON then prints such numbers short.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
