/// Unsigned integers read from a byte array in a TIFF structure's byte order ("II": little
/// endian, "MM": big endian); nil where a value would leave the array. The EXIF readers use it
/// to walk directories without trusting an offset.
struct EndianBytes {
    let bytes: [UInt8]
    let littleEndian: Bool

    /// The byte order a TIFF-style mark at `at` names ("II" or "MM"); nil for anything else.
    init?(_ bytes: [UInt8], orderMarkAt at: Int) {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        switch (bytes[at], bytes[at + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
    }

    init(_ bytes: [UInt8], littleEndian: Bool) {
        self.bytes = bytes
        self.littleEndian = littleEndian
    }

    func u16(_ i: Int) -> Int? {
        guard i >= 0, i + 2 <= bytes.count else { return nil }
        return littleEndian ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : Int(bytes[i]) << 8 | Int(bytes[i + 1])
    }

    func u32(_ i: Int) -> Int? {
        guard let a = u16(i), let b = u16(i + 2) else { return nil }
        return littleEndian ? a | b << 16 : a << 16 | b
    }
}
