/// The three directories of an EXIF block (a TIFF structure) that hold what a photographer
/// looks for: IFD0 (make, model), the Exif IFD IFD0 points to with tag 0x8769 (dates,
/// exposure, lens) and the GPS IFD it points to with 0x8825.
///
/// Read in place, without copying the block or decoding any other directory: a camera's EXIF
/// is mostly maker notes and thumbnails (20–60 KB), which libexif parses whole, maker notes
/// included, for a dozen values. Anything out of bounds reads as absent; a block cut short
/// keeps what lies before the cut.
struct TIFFDirectories {
    enum Directory { case ifd0, exif, gps }

    /// The whole block (maker notes count their offsets from its start).
    let bytes: [UInt8]
    let littleEndian: Bool
    /// Where each directory's entries start (after its 2-byte count) and how many lie in the block.
    private var ifd0: (start: Int, count: Int) = (0, 0)
    private var exif: (start: Int, count: Int) = (0, 0)
    private var gps: (start: Int, count: Int) = (0, 0)

    /// Nil when the block is not a TIFF structure (no byte-order mark, no 42).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
        guard u16(2) == 42, let first = u32(4) else { return nil }
        ifd0 = directory(at: first)
        if let at = entry(in: ifd0, tag: 0x8769).flatMap(offsetValue) { exif = directory(at: at) }
        if let at = entry(in: ifd0, tag: 0x8825).flatMap(offsetValue) { gps = directory(at: at) }
    }

    /// An ASCII (or UNDEFINED, as some writers store text) value up to its first NUL, without
    /// surrounding white space; nil when absent or blank.
    func text(_ directory: Directory, _ tag: Int) -> String? {
        guard let entry = entry(in: range(directory), tag: tag), entry.type == 2 || entry.type == 7,
              let (at, length) = valueBytes(entry, size: 1) else { return nil }
        var start = at, end = at
        while end < at + length, bytes[end] != 0 { end += 1 }
        while start < end, Self.isSpace(bytes[start]) { start += 1 }
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        return String(decoding: bytes[start ..< end], as: UTF8.self)
    }

    /// The raw bytes of an UNDEFINED or BYTE value (a maker note); nil when absent or out of the block.
    func data(_ directory: Directory, _ tag: Int) -> ArraySlice<UInt8>? {
        guard let entry = entry(in: range(directory), tag: tag), entry.type == 7 || entry.type == 1,
              let (at, length) = valueBytes(entry, size: 1) else { return nil }
        return bytes[at ..< at + length]
    }

    /// The numbers of a BYTE, SHORT, LONG, RATIONAL or signed value (rationals with a zero
    /// denominator left out); empty when absent or of another type.
    func numbers(_ directory: Directory, _ tag: Int) -> [Double] {
        guard let entry = entry(in: range(directory), tag: tag) else { return [] }
        let size: Int
        switch entry.type {
        case 1, 6: size = 1
        case 3, 8: size = 2
        case 4, 9: size = 4
        case 5, 10: size = 8
        default: return []
        }
        guard let (at, _) = valueBytes(entry, size: size) else { return [] }
        var values: [Double] = []
        values.reserveCapacity(entry.count)
        for i in 0 ..< entry.count {
            let p = at + i * size
            switch entry.type {
            case 1: values.append(Double(bytes[p]))
            case 6: values.append(Double(Int8(bitPattern: bytes[p])))
            case 3: values.append(Double(u16(p)!))
            case 8: values.append(Double(Int16(truncatingIfNeeded: u16(p)!)))
            case 4: values.append(Double(u32(p)!))
            case 9: values.append(Double(Int32(truncatingIfNeeded: u32(p)!)))
            case 5:
                let numerator = u32(p)!, denominator = u32(p + 4)!
                if denominator != 0 { values.append(Double(numerator) / Double(denominator)) }
            default:
                let numerator = Int32(truncatingIfNeeded: u32(p)!), denominator = Int32(truncatingIfNeeded: u32(p + 4)!)
                if denominator != 0 { values.append(Double(numerator) / Double(denominator)) }
            }
        }
        return values
    }

    // MARK: - The walk

    private struct Entry {
        var type: Int
        var count: Int
        /// Where the entry's 4-byte value-or-offset field is.
        var field: Int
    }

    private func range(_ directory: Directory) -> (start: Int, count: Int) {
        switch directory {
        case .ifd0: ifd0
        case .exif: exif
        case .gps: gps
        }
    }

    /// A directory's entries that lie wholly in the block.
    private func directory(at offset: Int) -> (start: Int, count: Int) {
        guard let declared = u16(offset) else { return (0, 0) }
        let start = offset + 2
        return (start, min(declared, max(0, (bytes.count - start) / 12)))
    }

    /// The first entry with this tag (directories are sorted by tag, but not every writer
    /// sorts them, so every entry is looked at).
    private func entry(in directory: (start: Int, count: Int), tag: Int) -> Entry? {
        var at = directory.start
        for _ in 0 ..< directory.count {
            if u16(at) == tag, let type = u16(at + 2), let count = u32(at + 4) {
                return Entry(type: type, count: count, field: at + 8)
            }
            at += 12
        }
        return nil
    }

    /// A sub-directory pointer: LONG (or the IFD type 13) with one value.
    private func offsetValue(_ entry: Entry) -> Int? {
        guard entry.type == 4 || entry.type == 13, entry.count >= 1 else { return nil }
        return u32(entry.field)
    }

    /// Where an entry's values are and how many bytes they take: in its field when they fit in
    /// four bytes, else at the offset the field holds; nil when they would leave the block.
    private func valueBytes(_ entry: Entry, size: Int) -> (Int, Int)? {
        let (length, overflow) = entry.count.multipliedReportingOverflow(by: size)
        guard !overflow, length > 0 else { return nil }
        let at = length <= 4 ? entry.field : u32(entry.field) ?? -1
        guard at >= 0, length <= bytes.count - at else { return nil }
        return (at, length)
    }

    private func u16(_ i: Int) -> Int? {
        guard i >= 0, i + 2 <= bytes.count else { return nil }
        return littleEndian ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : Int(bytes[i]) << 8 | Int(bytes[i + 1])
    }

    private func u32(_ i: Int) -> Int? {
        guard let a = u16(i), let b = u16(i + 2) else { return nil }
        return littleEndian ? a | b << 16 : a << 16 | b
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
