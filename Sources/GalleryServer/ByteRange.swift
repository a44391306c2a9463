/// One range of a `Range: bytes=…` request header (RFC 9110 §14.1.2): "bytes=0-1023",
/// "bytes=1024-" (to the end), "bytes=-500" (the last 500). Safari asks a video for its first two
/// bytes, then for ranges, and plays nothing from a server that does not answer them.
struct ByteRange: Equatable {
    /// First and last byte, inclusive, within the file.
    var first: Int
    var last: Int
    var count: Int { last - first + 1 }

    enum Parsed: Equatable {
        /// One satisfiable range: answer 206.
        case range(ByteRange)
        /// Nothing of it lies in the file: answer 416.
        case unsatisfiable
        /// Not a byte range this server answers (malformed, another unit, several ranges):
        /// answer the whole file, as the RFC allows.
        case whole
    }

    static func parse(_ header: String, size: Int) -> Parsed {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let start = spec[..<dash].trimmingCharacters(in: .whitespaces), end = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        func number(_ digits: String) -> Int? { digits.isEmpty || !digits.allSatisfy(\.isASCII) ? nil : Int(digits) }
        if start.isEmpty {
            // The last `n` bytes.
            guard let n = number(end) else { return .whole }
            guard n > 0, size > 0 else { return .unsatisfiable }
            return .range(ByteRange(first: max(0, size - n), last: size - 1))
        }
        guard let first = number(start), first >= 0 else { return .whole }
        guard first < size else { return .unsatisfiable }
        if end.isEmpty { return .range(ByteRange(first: first, last: size - 1)) }
        guard let last = number(end), last >= first else { return .whole }
        return .range(ByteRange(first: first, last: min(last, size - 1)))
    }
}
