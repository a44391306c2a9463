import CZlib

/// WOFF 1.0 (W3C, 2012): an sfnt font (TrueType or CFF) with each table compressed by zlib.
/// Every browser reads it, and it halves a subset font on a host that does not compress
/// (object storage): the fonts a page preloads come in before its first images do.
public enum WOFF {
    /// `sfnt` as WOFF; nil when it is not a well-formed sfnt (its table directory points
    /// outside the file).
    public static func encode(_ sfnt: [UInt8]) -> [UInt8]? {
        guard let tables = tableRecords(sfnt) else { return nil }
        let headerSize = 44, entrySize = 20
        var directory: [UInt8] = []
        var data: [UInt8] = []
        var sfntSize = 12 + 16 * tables.count
        let dataStart = headerSize + entrySize * tables.count
        for table in tables.sorted(by: { $0.tag < $1.tag }) {
            let original = Array(sfnt[table.offset ..< table.offset + table.length])
            // A table is stored compressed only when that makes it smaller (the format's rule).
            let compressed = compress(original).flatMap { $0.count < original.count ? $0 : nil } ?? original
            append32(&directory, table.tag)
            append32(&directory, UInt32(dataStart + data.count))
            append32(&directory, UInt32(compressed.count))
            append32(&directory, UInt32(original.count))
            append32(&directory, table.checksum)
            data += compressed
            data += [UInt8](repeating: 0, count: (4 - compressed.count % 4) % 4)
            sfntSize += (table.length + 3) & ~3
        }
        var header: [UInt8] = []
        append32(&header, 0x774F_4646)  // "wOFF"
        header += sfnt[0 ..< 4]  // the flavor: 0x00010000 (TrueType) or "OTTO" (CFF)
        append32(&header, UInt32(dataStart + data.count))
        append16(&header, UInt16(tables.count))
        append16(&header, 0)
        append32(&header, UInt32(sfntSize))
        append16(&header, 1)  // the font's version: WOFF's own is in the signature
        append16(&header, 0)
        header += [UInt8](repeating: 0, count: 20)  // no metadata, no private block
        return header + directory + data
    }

    /// The sfnt a WOFF file holds (tables in the order the file lists them, each padded to four
    /// bytes); nil when it is not one.
    public static func decode(_ woff: [UInt8]) -> [UInt8]? {
        guard woff.count >= 44, read32(woff, 0) == 0x774F_4646 else { return nil }
        let count = Int(read16(woff, 12))
        guard woff.count >= 44 + 20 * count else { return nil }
        var records: [(tag: UInt32, checksum: UInt32, table: [UInt8])] = []
        for index in 0 ..< count {
            let entry = 44 + 20 * index
            let offset = Int(read32(woff, entry + 4)), stored = Int(read32(woff, entry + 8)), length = Int(read32(woff, entry + 12))
            guard offset + stored <= woff.count, stored <= length else { return nil }
            let bytes = Array(woff[offset ..< offset + stored])
            guard let table = stored == length ? bytes : Inflate.zlib(bytes, limit: length), table.count == length else { return nil }
            records.append((read32(woff, entry), read32(woff, entry + 16), table))
        }
        var sfnt = Array(woff[4 ..< 8])
        append16(&sfnt, UInt16(count))
        var power = 1, exponent = 0
        while power * 2 <= count { power *= 2; exponent += 1 }
        append16(&sfnt, UInt16(power * 16))
        append16(&sfnt, UInt16(exponent))
        append16(&sfnt, UInt16(count * 16 - power * 16))
        var offset = 12 + 16 * count
        for record in records {
            append32(&sfnt, record.tag)
            append32(&sfnt, record.checksum)
            append32(&sfnt, UInt32(offset))
            append32(&sfnt, UInt32(record.table.count))
            offset += (record.table.count + 3) & ~3
        }
        for record in records {
            sfnt += record.table + [UInt8](repeating: 0, count: (4 - record.table.count % 4) % 4)
        }
        return sfnt
    }

    private static func tableRecords(_ sfnt: [UInt8]) -> [(tag: UInt32, checksum: UInt32, offset: Int, length: Int)]? {
        guard sfnt.count >= 12 else { return nil }
        let count = Int(read16(sfnt, 4))
        guard count > 0, sfnt.count >= 12 + 16 * count else { return nil }
        var tables: [(tag: UInt32, checksum: UInt32, offset: Int, length: Int)] = []
        for index in 0 ..< count {
            let record = 12 + 16 * index
            let offset = Int(read32(sfnt, record + 8)), length = Int(read32(sfnt, record + 12))
            guard offset + length <= sfnt.count else { return nil }
            tables.append((read32(sfnt, record), read32(sfnt, record + 4), offset, length))
        }
        return tables
    }

    /// A zlib stream (RFC 1950) of `input`, at the best compression: fonts are made once and
    /// kept for a year.
    private static func compress(_ input: [UInt8]) -> [UInt8]? {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { destination in
            input.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &length, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
            }
        }
        return status == Z_OK ? Array(output.prefix(Int(length))) : nil
    }

    private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) }
    private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 { UInt32(read16(bytes, at)) << 16 | UInt32(read16(bytes, at + 2)) }
    private static func append16(_ bytes: inout [UInt8], _ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
    private static func append32(_ bytes: inout [UInt8], _ value: UInt32) { append16(&bytes, UInt16(value >> 16)); append16(&bytes, UInt16(value & 0xFFFF)) }
}
