import PhotoFacts

/// The item tables of a HEIF `meta` box (ISO/IEC 23008-12): which item is the picture, where
/// each item's bytes are, and which properties each has. Parsed from the box's bytes with
/// bounds checks everywhere: a damaged table is an error, never a crash.
struct HEIFItems {
    var primary: Int?
    /// item ID → type ("hvc1", "av01", "grid", "Exif", ...).
    private var types: [Int: String] = [:]
    /// A `mime` item's content type, by item ID ("application/rdf+xml" for XMP).
    private var contentTypes: [Int: String] = [:]
    /// item ID → (file offset, length) of each extent.
    private var locations: [Int: [Range<Int>]] = [:]
    /// item ID → ranges in the `idat` box (construction method 1: small items such as a grid's
    /// description, stored inside `meta`).
    private var idatLocations: [Int: [Range<Int>]] = [:]
    /// Where the `idat` box's content lies in the `meta` bytes.
    private var idat: Range<Int>?
    private let bytes: [UInt8]
    /// The `ipco` properties, in order (1-based in `ipma`).
    private var properties: [(type: String, bytes: ArraySlice<UInt8>)] = []
    /// item ID → property indices (1-based), in the order listed.
    private var associations: [Int: [Int]] = [:]
    /// (reference type, from item, to items).
    private var references: [(type: String, from: Int, to: [Int])] = []

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int
        var end: Int

        mutating func uint(_ size: Int) throws(ProbeError) -> Int {
            guard size >= 0, size <= 8, offset + size <= end else { throw .corrupt("a HEIF item table ends early") }
            var value = 0
            for i in 0 ..< size { value = value << 8 | Int(bytes[offset + i]) }
            offset += size
            guard value >= 0 else { throw .corrupt("a HEIF item table holds an absurd number") }
            return value
        }

        /// A NUL-terminated string (empty when the table ends first).
        mutating func cString() -> String {
            var end = offset
            while end < self.end, bytes[end] != 0 { end += 1 }
            defer { offset = min(end + 1, self.end) }
            return String(decoding: bytes[offset ..< end], as: UTF8.self)
        }

        mutating func fourCC() throws(ProbeError) -> String {
            guard offset + 4 <= end else { throw .corrupt("a HEIF item table ends early") }
            defer { offset += 4 }
            return String(decoding: bytes[offset ..< offset + 4], as: UTF8.self)
        }

        /// The boxes from `offset` to `end`: type, content start, end.
        func boxes() throws(ProbeError) -> [(type: String, content: Int, end: Int)] {
            var result: [(String, Int, Int)] = []
            var at = offset
            while at + 8 <= end {
                var reader = Reader(bytes: bytes, offset: at, end: end)
                var size = try reader.uint(4)
                let type = try reader.fourCC()
                if size == 1 { size = try reader.uint(8) } else if size == 0 { size = end - at }
                guard size >= reader.offset - at, at + size <= end else { throw .corrupt("a HEIF '\(type)' box overruns its parent") }
                result.append((type, reader.offset, at + size))
                at += size
            }
            return result
        }
    }

    init(meta bytes: [UInt8]) throws(ProbeError) {
        self.bytes = bytes
        for box in try Reader(bytes: bytes, offset: 0, end: bytes.count).boxes() {
            var reader = Reader(bytes: bytes, offset: box.content, end: box.end)
            switch box.type {
            case "pitm":
                let version = try reader.uint(1)
                _ = try reader.uint(3)
                primary = try reader.uint(version == 0 ? 2 : 4)
            case "iinf":
                let version = try reader.uint(1)
                _ = try reader.uint(3)
                _ = try reader.uint(version == 0 ? 2 : 4)
                for entry in try reader.boxes() where entry.type == "infe" {
                    var infe = Reader(bytes: bytes, offset: entry.content, end: entry.end)
                    let infeVersion = try infe.uint(1)
                    _ = try infe.uint(3)
                    guard infeVersion >= 2 else { continue }  // versions 0 and 1 predate item types
                    let id = try infe.uint(infeVersion == 2 ? 2 : 4)
                    _ = try infe.uint(2)
                    let type = try infe.fourCC()
                    types[id] = type
                    if type == "mime" {
                        _ = infe.cString()  // the item's name
                        contentTypes[id] = infe.cString()
                    }
                }
            case "iloc":
                try readLocations(&reader)
            case "idat":
                idat = box.content ..< box.end
            case "iprp":
                for child in try reader.boxes() {
                    var part = Reader(bytes: bytes, offset: child.content, end: child.end)
                    if child.type == "ipco" {
                        properties = try part.boxes().map { ($0.type, bytes[$0.content ..< $0.end]) }
                    } else if child.type == "ipma" {
                        try readAssociations(&part)
                    }
                }
            case "iref":
                let version = try reader.uint(1)
                _ = try reader.uint(3)
                for entry in try reader.boxes() {
                    var link = Reader(bytes: bytes, offset: entry.content, end: entry.end)
                    let from = try link.uint(version == 0 ? 2 : 4)
                    let count = try link.uint(2)
                    var to: [Int] = []
                    for _ in 0 ..< count { to.append(try link.uint(version == 0 ? 2 : 4)) }
                    references.append((entry.type, from, to))
                }
            default:
                continue
            }
        }
    }

    private mutating func readLocations(_ reader: inout Reader) throws(ProbeError) {
        let version = try reader.uint(1)
        _ = try reader.uint(3)
        let sizes = try reader.uint(2)
        let offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 0xF, baseSize = sizes >> 4 & 0xF
        let indexSize = version >= 1 ? sizes & 0xF : 0
        let count = try reader.uint(version < 2 ? 2 : 4)
        for _ in 0 ..< count {
            let id = try reader.uint(version < 2 ? 2 : 4)
            let method = version >= 1 ? try reader.uint(2) & 0xF : 0
            _ = try reader.uint(2)  // data reference index
            let base = try reader.uint(baseSize)
            let extents = try reader.uint(2)
            var ranges: [Range<Int>] = []
            for _ in 0 ..< extents {
                if indexSize > 0 { _ = try reader.uint(indexSize) }
                let start = try reader.uint(offsetSize), length = try reader.uint(lengthSize)
                guard base <= Int.max / 2, start <= Int.max / 4, length <= Int.max / 4 else { throw .corrupt("a HEIF item location is absurd") }
                ranges.append(base + start ..< base + start + length)
            }
            // Only items stored in the file itself (method 0) have file offsets; items in the
            // `idat` box or built from other items are not read by the probe.
            if method == 0 { locations[id] = ranges }
            if method == 1 { idatLocations[id] = ranges }
        }
    }

    private mutating func readAssociations(_ reader: inout Reader) throws(ProbeError) {
        let version = try reader.uint(1)
        let flags = try reader.uint(3)
        let count = try reader.uint(4)
        for _ in 0 ..< count {
            let id = try reader.uint(version < 1 ? 2 : 4)
            let listed = try reader.uint(1)
            var indices: [Int] = []
            for _ in 0 ..< listed {
                indices.append(flags & 1 == 1 ? try reader.uint(2) & 0x7FFF : try reader.uint(1) & 0x7F)
            }
            associations[id] = indices
        }
    }

    /// `item`'s properties in the order `ipma` lists them (type and content, without the box header).
    func properties(of item: Int) -> [(type: String, bytes: ArraySlice<UInt8>)] {
        (associations[item] ?? []).compactMap { index in index >= 1 && index <= properties.count ? properties[index - 1] : nil }
    }

    func type(of item: Int) -> String? { types[item] }

    /// The picture's size before rotation and mirroring: a grid's output size from its
    /// description (`gridDescription`, what decoders assemble; some writers give the grid an
    /// `ispe` already turned), else the `ispe` property.
    func storedSize(of item: Int, gridDescription: [UInt8]?) -> (width: Int, height: Int)? {
        if types[item] == "grid", let grid = gridDescription, grid.count >= 8 {
            // version, flags (bit 0: 32-bit sizes), rows − 1, columns − 1, output width, height.
            let wide = grid[1] & 1 == 1
            var reader = Reader(bytes: grid, offset: 4, end: grid.count)
            if let width = try? reader.uint(wide ? 4 : 2), let height = try? reader.uint(wide ? 4 : 2), width > 0, height > 0 {
                return (width, height)
            }
        }
        return size(of: item)
    }

    /// `item`'s bytes when they are stored in the `idat` box.
    func idatBytes(of item: Int) -> [UInt8]? {
        guard let idat, let ranges = idatLocations[item], !ranges.isEmpty else { return nil }
        var out: [UInt8] = []
        for range in ranges {
            let start = idat.lowerBound + range.lowerBound
            guard range.lowerBound >= 0, start + range.count <= idat.upperBound else { return nil }
            out += bytes[start ..< start + range.count]
        }
        return out
    }

    /// The `ispe` size (width, height) of `item`.
    func size(of item: Int) -> (width: Int, height: Int)? {
        guard let ispe = properties(of: item).first(where: { $0.type == "ispe" })?.bytes, ispe.count >= 12 else { return nil }
        var reader = Reader(bytes: Array(ispe), offset: 4, end: ispe.count)
        guard let width = try? reader.uint(4), let height = try? reader.uint(4) else { return nil }
        return (width, height)
    }

    /// The clean aperture (`clap`) of `item` in a picture `width` × `height`: the part of the
    /// coded picture that is the image (encoders code whole blocks and crop with it; an odd-sized
    /// HEIC says its size so), as browsers and libheif crop it. Nil without a usable `clap`.
    func cleanAperture(of item: Int, width: Int, height: Int) -> CleanAperture? {
        guard let clap = properties(of: item).first(where: { $0.type == "clap" })?.bytes, clap.count >= 32 else { return nil }
        let words = Array(clap.prefix(32))
        func word(_ index: Int) -> Int64 {
            Int64(words[index * 4]) << 24 | Int64(words[index * 4 + 1]) << 16 | Int64(words[index * 4 + 2]) << 8 | Int64(words[index * 4 + 3])
        }
        func signed(_ index: Int) -> Int64 { Int64(Int32(truncatingIfNeeded: word(index))) }
        guard word(1) > 0, word(3) > 0, word(5) > 0, word(7) > 0 else { return nil }
        let clapWidth = Double(word(0)) / Double(word(1)), clapHeight = Double(word(2)) / Double(word(3))
        let offsetX = Double(signed(4)) / Double(word(5)), offsetY = Double(signed(6)) / Double(word(7))
        // The aperture's centre is the picture's, moved by the offsets (ISO/IEC 14496-12, 12.1.4).
        // A half-pixel edge is rounded as libheif (1.15) rounds it: down on the left, to the
        // nearest at the top (libheif's own display is the reference the tests hold us to).
        let left = Int((offsetX + Double(width - 1) / 2 - (clapWidth - 1) / 2).rounded(.down))
        let top = Int((offsetY + Double(height - 1) / 2 - (clapHeight - 1) / 2).rounded())
        let cropWidth = Int(clapWidth.rounded()), cropHeight = Int(clapHeight.rounded())
        guard cropWidth > 0, cropHeight > 0, left >= 0, top >= 0, left + cropWidth <= width, top + cropHeight <= height else { return nil }
        if (left, top, cropWidth, cropHeight) == (0, 0, width, height) { return nil }
        return CleanAperture(x: left, y: top, width: cropWidth, height: cropHeight)
    }

    /// `irot` and `imir` of `item`, composed in their listed order, as the EXIF orientation that
    /// turns the stored picture the same way.
    func orientation(of item: Int) -> Orientation {
        var transform = PlaneTransform.identity
        for property in properties(of: item) {
            guard let first = property.bytes.first else { continue }
            switch property.type {
            case "irot": transform = PlaneTransform.counterclockwiseQuarterTurns(Int(first & 3)).after(transform)
            case "imir": transform = (first & 1 == 0 ? PlaneTransform.flipTopBottom : .flipLeftRight).after(transform)
            default: continue
            }
        }
        return transform.orientation
    }

    /// The ICC profile of `item`'s `colr` property (types "prof" and "rICC"; "nclx" describes
    /// colour with code points, not a profile).
    func iccProfile(of item: Int) -> [UInt8]? {
        for property in properties(of: item) where property.type == "colr" && property.bytes.count > 4 {
            let type = String(decoding: property.bytes.prefix(4), as: UTF8.self)
            if type == "prof" || type == "rICC" { return Array(property.bytes.dropFirst(4)) }
        }
        return nil
    }

    /// `item`'s colour as nclx code points, when its `colr` says so (and no profile does).
    func nclxColor(of item: Int) -> NCLXColor? {
        for property in properties(of: item) where property.type == "colr" && property.bytes.count > 4 {
            if String(decoding: property.bytes.prefix(4), as: UTF8.self) == "nclx" { return NCLXColor(property.bytes.dropFirst(4)) }
        }
        return nil
    }

    /// The file ranges holding `item`'s bytes (empty when not stored in the file itself).
    func extents(of item: Int) -> [Range<Int>] { locations[item] ?? [] }

    /// The items `item` references with `type` (a grid's tiles: "dimg").
    func references(from item: Int, type: String) -> [Int] {
        references.filter { $0.type == type && $0.from == item }.flatMap(\.to)
    }

    /// The XMP item (`mime`, "application/rdf+xml") that describes `item`, else the first.
    func xmpItem(describing item: Int) -> Int? {
        let xmpItems = contentTypes.filter { $0.value == "application/rdf+xml" }.map(\.key).sorted()
        return xmpItems.first { xmp in references.contains { $0.type == "cdsc" && $0.from == xmp && $0.to.contains(item) } }
            ?? xmpItems.first
    }

    /// The Exif item that describes `item` ("cdsc" reference), else the first Exif item.
    func exifItem(describing item: Int) -> Int? {
        let exifItems = types.filter { $0.value == "Exif" }.map(\.key).sorted()
        return exifItems.first { exif in references.contains { $0.type == "cdsc" && $0.from == exif && $0.to.contains(item) } }
            ?? exifItems.first
    }
}
