/// Text put into the markup of the site's files and of what is sent for them (HTML pages, the
/// sitemap, an album's description, an S3 request's XML): the one escaper.
public enum MarkupText {
    /// `text` with nothing that can open a tag, close an attribute or start a character
    /// reference: `&`, `<`, `>`, `"` and `'` as references (`'` as `&#39;`, which HTML and XML
    /// both read), and NUL, which neither allows, as U+FFFD.
    public static func escaped(_ text: String) -> String {
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
}
