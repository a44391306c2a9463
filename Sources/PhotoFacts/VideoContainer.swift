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
    /// MPEG-1/2 program stream (`.mpg`, `.mpeg`, `.vob`: old cameras' and DVDs' clips), or an
    /// MPEG video stream on its own (`.m1v`, `.m2v`).
    case mpeg
    /// Ogg holding Theora video (`.ogv`); Ogg audio (Vorbis, Opus) is not a video.
    case ogg
    /// Flash video that says it holds video (`.flv`).
    case flv
    /// Windows Media: ASF (`.wmv`, `.asf`).
    case asf

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
            case "crx ": return nil  // a Canon CR3 raw photo, which shares MP4's boxes
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
        // A pack header, or a sequence header of MPEG video on its own.
        if head.starts(with: [0x00, 0x00, 0x01, 0xBA]) || head.starts(with: [0x00, 0x00, 0x01, 0xB3]) { return .mpeg }
        // Ogg: its first pages name their streams' codecs (a skeleton first, then Theora's).
        if ascii(0 ..< 4) == "OggS" {
            return head.windows(ofCount: 7).contains { $0.elementsEqual([0x80] + Array("theora".utf8)) } ? .ogg : nil
        }
        // FLV: version 1, and the header's flags say whether it has video.
        if ascii(0 ..< 3) == "FLV", head.count > 4, head[3] == 1 { return head[4] & 0x01 != 0 ? .flv : nil }
        if head.starts(with: Self.asfHeader) { return .asf }
        // Transport streams: a sync byte every packet, at the start (188) or after a 4-byte
        // timecode (192).
        for (offset, size) in [(0, 188), (4, 192)] where head.count > offset + 2 * size {
            if head[offset] == 0x47, head[offset + size] == 0x47, head[offset + 2 * size] == 0x47 { return .mts }
        }
        return nil
    }
}

extension VideoContainer {
    /// The GUID an ASF file starts with (its Header Object).
    static let asfHeader: [UInt8] = [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
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
