import PhotoFacts

extension PhotoProbe {
    /// Largest EXIF chunk read.
    private static let maximumEXIFChunk = 1 << 20

    /// Reads a WebP's RIFF chunks without decoding: the size from `VP8X` (extended), `VP8 `
    /// (lossy) or `VP8L` (lossless), and the orientation from the `EXIF` chunk, which comes
    /// after the image data and is reached by skipping chunks, not reading them; an animation
    /// by its `VP8X` flag and its `ANMF` frames.
    static func probeWebP(_ input: inout ProbeInput) throws(ProbeError) -> ProbeResult {
        guard let riffSize = try input.uint32LE(at: 4) else { throw .truncated("the file ends inside the WebP header") }
        // RIFF's size counts from byte 8; a file shorter than it says was cut short.
        guard 8 + riffSize <= input.size else {
            throw .truncated("the WebP declares \(8 + riffSize) bytes but the file has \(input.size)")
        }
        let end = 8 + riffSize
        var size: (width: Int, height: Int)?
        var exif: [UInt8]?
        var profile: [UInt8]?
        var xmp: [UInt8]?
        var animationFlag = false
        var frames = 0
        var offset = 12
        for _ in 0 ..< 100_000 {
            guard offset + 8 <= end, let type = try input.bytes(at: offset, count: 4), let length = try input.uint32LE(at: offset + 4) else { break }
            let name = String(decoding: type, as: UTF8.self)
            let data = offset + 8
            guard data + length <= end else { throw .truncated("the WebP '\(name)' chunk ends past the file's end") }
            switch name {
            case "VP8X" where size == nil:
                guard length >= 10, let flags = try input.bytes(at: data, count: 1), let low = try input.bytes(at: data + 4, count: 6) else {
                    throw .corrupt("the WebP 'VP8X' chunk is too short")
                }
                animationFlag = flags[0] & 0x02 != 0
                size = (1 + (Int(low[0]) | Int(low[1]) << 8 | Int(low[2]) << 16), 1 + (Int(low[3]) | Int(low[4]) << 8 | Int(low[5]) << 16))
            case "VP8 " where size == nil:
                // A key frame: 3-byte tag, start code 9D 01 2A, then 14-bit width and height.
                guard length >= 10, let frame = try input.bytes(at: data, count: 10), frame[3] == 0x9D, frame[4] == 0x01, frame[5] == 0x2A else {
                    throw .corrupt("the WebP 'VP8 ' chunk does not start with a key frame")
                }
                size = ((Int(frame[6]) | Int(frame[7]) << 8) & 0x3FFF, (Int(frame[8]) | Int(frame[9]) << 8) & 0x3FFF)
            case "VP8L" where size == nil:
                guard length >= 5, let header = try input.bytes(at: data, count: 5), header[0] == 0x2F else {
                    throw .corrupt("the WebP 'VP8L' chunk has no lossless signature")
                }
                let bits = Int(header[1]) | Int(header[2]) << 8 | Int(header[3]) << 16 | Int(header[4]) << 24
                size = (1 + bits & 0x3FFF, 1 + (bits >> 14) & 0x3FFF)
            case "EXIF" where exif == nil && length <= maximumEXIFChunk:
                if let payload = try input.bytes(at: data, count: length) {
                    // Some writers keep JPEG's "Exif\0\0" before the TIFF structure.
                    exif = payload.starts(with: EXIFOrientationReader.app1Prefix) ? Array(payload.dropFirst(6)) : payload
                }
            case "ICCP" where profile == nil && length <= maximumEXIFChunk:
                profile = try input.bytes(at: data, count: length)
            case "XMP " where xmp == nil && length <= XMPPacket.largestPacket:
                xmp = try input.bytes(at: data, count: length)
            case "ANMF":
                frames += 1
            default:
                break
            }
            offset = data + length + (length & 1)  // chunks are padded to an even size
        }
        guard let size else { throw .corrupt("the WebP has no image chunk ('VP8 ', 'VP8L' or 'VP8X')") }
        // Browsers apply a WebP's EXIF orientation as they do a JPEG's.
        let orientation = exif.flatMap { EXIFOrientationReader.orientation(tiff: $0) } ?? 1
        var result = ProbeResult(format: .webp, width: size.width, height: size.height,
                                 orientation: Orientation(exifValue: orientation), endMarker: .checkedByProbe, exif: exif)
        result.iccProfile = profile
        result.xmp = xmp
        // An animation of one frame is a still.
        result.isAnimated = animationFlag && frames > 1
        return result
    }
}
