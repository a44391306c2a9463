import CWebP
import Imaging

extension TestImages {
    /// A WebP written by libwebp: the test pattern, lossy or lossless, with alpha when asked
    /// for; with `exif` (a TIFF structure) or `frames` > 1 the container is rebuilt as
    /// extended WebP (`VP8X`) holding an `EXIF` chunk or an animation of `frames` frames (each
    /// a different seed, so the first frame is recognisable).
    public static func webp(
        width: Int = 64, height: Int = 48, lossless: Bool = false, alpha: Bool = false,
        exif: [UInt8]? = nil, frames: Int = 1, seed: UInt8 = 0, profile: [UInt8]? = nil, color: (UInt8, UInt8, UInt8)? = nil
    ) throws -> [UInt8] {
        func encode(_ seed: UInt8) throws -> [UInt8] {
            let channels = alpha ? 4 : 3
            let pixels = color.map { c in (0 ..< width * height).flatMap { _ in [c.0, c.1, c.2] + (alpha ? [255] : []) } }
                ?? pattern(width: width, height: height, channels: channels, seed: seed)
            var output: UnsafeMutablePointer<UInt8>?
            let size = pixels.withUnsafeBufferPointer { p -> Int in
                let stride = Int32(width * channels)
                switch (lossless, alpha) {
                case (false, false): return WebPEncodeRGB(p.baseAddress, Int32(width), Int32(height), stride, 90, &output)
                case (false, true): return WebPEncodeRGBA(p.baseAddress, Int32(width), Int32(height), stride, 90, &output)
                case (true, false): return WebPEncodeLosslessRGB(p.baseAddress, Int32(width), Int32(height), stride, &output)
                case (true, true): return WebPEncodeLosslessRGBA(p.baseAddress, Int32(width), Int32(height), stride, &output)
                }
            }
            guard size > 0, let output else { throw CodecError("libwebp could not encode the test image") }
            defer { WebPFree(output) }
            return Array(UnsafeBufferPointer(start: output, count: size))
        }
        let simple = try encode(seed)
        guard exif != nil || frames > 1 || profile != nil else { return simple }
        // The image chunks of a file libwebp wrote: everything after "RIFF" size "WEBP" but its
        // own VP8X chunk (an image with alpha comes as VP8X, ALPH, VP8).
        func imageChunks(_ file: [UInt8]) -> [UInt8] {
            let chunks = Array(file[12...])
            guard chunks.starts(with: Array("VP8X".utf8)) else { return chunks }
            return Array(chunks[(8 + 10)...])
        }
        var body: [UInt8] = []
        var flags: UInt8 = 0
        if alpha { flags |= 0x10 }
        if exif != nil { flags |= 0x08 }
        if profile != nil { flags |= 0x20 }
        if frames > 1 {
            flags |= 0x02
            body += chunk("ANIM", [0, 0, 0, 0] + [0, 0])  // background colour, loop forever
            for frame in 0 ..< frames {
                let data = frame == 0 ? simple : try encode(seed &+ UInt8(frame) &* 50)
                body += chunk("ANMF", [0, 0, 0, 0, 0, 0] + le24(width - 1) + le24(height - 1) + le24(100) + [0] + imageChunks(data))
            }
        } else {
            body += imageChunks(simple)
        }
        if let exif { body += chunk("EXIF", exif) }
        // ICCP comes right after VP8X.
        if let profile { body = chunk("ICCP", profile) + body }
        let vp8x = chunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))
        let payload = Array("WEBP".utf8) + vp8x + body
        return Array("RIFF".utf8) + le32(payload.count) + payload
    }

    static func le24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le24(value) + [UInt8(value >> 24 & 0xFF)] }

    /// A RIFF chunk, padded to an even size.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }
}
