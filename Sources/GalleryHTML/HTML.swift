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

    /// A CSS px value: integers plain, others with enough digits to land within 1/1000 px.
    static func px(_ value: Double) -> String {
        if value == value.rounded() { return String(Int64(value)) }
        var text = String(value)
        if text.contains("e") { return "0" }  // below 1e-4: nothing a screen can show
        if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 7 {
            text = String(text[..<text.index(dot, offsetBy: 7)])
        }
        return text
    }
}
