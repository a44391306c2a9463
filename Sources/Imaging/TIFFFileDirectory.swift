/// One image file directory (IFD) of a TIFF file, read through `ProbeInput` (classic TIFF and
/// BigTIFF): its entries, and their values read only when asked, each within a size bound.
struct TIFFFileDirectory {
    struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        /// The value's bytes when they fit in the entry; else nil, and `offset` says where they are.
        var inline: [UInt8]?
        var offset: Int
    }

    let littleEndian: Bool
    let bigTIFF: Bool
    private(set) var entries: [Int: Entry] = [:]
    /// Entries in the file's order (a rebuilt EXIF block keeps it).
    private(set) var order: [Int] = []
    /// Where the next directory starts (0: none).
    private(set) var next = 0

    /// The size in bytes of one value of a TIFF type; nil for types this reader does not know.
    static func typeSize(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12, 16, 17, 18: 8
        default: nil
        }
    }

    /// Reads the directory at `offset`; throws when it lies outside the file.
    init(_ input: inout ProbeInput, at offset: Int, littleEndian: Bool, bigTIFF: Bool) throws(ProbeError) {
        self.littleEndian = littleEndian
        self.bigTIFF = bigTIFF
        let countSize = bigTIFF ? 8 : 2, entrySize = bigTIFF ? 20 : 12, valueSize = bigTIFF ? 8 : 4
        guard let countBytes = try input.bytes(at: offset, count: countSize) else {
            throw .truncated("the TIFF's directory at byte \(offset) lies past the end of the file")
        }
        let count = Self.integer(countBytes, littleEndian: littleEndian)
        guard count > 0, count <= 4096 else { throw .corrupt("a TIFF directory declares \(count) entries") }
        guard let table = try input.bytes(at: offset + countSize, count: count * entrySize + valueSize) else {
            throw .truncated("the TIFF's directory at byte \(offset) is cut short")
        }
        for index in 0 ..< count {
            let at = index * entrySize
            let tag = Self.integer(table[at ..< at + 2], littleEndian: littleEndian)
            let type = Self.integer(table[at + 2 ..< at + 4], littleEndian: littleEndian)
            let valueCount = Self.integer(table[at + 4 ..< at + 4 + (bigTIFF ? 8 : 4)], littleEndian: littleEndian)
            let field = table[at + entrySize - valueSize ..< at + entrySize]
            guard let size = Self.typeSize(type), valueCount >= 0, valueCount <= Int(Int32.max) / size else { continue }
            let inline = size * valueCount <= valueSize ? Array(field.prefix(size * valueCount)) : nil
            if entries[tag] == nil { order.append(tag) }
            entries[tag] = Entry(tag: tag, type: type, count: valueCount, inline: inline,
                                 offset: inline == nil ? Self.integer(field, littleEndian: littleEndian) : 0)
        }
        next = Self.integer(table[count * entrySize ..< count * entrySize + valueSize], littleEndian: littleEndian)
    }

    /// An unsigned integer of 1 to 8 bytes in the file's byte order (at most Int.max).
    static func integer(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> Int {
        var value: UInt64 = 0
        for byte in littleEndian ? Array(bytes.reversed()) : Array(bytes) { value = value << 8 | UInt64(byte) }
        return Int(min(value, UInt64(Int.max)))
    }

    static func integer(_ bytes: [UInt8], littleEndian: Bool) -> Int { integer(bytes[...], littleEndian: littleEndian) }

    /// The value's bytes, when they are at most `limit` bytes and lie in the file.
    func bytes(_ tag: Int, in input: inout ProbeInput, limit: Int) throws(ProbeError) -> [UInt8]? {
        guard let entry = entries[tag] else { return nil }
        return try bytes(of: entry, in: &input, limit: limit)
    }

    func bytes(of entry: Entry, in input: inout ProbeInput, limit: Int) throws(ProbeError) -> [UInt8]? {
        if let inline = entry.inline { return inline }
        guard let size = Self.typeSize(entry.type), size * entry.count <= limit else { return nil }
        return try input.bytes(at: entry.offset, count: size * entry.count)
    }

    /// The unsigned integers of a BYTE, SHORT, LONG or LONG8/IFD value (offsets, counts, sizes).
    func integers(_ tag: Int, in input: inout ProbeInput, limit: Int = 1 << 24) throws(ProbeError) -> [Int]? {
        guard let entry = entries[tag], [1, 3, 4, 13, 16, 18].contains(entry.type), let size = Self.typeSize(entry.type),
              let bytes = try bytes(of: entry, in: &input, limit: limit) else { return nil }
        return stride(from: 0, to: bytes.count - size + 1, by: size).map {
            Self.integer(bytes[$0 ..< $0 + size], littleEndian: littleEndian)
        }
    }

    /// The first integer of a value held in the entry (width, orientation, compression).
    func integer(_ tag: Int) -> Int? {
        guard let entry = entries[tag], [1, 3, 4, 13, 16].contains(entry.type), let inline = entry.inline,
              let size = Self.typeSize(entry.type), inline.count >= size else { return nil }
        return Self.integer(inline[0 ..< size], littleEndian: littleEndian)
    }
}
