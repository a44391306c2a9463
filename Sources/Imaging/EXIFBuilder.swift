/// Builds minimal EXIF blocks: a TIFF header and an IFD0 holding the Orientation tag.
public enum EXIFBuilder {
    public enum ByteOrder: Sendable { case littleEndian, bigEndian }

    /// A TIFF structure (the body of a PNG eXIf chunk) with IFD0 = { Orientation }.
    public static func tiff(orientation: Int, byteOrder: ByteOrder = .littleEndian) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ v: Int) {
            let bytes = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
            out += byteOrder == .littleEndian ? bytes : bytes.reversed()
        }
        func u32(_ v: Int) {
            let bytes = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
            out += byteOrder == .littleEndian ? bytes : bytes.reversed()
        }
        out += byteOrder == .littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        u16(42)
        u32(8)              // IFD0 right after the header
        u16(1)              // one entry
        u16(EXIFOrientationReader.orientationTag)
        u16(3)              // SHORT
        u32(1)              // count
        u16(orientation)    // value, left-justified in the 4-byte field
        u16(0)
        u32(0)              // no next IFD
        return out
    }

    /// The payload of a JPEG APP1 segment: "Exif\0\0" then the TIFF structure.
    public static func app1(orientation: Int, byteOrder: ByteOrder = .littleEndian) -> [UInt8] {
        Array("Exif".utf8) + [0, 0] + tiff(orientation: orientation, byteOrder: byteOrder)
    }
}
