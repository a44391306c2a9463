import PhotoFacts

extension PhotoProbe {
    /// Largest eXIf chunk read; larger ones are skipped (orientation is then 1).
    private static let maximumEXIFChunk = 1 << 20

    /// Reads IHDR (always the first chunk), then walks the chunks for an eXIf chunk (PNG 1.2
    /// extensions, 2017; before IDAT per the spec, and only there does it orient the picture,
    /// as browsers draw it), an ICC profile, and text chunks with XMP, IPTC or EXIF, which
    /// writers also put after the image data (read for what they say, never for orientation).
    static func probePNG(_ input: inout ProbeInput) throws(ProbeError) -> ProbeResult {
        guard let ihdrLength = try input.uint32BE(at: 8), let ihdrType = try input.bytes(at: 12, count: 4) else {
            throw .truncated("the file ends before the PNG header chunk")
        }
        guard ihdrType == Array("IHDR".utf8), ihdrLength == 13 else {
            throw .corrupt("the first PNG chunk is not a valid IHDR")
        }
        guard let width = try input.uint32BE(at: 16), let height = try input.uint32BE(at: 20) else {
            throw .truncated("the file ends inside the PNG header chunk")
        }
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .corrupt("PNG dimensions \(width)×\(height) exceed the PNG limit of 2³¹−1")
        }
        var orientation: Int?
        var exif: [UInt8]?
        var profile: [UInt8]?
        var xmp: [UInt8]?
        var resources: [UInt8]?
        var afterImage = false
        var isAnimated = false
        var offset = 8 + 12 + 13
        for _ in 0 ..< 1_000_000 {
            guard let length = try input.uint32BE(at: offset), let type = try input.bytes(at: offset + 4, count: 4) else {
                break  // no image data: the end-marker check reports the truncation
            }
            guard length <= Int(Int32.max) else {
                if afterImage { break }  // the picture is whole: what follows is only text
                throw .corrupt("PNG chunk \(String(decoding: type, as: UTF8.self)) declares an invalid length")
            }
            let name = String(decoding: type, as: UTF8.self)
            if name == "IEND" { break }
            if name == "IDAT" { afterImage = true }
            // APNG: its animation control comes before the image data; one frame is a still.
            if name == "acTL", !afterImage, length >= 8, let frames = try input.uint32BE(at: offset + 8) { isAnimated = frames > 1 }
            if name == "eXIf", exif == nil, length <= maximumEXIFChunk,
               let payload = try input.bytes(at: offset + 8, count: length) {
                // Some writers keep JPEG's "Exif\0\0" prefix in the chunk.
                exif = payload.starts(with: EXIFOrientationReader.app1Prefix) ? Array(payload.dropFirst(6)) : payload
                if !afterImage { orientation = EXIFOrientationReader.orientation(tiff: exif ?? []) }
            }
            if name == "iCCP", !afterImage, length <= maximumEXIFChunk, let payload = try input.bytes(at: offset + 8, count: length) {
                profile = ICCProfile.fromPNGChunk(payload)
            }
            if name == "iTXt" || name == "zTXt" || name == "tEXt", length <= XMPPacket.largestPacket * 2,
               let payload = try input.bytes(at: offset + 8, count: length) {
                switch PNGTextChunk.metadata(type: name, chunk: payload) {
                case .xmp(let packet) where xmp == nil: xmp = packet
                case .photoshopResources(let block) where resources == nil: resources = block
                case .exif(let tiff) where exif == nil: exif = tiff  // ImageMagick's: never orients
                default: break
                }
            }
            offset += 12 + length
        }
        var result = ProbeResult(
            format: .png, width: width, height: height,
            orientation: Orientation(exifValue: orientation ?? 1),
            endMarker: .png(after: 33), exif: exif)
        result.iccProfile = profile
        result.xmp = xmp
        result.photoshopResources = resources
        result.isAnimated = isAnimated
        return result
    }
}
