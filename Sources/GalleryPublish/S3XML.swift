/// The little of S3's XML answers a publish reads (a listing's objects, an error's code and
/// message, a multi-delete's failures): elements found by name, text unescaped. S3's answers
/// are flat and machine-written, so a scanner suffices where a parser would be a dependency.
enum S3XML {
    /// The bytes of every `<name>…</name>` in `xml`, in order (the inner markup of each).
    static func elements(_ name: String, in xml: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        let open = Array("<\(name)>".utf8), close = Array("</\(name)>".utf8)
        var from = xml.startIndex
        while let start = find(open, in: xml, from: from) {
            let inside = start + open.count
            guard let end = find(close, in: xml, from: inside) else { break }
            found.append(xml[inside ..< end])
            from = end + close.count
        }
        return found
    }

    /// The unescaped text of the first `<name>` in `xml`.
    static func value(_ name: String, in xml: ArraySlice<UInt8>) -> String? {
        let open = Array("<\(name)>".utf8), close = Array("</\(name)>".utf8)
        guard let start = find(open, in: xml, from: xml.startIndex), let end = find(close, in: xml, from: start + open.count) else { return nil }
        return unescape(Substring(decoding: xml[(start + open.count) ..< end], as: UTF8.self))
    }

    /// Where `needle` first starts in `bytes` at or after `from`.
    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.endIndex - from else { return nil }
        var index = from
        let last = bytes.endIndex - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
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

}
