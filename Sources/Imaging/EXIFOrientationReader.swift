/// Reads the Orientation tag (0x0112) from IFD0 of a TIFF structure, the payload of a JPEG
/// APP1 "Exif" segment or a PNG eXIf chunk. Both byte orders ("II" and "MM") are handled.
/// Anything malformed yields nil: a broken EXIF block must not cost the photo.
enum EXIFOrientationReader {
    static let orientationTag = 0x0112

    static func orientation(tiff bytes: [UInt8]) -> Int? {
        guard bytes.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= bytes.count else { return nil }
            return littleEndian ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : Int(bytes[i]) << 8 | Int(bytes[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return littleEndian ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd0 = u32(4), let count = u16(ifd0) else { return nil }
        for entry in 0 ..< count {
            let at = ifd0 + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2) else { return nil }
            guard tag == orientationTag else { continue }
            switch type {
            case 3: return u16(at + 8)   // SHORT, the type the standard prescribes
            case 4: return u32(at + 8)   // LONG, written by a few tools
            default: return nil
            }
        }
        return nil
    }

    /// What an APP1 segment holding EXIF starts with, before the TIFF structure.
    static let app1Prefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
}
