/// Builds EXIF blocks (TIFF structures): IFD0, and the Exif and GPS IFDs when given tags for
/// them. For the sample photos and for tests that need real EXIF; the gallery never writes
/// EXIF into what it publishes.
public enum EXIFBuilder {
    public enum ByteOrder: Sendable { case littleEndian, bigEndian }

    /// A tag's value, in one of the TIFF types cameras use.
    public enum Value: Sendable {
        case ascii(String)
        case short(Int)
        case long(Int)
        case rational([(UInt32, UInt32)])
        case srational([(Int32, Int32)])
        case undefined([UInt8])
    }

    /// A TIFF structure (the body of a PNG eXIf chunk) with IFD0 = { Orientation }.
    public static func tiff(orientation: Int, byteOrder: ByteOrder = .littleEndian) -> [UInt8] {
        tiff(ifd0: [(EXIFOrientationReader.orientationTag, .short(orientation))], byteOrder: byteOrder)
    }

    /// The payload of a JPEG APP1 segment: "Exif\0\0" then the TIFF structure.
    public static func app1(orientation: Int, byteOrder: ByteOrder = .littleEndian) -> [UInt8] {
        EXIFOrientationReader.app1Prefix + tiff(orientation: orientation, byteOrder: byteOrder)
    }

    /// A TIFF structure with these tags in IFD0 and, when given, in an Exif IFD (0x8769) and a
    /// GPS IFD (0x8825) that IFD0 points to.
    public static func tiff(ifd0: [(Int, Value)], exif: [(Int, Value)] = [], gps: [(Int, Value)] = [],
                            byteOrder: ByteOrder = .littleEndian) -> [UInt8] {
        var writer = Writer(littleEndian: byteOrder == .littleEndian)
        let pointers = (exif.isEmpty ? 0 : 1) + (gps.isEmpty ? 0 : 1)
        let ifd0Size = Writer.size(of: ifd0, extraEntries: pointers)
        let exifSize = Writer.size(of: exif, extraEntries: 0)
        let exifAt = 8 + ifd0Size, gpsAt = exifAt + (exif.isEmpty ? 0 : exifSize)
        var first = ifd0
        if !exif.isEmpty { first.append((0x8769, .long(exifAt))) }
        if !gps.isEmpty { first.append((0x8825, .long(gpsAt))) }
        writer.bytes += byteOrder == .littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        writer.u16(42)
        writer.u32(8)
        writer.ifd(first, at: 8)
        if !exif.isEmpty { writer.ifd(exif, at: exifAt) }
        if !gps.isEmpty { writer.ifd(gps, at: gpsAt) }
        return writer.bytes
    }

    /// An iPhone's maker note (the value of Exif tag 0x927C) holding the content identifier
    /// that pairs a Live Photo's still with its clip: "Apple iOS\0", version 1, "MM", then an
    /// IFD whose offsets count from the note's start.
    public static func appleMakerNote(contentIdentifier: String) -> [UInt8] {
        var writer = Writer(littleEndian: false)
        writer.bytes = AppleMakerNote.signature + [0, 1, 0x4D, 0x4D]
        writer.ifd([(0x0001, .long(14)), (AppleMakerNote.contentIdentifierTag, .ascii(contentIdentifier))], at: writer.bytes.count)
        return writer.bytes
    }

    private struct Writer {
        let littleEndian: Bool
        var bytes: [UInt8] = []

        mutating func u16(_ v: Int) {
            let b = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
            bytes += littleEndian ? b : b.reversed()
        }

        mutating func u32(_ v: Int) {
            let b = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
            bytes += littleEndian ? b : b.reversed()
        }

        /// TIFF type, count and the value's bytes in this byte order.
        func encode(_ value: Value) -> (type: Int, count: Int, data: [UInt8]) {
            var w = Writer(littleEndian: littleEndian)
            switch value {
            case .ascii(let text):
                return (2, text.utf8.count + 1, Array(text.utf8) + [0])
            case .short(let n):
                w.u16(n)
                return (3, 1, w.bytes)
            case .long(let n):
                w.u32(n)
                return (4, 1, w.bytes)
            case .rational(let pairs):
                for (n, d) in pairs { w.u32(Int(n)); w.u32(Int(d)) }
                return (5, pairs.count, w.bytes)
            case .srational(let pairs):
                for (n, d) in pairs { w.u32(Int(UInt32(bitPattern: n))); w.u32(Int(UInt32(bitPattern: d))) }
                return (10, pairs.count, w.bytes)
            case .undefined(let raw):
                return (7, raw.count, raw)
            }
        }

        /// An IFD's bytes: count, entries, next-IFD offset, then the values over 4 bytes.
        static func size(of entries: [(Int, Value)], extraEntries: Int) -> Int {
            let writer = Writer(littleEndian: true)
            let data = entries.map { writer.encode($0.1).data.count }.filter { $0 > 4 }.reduce(0) { $0 + $1 + $1 % 2 }
            return 2 + 12 * (entries.count + extraEntries) + 4 + data
        }

        mutating func ifd(_ entries: [(Int, Value)], at offset: Int) {
            let sorted = entries.sorted { $0.0 < $1.0 }
            var dataAt = offset + 2 + 12 * sorted.count + 4
            var data: [UInt8] = []
            u16(sorted.count)
            for (tag, value) in sorted {
                let (type, count, raw) = encode(value)
                u16(tag)
                u16(type)
                u32(count)
                if raw.count <= 4 {
                    bytes += raw + [UInt8](repeating: 0, count: 4 - raw.count)
                } else {
                    u32(dataAt)
                    let padded = raw + (raw.count % 2 == 1 ? [0] : [])
                    data += padded
                    dataAt += padded.count
                }
            }
            u32(0)
            bytes += data
        }
    }
}
