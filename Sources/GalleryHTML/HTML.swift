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
