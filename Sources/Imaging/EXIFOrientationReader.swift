/// Reads the Orientation tag (0x0112) from IFD0 of a TIFF structure, the payload of a JPEG
/// APP1 "Exif" segment or a PNG eXIf chunk. Both byte orders ("II" and "MM") are handled.
/// Anything malformed yields nil: a broken EXIF block must not cost the photo.
enum EXIFOrientationReader {
    static let orientationTag = 0x0112

    static func orientation(tiff bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8, let reader = EndianBytes(bytes, orderMarkAt: 0) else { return nil }
        guard reader.u16(2) == 42, let ifd0 = reader.u32(4), let count = reader.u16(ifd0) else { return nil }
        for entry in 0 ..< count {
            let at = ifd0 + 2 + entry * 12
            guard let tag = reader.u16(at), let type = reader.u16(at + 2) else { return nil }
            guard tag == orientationTag else { continue }
            switch type {
            case 3: return reader.u16(at + 8)   // SHORT, the type the standard prescribes
            case 4: return reader.u32(at + 8)   // LONG, written by a few tools
            default: return nil
            }
        }
        return nil
    }

    /// What an APP1 segment holding EXIF starts with, before the TIFF structure.
    static let app1Prefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
}
