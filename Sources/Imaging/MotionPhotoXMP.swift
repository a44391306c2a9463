/// Where an Android motion photo's video is: a JPEG whose XMP (APP1
/// "http://ns.adobe.com/xap/1.0/") announces an MP4 appended after the picture, as
///
/// - Google's Motion Photo format 1.0: a `Container:Directory` item with
///   `Item:Semantic="MotionPhoto"` and `Item:Length` (the video's byte count, from the end of
///   the file), also written by Samsung's recent cameras;
/// - Google Camera's older MicroVideo: `GCamera:MicroVideoOffset` (the same count).
///
/// Read from the XMP's text with the namespace prefixes ignored, properties as attributes or as
/// elements (both are RDF/XML); nil when the XMP announces no video.
enum MotionPhotoXMP {
    static let app1Prefix = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    /// The byte count of the appended video, counted back from the end of the file.
    static func videoLength(xmp: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: xmp, as: UTF8.self)
        // One item of the container directory per list element.
        for item in text.split(separator: "<rdf:li").dropFirst() {
            if value(of: "Semantic", in: item) == "MotionPhoto", let length = value(of: "Length", in: item).flatMap({ Int($0) }), length > 0 {
                return length
            }
        }
        if let offset = value(of: "MicroVideoOffset", in: Substring(text)).flatMap({ Int($0) }), offset > 0 {
            return offset
        }
        return nil
    }

    /// The value of the property with this local name (any prefix): `prefix:name="value"` or
    /// `<prefix:name>value</prefix:name>`.
    static func value(of name: String, in text: Substring) -> String? {
        var rest = text[...]
        while let found = rest.range(of: ":" + name) {
            defer { rest = rest[found.upperBound...] }
            var after = rest[found.upperBound...]
            while after.first == " " { after.removeFirst() }
            if after.first == "=" {
                after.removeFirst()
                while after.first == " " { after.removeFirst() }
                guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
                after.removeFirst()
                guard let end = after.firstIndex(of: quote) else { return nil }
                return String(after[..<end]).trimmed
            }
            if after.first == ">" {
                after.removeFirst()
                guard let end = after.firstIndex(of: "<") else { return nil }
                return String(after[..<end]).trimmed
            }
        }
        return nil
    }
}

private extension Substring {
    func range(of needle: String) -> Range<Index>? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return nil }
        var index = startIndex
        while index < endIndex {
            guard let start = self[index...].utf8.firstIndex(of: first) else { return nil }
            if self[start...].utf8.starts(with: pattern) {
                return start ..< self.utf8.index(start, offsetBy: pattern.count)
            }
            index = self.utf8.index(after: start)
        }
        return nil
    }
}

private extension String {
    var trimmed: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
