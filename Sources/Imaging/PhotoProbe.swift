import PhotoFacts

/// Reads an image's format, stored size and EXIF orientation from its headers, without
/// decoding pixels: JPEG's SOF and APP1 segments, PNG's IHDR and eXIf chunks, HEIF's item
/// tables and properties, WebP's RIFF chunks, TIFF's first directory; a camera raw's through
/// LibRaw (`probeRAW`), a JPEG XL's through libjxl (`probeJXL`).
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
        } else if let raw = rawKind(head) {
            result = try probeRAW(&input, kind: raw)
        } else if let heif = heifFormat(head) {
            result = try probeHEIF(&input, format: heif)
        } else if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8 ..< 12]) == Array("WEBP".utf8) {
            result = try probeWebP(&input)
        } else if head.count >= 8, head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
                    || head.starts(with: [0x49, 0x49, 0x2B, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            result = try probeTIFF(&input)
        } else if JPEGXLReader.isJPEGXL(head) {
            result = try probeJXL(&input)
        } else if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            result = try probeDecoded(&input, format: .gif)
        } else if head.count >= 14, head.starts(with: Array("BM".utf8)) {
            result = try probeDecoded(&input, format: .bmp)
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
        if ascii(0 ..< 4) == "GIF8" { return "GIF (neither GIF87a nor GIF89a)" }
        return nil
    }

    /// GIF and BMP: their headers, read by their decoders (`GIFDecoder`, `BMPDecoder`) from the
    /// file's start: a BMP's headers and palette, and enough of a GIF to count two frames
    /// (a larger first frame is counted as one: the GIF is then taken as still).
    private static func probeDecoded(_ input: inout ProbeInput, format: ImageFormat) throws(ProbeError) -> ProbeResult {
        let head = format == .gif ? 32 << 20 : 64 << 10
        guard let bytes = try input.bytes(at: 0, count: min(input.size, head)) else { throw .truncated("the file could not be read") }
        do throws(CodecError) {
            if format == .gif {
                let header = try GIFDecoder.header(bytes)
                var result = ProbeResult(format: .gif, width: header.width, height: header.height, orientation: .up, endMarker: .checkedByProbe)
                result.isAnimated = header.frames > 1
                if header.frames == 0 { throw CodecError("the GIF has no frame") }
                return result
            }
            let header = try BMPDecoder.header(bytes)
            var result = ProbeResult(format: .bmp, width: header.width, height: header.height, orientation: .up, endMarker: .checkedByProbe)
            // (Sizes past the limits are refused by `probe` after this, before any such product.)
            let rows = header.width <= ImageLimits.maximumPixels / header.height ? (header.width * header.bitsPerPixel + 31) / 32 * 4 * header.height : 0
            if header.width <= ImageLimits.maximumPixels / header.height, header.compression == 0 || header.compression == 3 || header.compression == 6,
               header.pixelOffset + rows > input.size {
                result.damage.append("the BMP ends before its last rows (cut short?); the rows it has are shown")
            }
            return result
        } catch {
            throw .corrupt(error.description)
        }
    }
}
