/// The video containers the gallery reads, recognised by their first bytes (as images are),
/// never by their extension. The raw value is what the library stores as the file's format.
public enum VideoContainer: String, Sendable, Hashable, Codable, CaseIterable {
    /// ISO base media: phones' Android clips, cameras' MP4 (`ftyp` isom, mp41, mp42, avc1...).
    case mp4
    /// QuickTime (`ftyp` "qt  "): iPhones' clips and Live Photos' motion.
    case mov
    /// iTunes video (`ftyp` M4V).
    case m4v
    /// 3GPP/3GPP2 (`ftyp` 3gp*, 3g2*): older phones.
    case threeGP = "3gp"
    /// Matroska with the WebM doctype.
    case webm
    case mkv
    /// RIFF AVI.
    case avi
    /// MPEG transport stream, plain (188-byte packets) or with timecodes (192, AVCHD's .MTS/.M2TS).
    case mts

    /// The container of a file that starts with `head` (at least its first 64 bytes when the
    /// file has them; a transport stream needs 2 × 192 + 1), or nil when it is not a video
    /// container (HEIF stills share MP4's `ftyp` box; their brands are left to `PhotoProbe`).
    public static func sniff(_ head: [UInt8]) -> VideoContainer? {
        func ascii(_ range: Range<Int>) -> String? {
            guard range.upperBound <= head.count else { return nil }
            return String(decoding: head[range], as: UTF8.self)
        }
        if ascii(4 ..< 8) == "ftyp", let brand = ascii(8 ..< 12) {
            switch brand {
            case "avif", "avis", "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "mif2": return nil
            case "qt  ": return .mov
            case "M4V ", "M4VH", "M4VP": return .m4v
            case "M4A ", "M4B ", "M4P ": return nil  // audio
            default:
                if brand.hasPrefix("3gp") || brand.hasPrefix("3g2") { return .threeGP }
                return .mp4
            }
        }
        // QuickTime files from before `ftyp`: a moov, mdat, wide or free atom first.
        if let atom = ascii(4 ..< 8), ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(atom), head.count >= 8 {
            return .mov
        }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
            // The EBML header names the doctype within its first bytes.
            let text = head.prefix(64)
            return text.windows(ofCount: 4).contains { $0.elementsEqual("webm".utf8) } ? .webm : .mkv
        }
        if ascii(0 ..< 4) == "RIFF", ascii(8 ..< 12) == "AVI " { return .avi }
        // Transport streams: a sync byte every packet, at the start (188) or after a 4-byte
        // timecode (192).
        for (offset, size) in [(0, 188), (4, 192)] where head.count > offset + 2 * size {
            if head[offset] == 0x47, head[offset + size] == 0x47, head[offset + 2 * size] == 0x47 { return .mts }
        }
        return nil
    }
}

private extension Collection {
    /// Every run of `count` consecutive elements.
    func windows(ofCount count: Int) -> [SubSequence] {
        guard self.count >= count else { return [] }
        var result: [SubSequence] = []
        var start = startIndex
        while let end = index(start, offsetBy: count, limitedBy: endIndex) {
            result.append(self[start ..< end])
            start = index(after: start)
        }
        return result
    }
}
