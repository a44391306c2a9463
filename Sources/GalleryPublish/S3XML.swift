/// The little of S3's XML answers a publish reads (a listing's objects, an error's code and
/// message, a multi-delete's failures): elements found by name, text unescaped. S3's answers
/// are flat and machine-written, so a scanner suffices where a parser would be a dependency.
enum S3XML {
    /// The text of every `<name>…</name>` in `xml`, in order (the inner markup of each).
    static func elements(_ name: String, in xml: Substring) -> [Substring] {
        var found: [Substring] = []
        let open = "<\(name)>", close = "</\(name)>"
        var rest = xml[...]
        while let start = rest.range(of: open) {
            guard let end = rest[start.upperBound...].range(of: close) else { break }
            found.append(rest[start.upperBound ..< end.lowerBound])
            rest = rest[end.upperBound...]
        }
        return found
    }

    /// The unescaped text of the first `<name>` in `xml`.
    static func value(_ name: String, in xml: Substring) -> String? {
        elements(name, in: xml).first.map { unescape($0) }
    }

    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { out += rest[amp...]; return out }
            let entity = rest[rest.index(after: amp) ..< semi]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { out.unicodeScalars.append(scalar) } else { out += "&\(entity);" }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
