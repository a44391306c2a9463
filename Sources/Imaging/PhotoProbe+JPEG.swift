import PhotoFacts

extension PhotoProbe {
    /// How far the probe looks past stray bytes for the next JPEG marker.
    private static let maximumStrayBytes = 64 * 1024

    /// Frame header markers: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0 ... 0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// Walks the marker segments from SOI to the first scan (SOS), reading EXIF orientation
    /// from the first APP1 "Exif" segment (EXIF requires it right after SOI), and XMP, IPTC and
    /// ICC segments wherever they are: some writers put them after the frame header. Damage
    /// past the frame header ends the walk without refusing the file (its size is known).
    static func probeJPEG(_ input: inout ProbeInput) throws(ProbeError) -> ProbeResult {
        var offset = 2
        var orientation: Int?
        var exif: [UInt8]?
        var damage: [String] = []
        var iccChunks: [Int: ArraySlice<UInt8>] = [:]
        var metadata = EmbeddedMetadataSegments()
        /// The frame header's size and end, once read.
        var frame: (width: Int, height: Int, end: Int)?
        /// The end of the walk: past the frame header, what it found (damage there refuses
        /// nothing: the size is known); before it, `problem`.
        func stop(_ input: inout ProbeInput, _ problem: ProbeError) throws(ProbeError) -> ProbeResult {
            guard let frame else { throw problem }
            var result = ProbeResult(
                format: .jpeg, width: frame.width, height: frame.height,
                orientation: Orientation(exifValue: orientation ?? 1),
                endMarker: .jpeg(after: frame.end), exif: exif)
            result.damage = damage
            result.iccProfile = ICCProfile.joined(jpegChunks: iccChunks)
            result.xmp = metadata.xmp
            result.extendedXMP = metadata.extendedXMP
            result.photoshopResources = metadata.photoshopResources
            result.comment = metadata.comment
            // An appended MP4 is taken when its "ftyp" box is where the XMP says it starts.
            if let xmp = metadata.xmp, let length = MotionPhotoXMP.videoLength(xmp: xmp[...]), length < input.size - frame.end,
               try input.bytes(at: input.size - length + 4, count: 4) == Array("ftyp".utf8) {
                result.motionVideoOffset = Int64(input.size - length)
            }
            return result
        }
        // A file of only fill bytes or empty segments must not loop for ever.
        for _ in 0 ..< 100_000 {
            guard let first = try input.byte(at: offset) else {
                return try stop(&input, .truncated("the file ends before the JPEG frame header"))
            }
            guard first == 0xFF else {
                // Stray bytes between segments: libjpeg (and so browsers) skip to the next
                // marker with a warning; so does the probe, a short way at most.
                var next = offset + 1
                while next < offset + maximumStrayBytes, let byte = try input.byte(at: next), byte != 0xFF { next += 1 }
                guard try input.byte(at: next) == 0xFF else {
                    return try stop(&input, .corrupt("expected a JPEG marker at byte \(offset), found 0x\(hex(first))"))
                }
                damage.append("\(next - offset) extraneous bytes before the marker at byte \(next)")
                offset = next
                continue
            }
            // Any number of 0xFF fill bytes may precede a marker code.
            var markerOffset = offset + 1
            var marker: UInt8 = 0xFF
            while true {
                guard let next = try input.byte(at: markerOffset) else {
                    return try stop(&input, .truncated("the file ends before the JPEG frame header"))
                }
                if next != 0xFF { marker = next; break }
                markerOffset += 1
            }
            let segment = markerOffset + 1
            switch marker {
            case 0x01, 0xD0 ... 0xD7:
                offset = segment  // standalone markers carry no length
                continue
            case 0xD8:
                return try stop(&input, .corrupt("a second start-of-image marker at byte \(markerOffset - 1)"))
            case 0xD9:
                return try stop(&input, .corrupt("the image ends (EOI) before any frame header"))
            case 0xDA:
                // The first scan: the walk's end once the frame header is known.
                return try stop(&input, .corrupt("image data starts before any frame header"))
            case 0x00:
                return try stop(&input, .corrupt("invalid marker 0xFF00 at byte \(markerOffset - 1)"))
            case _ where frame != nil && isStartOfFrame(marker):
                return try stop(&input, .corrupt("a second frame header"))  // never thrown: the frame is known
            default:
                break
            }
            guard let length = try input.uint16BE(at: segment) else {
                return try stop(&input, .truncated("the file ends inside a JPEG segment header"))
            }
            guard length >= 2 else {
                return try stop(&input, .corrupt("JPEG segment 0xFF\(hex(marker)) at byte \(markerOffset - 1) has an invalid length \(length)"))
            }
            guard segment + length <= input.size else {
                return try stop(&input, .truncated("the file ends inside JPEG segment 0xFF\(hex(marker))"))
            }
            let end = segment + length
            if isStartOfFrame(marker) {
                guard length >= 8,
                      let height = try input.uint16BE(at: segment + 3),
                      let width = try input.uint16BE(at: segment + 5)
                else {
                    throw .corrupt("the JPEG frame header is too short")
                }
                frame = (width, height, end)
                offset = end
                continue
            }
            // EXIF, XMP and Extended XMP (APP1), ICC profile chunks (APP2), Photoshop's
            // resources (APP13), the comment (COM): each segment read once.
            if marker == 0xE1 || marker == 0xE2 || marker == 0xED || marker == 0xFE, let payload = try input.bytes(at: segment + 2, count: length - 2) {
                if marker == 0xE1, exif == nil, payload.starts(with: EXIFOrientationReader.app1Prefix) {
                    exif = Array(payload.dropFirst(EXIFOrientationReader.app1Prefix.count))
                    orientation = EXIFOrientationReader.orientation(tiff: exif ?? [])
                } else if marker == 0xE2, payload.count > ICCProfile.jpegSignature.count + 2, payload.starts(with: ICCProfile.jpegSignature) {
                    iccChunks[Int(payload[ICCProfile.jpegSignature.count])] = payload.dropFirst(ICCProfile.jpegSignature.count + 2)
                } else {
                    metadata.take(marker: marker, payload: payload)
                }
            }
            offset = end
        }
        return try stop(&input, .corrupt("too many JPEG segments before the frame header"))
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
