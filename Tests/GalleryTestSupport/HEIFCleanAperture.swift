import Imaging

extension TestImages {
    /// `heif` (as libheif 1.15 writes it: `meta` before `mdat`, items located by absolute
    /// offsets) with a clean aperture `clap` of `width` × `height` pixels, moved by (`dx`, `dy`)
    /// from the centre, added to the primary item's properties: what encoders that code whole
    /// blocks write (libheif 1.15 cannot). The boxes that hold it grow, and the item locations
    /// move by as much.
    public static func withCleanAperture(_ heif: [UInt8], width: Int, height: Int, dx: Int = 0, dy: Int = 0) throws -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { (0 ..< 4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
        // clap: width, height and offsets as fractions (N/1), the offsets signed.
        let clap = be32(40) + Array("clap".utf8) + be32(width) + be32(1) + be32(height) + be32(1)
            + be32(Int(UInt32(bitPattern: Int32(dx)))) + be32(1) + be32(Int(UInt32(bitPattern: Int32(dy)))) + be32(1)
        // First in the list, and essential: a clean aperture crops the picture before it is turned.
        return try addingProperty(heif, clap, toItem: nil, essential: true)
    }

    /// `heif` (as libheif 1.15 writes it) with the property box `property` added to `ipco` and
    /// associated first with `item` (nil: the primary item). The boxes that hold it grow, and
    /// the item locations move by as much.
    static func addingProperty(_ heif: [UInt8], _ property: [UInt8], toItem item: Int?, essential: Bool) throws -> [UInt8] {
        var bytes = heif
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func put32(_ value: Int, at: Int) { for i in 0 ..< 4 { bytes[at + i] = UInt8(value >> (24 - 8 * i) & 0xFF) } }
        func boxes(_ range: Range<Int>) -> [(start: Int, type: String, end: Int)] { heifBoxes(bytes, in: range) }
        guard let meta = boxes(0 ..< bytes.count).first(where: { $0.type == "meta" }),
              let iprp = boxes(meta.start + 12 ..< meta.end).first(where: { $0.type == "iprp" }),
              let ipco = boxes(iprp.start + 8 ..< iprp.end).first(where: { $0.type == "ipco" }),
              let ipma = boxes(iprp.start + 8 ..< iprp.end).first(where: { $0.type == "ipma" }),
              let pitm = boxes(meta.start + 12 ..< meta.end).first(where: { $0.type == "pitm" }),
              let iloc = boxes(meta.start + 12 ..< meta.end).first(where: { $0.type == "iloc" }),
              bytes[ipma.start + 8] == 0, bytes[ipma.start + 11] & 1 == 0, bytes[pitm.start + 8] == 0 else {
            throw CodecError("not a HEIF as libheif 1.15 writes it")
        }
        let target = item ?? u16(pitm.start + 12)
        let propertyIndex = boxes(ipco.start + 8 ..< ipco.end).count + 1
        // ipma (version 0, 1-byte associations): one more association for the item.
        var at = ipma.start + 16, insertAt: Int?
        for _ in 0 ..< u32(ipma.start + 12) {
            let count = Int(bytes[at + 2])
            if u16(at) == target { insertAt = at + 3; bytes[at + 2] = UInt8(count + 1) }
            at += 3 + count
        }
        guard let associationAt = insertAt else { throw CodecError("item \(target) has no properties") }
        let grown = property.count + 1
        // iloc: every absolute offset past the meta box moves by what the meta box grows.
        let version = Int(bytes[iloc.start + 8])
        let offsetSize = Int(bytes[iloc.start + 12] >> 4), lengthSize = Int(bytes[iloc.start + 12] & 15)
        let baseSize = Int(bytes[iloc.start + 13] >> 4), indexSize = version >= 1 ? Int(bytes[iloc.start + 13] & 15) : 0
        guard offsetSize == 4 || offsetSize == 0, baseSize == 4 || baseSize == 0, version < 2 else { throw CodecError("iloc layout not handled") }
        at = iloc.start + 14
        let items = u16(at)
        at += 2
        for _ in 0 ..< items {
            at += 2  // item ID
            var construction = 0
            if version == 1 { construction = u16(at) & 15; at += 2 }
            at += 2  // data reference index
            var base = 0
            if baseSize == 4 { base = u32(at); if construction == 0, base >= meta.end { put32(base + grown, at: at) }; at += 4 }
            let extents = u16(at)
            at += 2
            for _ in 0 ..< extents {
                at += indexSize
                if offsetSize == 4 {
                    let offset = u32(at)
                    if construction == 0, base == 0, offset >= meta.end { put32(offset + grown, at: at) }
                    at += 4
                }
                at += lengthSize
            }
        }
        // Insert the association, then the box at ipco's end (before ipma, which follows it),
        // and grow the boxes around them.
        bytes.insert((essential ? 0x80 : 0) | UInt8(propertyIndex), at: associationAt)
        bytes.insert(contentsOf: property, at: ipco.end)
        put32(u32(ipma.start + property.count) + 1, at: ipma.start + property.count)
        put32(u32(ipco.start) + property.count, at: ipco.start)
        put32(u32(iprp.start) + grown, at: iprp.start)
        put32(u32(meta.start) + grown, at: meta.start)
        return bytes
    }

    /// The ISO boxes of `bytes` in `range`: each one's start, type and end.
    static func heifBoxes(_ bytes: [UInt8], in range: Range<Int>) -> [(start: Int, type: String, end: Int)] {
        var found: [(Int, String, Int)] = [], at = range.lowerBound
        while at + 8 <= range.upperBound {
            let size = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard size >= 8 else { break }
            found.append((at, String(decoding: bytes[at + 4 ..< at + 8], as: UTF8.self), at + size))
            at += size
        }
        return found
    }
}
