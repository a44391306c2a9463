import PhotoFacts

extension PhotoProbe {
    /// A JPEG XL's size and orientation from its codestream header, its EXIF and XMP from the
    /// container's boxes (libjxl: `JPEGXLReader.header`). The whole file is read: a container
    /// may keep its metadata boxes after the picture. (A naked codestream cut inside its picture
    /// reads whole here: only a decode finds it, `ImageDecoder.warnings(in:format:)`.)
    static func probeJXL(_ input: inout ProbeInput) throws(ProbeError) -> ProbeResult {
        guard let bytes = try input.bytes(at: 0, count: input.size) else { throw .truncated("the file could not be read") }
        let header: JPEGXLReader.Header
        do throws(CodecError) {
            header = try JPEGXLReader.header(bytes)
        } catch {
            throw .corrupt(error.description)
        }
        var result = ProbeResult(format: .jxl, width: header.width, height: header.height,
                                 orientation: Orientation(exifValue: header.orientation), endMarker: .checkedByProbe, exif: header.exif)
        result.xmp = header.xmp
        if let damage = header.damage { result.damage.append(damage) }
        if header.isAnimated { result.notes.append("an animated JPEG XL: its first frame is shown, still") }
        return result
    }
}
