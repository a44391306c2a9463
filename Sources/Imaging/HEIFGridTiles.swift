/// The tiles of a HEIF whose primary picture is a grid (an iPhone's HEIC: 48 tiles of 512 px),
/// read one by one, for a file cut short: libheif (1.15) decodes a grid whole or not at all, and
/// does not hand out its tiles, so each tile whose bytes are all in the file is wrapped in a HEIF
/// of its own — its coding properties (`hvcC` or `av1C`, `ispe`, colour) and its bytes — and
/// decoded alone. What browsers and the camera roll show of such a file is its first tiles.
struct HEIFGridTiles {
    let columns: Int
    let rows: Int
    /// The assembled picture's size, from the grid's description.
    let width: Int
    let height: Int
    /// Tile item IDs, row by row.
    let tiles: [Int]
    private let items: HEIFItems
    private let primary: Int
    private let bytes: [UInt8]

    /// Nil when the primary picture is not a grid (or its tables cannot be read).
    init?(_ bytes: [UInt8]) {
        var input = ProbeInput(bytes: bytes)
        var offset = 0, boxes = 0
        var meta: Range<Int>?
        while offset < bytes.count, boxes < 10_000 {
            boxes += 1
            guard let box = try? PhotoProbe.box(&input, at: offset, end: bytes.count), box.end > offset else { break }
            if box.type == "meta", box.end <= bytes.count, box.content + 4 <= box.end { meta = box.content + 4 ..< box.end }
            offset = box.end
        }
        guard let meta, let items = try? HEIFItems(meta: Array(bytes[meta])), let primary = items.primary,
              items.type(of: primary) == "grid" else { return nil }
        var description = items.idatBytes(of: primary)
        if description == nil, let extent = items.extents(of: primary).first, extent.count <= 64, extent.upperBound <= bytes.count {
            description = Array(bytes[extent])
        }
        // version, flags (bit 0: 32-bit sizes), rows − 1, columns − 1, output width and height.
        guard let description, description.count >= 8, let size = items.storedSize(of: primary, gridDescription: description) else { return nil }
        let tiles = items.references(from: primary, type: "dimg")
        guard tiles.count == (Int(description[2]) + 1) * (Int(description[3]) + 1) else { return nil }
        self.rows = Int(description[2]) + 1
        self.columns = Int(description[3]) + 1
        self.width = size.width
        self.height = size.height
        self.tiles = tiles
        self.items = items
        self.primary = primary
        self.bytes = bytes
    }

    /// Whether every byte of `tile` is in the file.
    func isWhole(_ tile: Int) -> Bool {
        let extents = items.extents(of: tile)
        return !extents.isEmpty && extents.allSatisfy { $0.upperBound <= bytes.count }
    }

    /// A HEIF file holding `tile` alone (nil when its bytes are not all in the file): `ftyp`,
    /// a `meta` naming it the primary item with its own properties (and the grid's colour when
    /// it has none), and an `mdat` with its bytes.
    func file(for tile: Int) -> [UInt8]? {
        guard isWhole(tile), let type = items.type(of: tile), type == "hvc1" || type == "av01" else { return nil }
        var properties = items.properties(of: tile).filter { ["hvcC", "av1C", "ispe", "colr", "pixi"].contains($0.type) }
        if !properties.contains(where: { $0.type == "colr" }) {
            properties += items.properties(of: primary).filter { $0.type == "colr" }
        }
        guard properties.contains(where: { $0.type == "hvcC" || $0.type == "av1C" }), properties.count < 128 else { return nil }
        let data = items.extents(of: tile).flatMap { bytes[$0] }
        let brand = type == "av01" ? "avif" : "heic"

        func box(_ type: String, _ content: [UInt8]) -> [UInt8] { u32(8 + content.count) + Array(type.utf8) + content }
        func fullBox(_ type: String, version: UInt8 = 0, _ content: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + content) }
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

        let ftyp = box("ftyp", Array(brand.utf8) + u32(0) + Array("mif1".utf8) + Array(brand.utf8))
        let hdlr = fullBox("hdlr", u32(0) + Array("pict".utf8) + u32(0) + u32(0) + u32(0) + [0])
        let pitm = fullBox("pitm", u16(1))
        let iinf = fullBox("iinf", u16(1) + fullBox("infe", version: 2, u16(1) + u16(0) + Array(type.utf8) + [0]))
        let ipco = box("ipco", properties.flatMap { box($0.type, Array($0.bytes)) })
        let associations = properties.indices.map { index -> UInt8 in
            let essential = ["hvcC", "av1C"].contains(properties[index].type)
            return UInt8(index + 1) | (essential ? 0x80 : 0)
        }
        let ipma = fullBox("ipma", u32(1) + u16(1) + [UInt8(properties.count)] + associations)
        let iprp = box("iprp", ipco + ipma)
        // iloc version 0: 4-byte offsets and lengths, no base offset; one extent, whose offset
        // is where the mdat's content will start.
        func iloc(_ at: Int) -> [UInt8] { fullBox("iloc", [0x44, 0x00] + u16(1) + u16(1) + u16(0) + u16(1) + u32(at) + u32(data.count)) }
        let metaLength = 12 + hdlr.count + pitm.count + iloc(0).count + iinf.count + iprp.count
        let dataStart = ftyp.count + metaLength + 8
        guard dataStart + data.count <= Int(UInt32.max) else { return nil }
        let meta = fullBox("meta", hdlr + pitm + iloc(dataStart) + iinf + iprp)
        return ftyp + meta + box("mdat", data)
    }
}
