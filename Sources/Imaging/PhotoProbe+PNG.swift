extension PhotoProbe {
    /// Largest eXIf chunk read; larger ones are skipped (orientation is then 1).
    private static let maximumEXIFChunk = 1 << 20

    /// Reads IHDR (always the first chunk), then walks the chunks before the image data for an
    /// eXIf chunk (PNG 1.2 extensions, 2017; before IDAT per the spec).
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
        var offset = 8 + 12 + 13
        for _ in 0 ..< 100_000 {
            guard let length = try input.uint32BE(at: offset), let type = try input.bytes(at: offset + 4, count: 4) else {
                break  // no image data: the end-marker check reports the truncation
            }
            let name = String(decoding: type, as: UTF8.self)
            if name == "IDAT" || name == "IEND" { break }
            if name == "eXIf", length <= maximumEXIFChunk,
               let payload = try input.bytes(at: offset + 8, count: length) {
                // Some writers keep JPEG's "Exif\0\0" prefix in the chunk.
                exif = payload.starts(with: EXIFOrientationReader.app1Prefix) ? Array(payload.dropFirst(6)) : payload
                orientation = EXIFOrientationReader.orientation(tiff: exif ?? [])
            }
            if name == "iCCP", length <= maximumEXIFChunk, let payload = try input.bytes(at: offset + 8, count: length) {
                profile = ICCProfile.fromPNGChunk(payload)
            }
            if name == "iTXt", xmp == nil, length <= XMPPacket.largestPacket, let payload = try input.bytes(at: offset + 8, count: length) {
                xmp = Self.pngXMP(payload)
            }
            guard length <= Int(Int32.max) else {
                throw .corrupt("PNG chunk \(name) declares an invalid length")
            }
            offset += 12 + length
        }
        var result = ProbeResult(
            format: .png, width: width, height: height,
            orientation: Orientation(exifValue: orientation ?? 1),
            endMarker: .png(after: 33), exif: exif)
        result.iccProfile = profile
        result.xmp = xmp
        return result
    }

    /// The XMP of an iTXt chunk with the keyword "XML:com.adobe.xmp" (uncompressed, as the XMP
    /// specification requires); nil for other text chunks.
    static func pngXMP(_ chunk: [UInt8]) -> [UInt8]? {
        let keyword = Array("XML:com.adobe.xmp".utf8) + [0]
        // keyword, NUL, compression flag and method, language tag, NUL, translated keyword, NUL, text.
        guard chunk.starts(with: keyword), chunk.count > keyword.count + 2, chunk[keyword.count] == 0 else { return nil }
        var at = keyword.count + 2
        for _ in 0 ..< 2 {
            guard let end = chunk[at...].firstIndex(of: 0) else { return nil }
            at = end + 1
        }
        return Array(chunk[at...])
    }
}
