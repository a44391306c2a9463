import PhotoFacts

/// Reads an image's format, stored size and EXIF orientation from its headers, without
/// decoding pixels: JPEG's SOF and APP1 segments, PNG's IHDR and eXIf chunks, HEIF's item
/// tables and properties, WebP's RIFF chunks, TIFF's first directory.
///
/// Sizes are checked against `ImageLimits` here, before anything could be allocated for them.
public enum PhotoProbe {
    /// Probes the file at `path`.
    public static func probe(path: String) throws(ProbeError) -> ProbeResult {
        var input = try ProbeInput(path: path)
        return try probe(&input)
    }

    /// Probes an image held in memory.
    public static func probe(bytes: [UInt8]) throws(ProbeError) -> ProbeResult {
        var input = ProbeInput(bytes: bytes)
        return try probe(&input)
    }

    static func probe(_ input: inout ProbeInput) throws(ProbeError) -> ProbeResult {
        guard input.size > 0 else { throw .empty }
        guard let head = try input.bytes(at: 0, count: min(input.size, 16)) else { throw .empty }
        let result: ProbeResult
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            result = try probeJPEG(&input)
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            result = try probePNG(&input)
        } else if let heif = heifFormat(head) {
            result = try probeHEIF(&input, format: heif)
        } else if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8 ..< 12]) == Array("WEBP".utf8) {
            result = try probeWebP(&input)
        } else if head.count >= 8, head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
                    || head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            result = try probeTIFF(&input)
        } else if let other = otherFormat(head) {
            throw .unsupportedFormat(other)
        } else if head.count < 3 && [0xFF, 0xD8, 0xFF].starts(with: head) {
            throw .truncated("the file ends inside the JPEG signature")
        } else {
            throw .notAnImage
        }
        guard result.width > 0, result.height > 0 else {
            throw .zeroSize(width: result.width, height: result.height)
        }
        // A TIFF is read strip by strip into the size it is drawn at, so a large scan needs no
        // memory for its whole picture.
        let limit = result.format == .tiff ? ImageLimits.maximumStreamedPixels : ImageLimits.maximumPixels
        guard result.width <= limit / result.height else {
            throw .tooLarge(width: result.width, height: result.height)
        }
        return result
    }

    /// HEIF files by their `ftyp` brands: AVIF for AV1 pictures, HEIC for HEVC ones (and the
    /// generic image brands, which iPhones and cameras use for HEVC).
    private static func heifFormat(_ head: [UInt8]) -> ImageFormat? {
        guard head.count >= 12, String(decoding: head[4 ..< 8], as: UTF8.self) == "ftyp" else { return nil }
        switch String(decoding: head[8 ..< 12], as: UTF8.self) {
        case "avif", "avis": return .avif
        case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "mif2": return .heic
        default: return nil
        }
    }

    /// Names formats people commonly have in a photo folder, for a more useful error.
    private static func otherFormat(_ head: [UInt8]) -> String? {
        func ascii(_ range: Range<Int>) -> String? {
            guard range.upperBound <= head.count else { return nil }
            return String(decoding: head[range], as: UTF8.self)
        }
        if ascii(0 ..< 4) == "GIF8" { return "GIF" }
        if ascii(0 ..< 2) == "BM", head.count >= 14 { return "BMP" }
        return nil
    }
}
