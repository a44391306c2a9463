/// Writes a classic TIFF structure of up to three directories (IFD0, and the Exif and GPS IFDs
/// it points to) from entries whose values are already bytes in the structure's byte order:
/// how a TIFF file's metadata is handed on as the EXIF block a JPEG would carry.
struct TIFFStructureWriter {
    typealias Entry = (tag: Int, type: Int, count: Int, bytes: [UInt8])

    let littleEndian: Bool
    private var bytes: [UInt8] = []

    init(littleEndian: Bool) {
        self.littleEndian = littleEndian
    }

    func write(ifd0: [Entry], exif: [Entry], gps: [Entry]) -> [UInt8] {
        var writer = self
        writer.bytes = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        writer.u16(42)
        writer.u32(8)
        var first = ifd0
        // The pointers' values are patched once the directories after IFD0 have their places.
        if !exif.isEmpty { first.append((0x8769, 4, 1, [0, 0, 0, 0])) }
        if !gps.isEmpty { first.append((0x8825, 4, 1, [0, 0, 0, 0])) }
        first.sort { $0.tag < $1.tag }
        let pointers = writer.directory(first).valueFields
        if !exif.isEmpty, let at = pointers[0x8769] { writer.patch(at, with: writer.directory(exif.sorted { $0.tag < $1.tag }).start) }
        if !gps.isEmpty, let at = pointers[0x8825] { writer.patch(at, with: writer.directory(gps.sorted { $0.tag < $1.tag }).start) }
        return writer.bytes
    }

    /// Appends a directory and its values; returns where it starts and, by tag, where each
    /// entry's 4-byte value field is.
    private mutating func directory(_ entries: [Entry]) -> (start: Int, valueFields: [Int: Int]) {
        if bytes.count % 2 == 1 { bytes.append(0) }
        let start = bytes.count
        let valuesStart = start + 2 + entries.count * 12 + 4
        var values: [UInt8] = []
        var fields: [Int: Int] = [:]
        u16(entries.count)
        for entry in entries {
            u16(entry.tag)
            u16(entry.type)
            u32(entry.count)
            fields[entry.tag] = bytes.count
            if entry.bytes.count <= 4 {
                bytes += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
            } else {
                u32(valuesStart + values.count)
                values += entry.bytes
                if values.count % 2 == 1 { values.append(0) }
            }
        }
        u32(0)
        bytes += values
        return (start, fields)
    }

    private mutating func patch(_ at: Int, with value: Int) {
        let encoded = Self.encode32(value, littleEndian: littleEndian)
        bytes.replaceSubrange(at ..< at + 4, with: encoded)
    }

    private mutating func u16(_ value: Int) {
        bytes += littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] : [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private mutating func u32(_ value: Int) {
        bytes += Self.encode32(value, littleEndian: littleEndian)
    }

    private static func encode32(_ value: Int, littleEndian: Bool) -> [UInt8] {
        let big = [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return littleEndian ? big.reversed() : big
    }
}
