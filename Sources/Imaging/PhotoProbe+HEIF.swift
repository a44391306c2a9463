import PhotoFacts

extension PhotoProbe {
    /// Largest `meta` box read (item tables and properties; iPhone photos: ~2–5 KB).
    private static let maximumMetaBox = 4 << 20
    /// Largest Exif item read.
    private static let maximumEXIFItem = 1 << 20

    /// Reads a HEIF (HEIC, AVIF) file's `meta` box without decoding: the primary item's size
    /// (`ispe`, cropped to its clean aperture `clap`), its rotation and mirroring (`irot`, `imir`, applied in the order the item lists
    /// them, as HEIF prescribes and browsers do), and its Exif item. The Exif orientation of a
    /// HEIF is not applied: `irot`/`imir` already say how to turn the picture, and readers that
    /// also applied the Exif tag would turn it twice.
    static func probeHEIF(_ input: inout ProbeInput, format: ImageFormat) throws(ProbeError) -> ProbeResult {
        var offset = 0
        var meta: (start: Int, end: Int)?
        for _ in 0 ..< 10_000 {
            guard offset < input.size else { break }
            guard let box = try Self.box(&input, at: offset, end: input.size) else {
                throw .truncated("the file ends inside a HEIF box header at byte \(offset)")
            }
            if box.type == "meta" { meta = (box.content + 4, box.end) }  // a FullBox: version and flags first
            guard box.end <= input.size else {
                // Only the media data may be cut short here; the item locations check it below.
                if box.type == "mdat" { break }
                throw .truncated("the file ends inside its HEIF '\(box.type)' box")
            }
            offset = box.end
        }
        guard let meta else { throw .corrupt("the HEIF file has no 'meta' box (no image items)") }
        guard meta.end - meta.start <= maximumMetaBox, let bytes = try input.bytes(at: meta.start, count: meta.end - meta.start) else {
            throw .corrupt("the HEIF 'meta' box is larger than \(maximumMetaBox >> 20) MB")
        }
        let items = try HEIFItems(meta: bytes)
        guard let primary = items.primary else { throw .corrupt("the HEIF file names no primary image item") }
        var gridDescription = items.idatBytes(of: primary)
        if items.type(of: primary) == "grid", gridDescription == nil, let extent = items.extents(of: primary).first,
           extent.count <= 64, extent.upperBound <= input.size {
            gridDescription = try input.bytes(at: extent.lowerBound, count: extent.count)
        }
        guard let size = items.storedSize(of: primary, gridDescription: gridDescription) else {
            throw .corrupt("the HEIF primary image has no size ('ispe') property")
        }
        // Every byte of the primary image's data must be in the file; of a grid's tiles, the
        // first at least (the rest are left as the page's background, as a cut JPEG's rows are).
        let tiles = items.references(from: primary, type: "dimg")
        var cutTiles = 0
        for item in [primary] + tiles {
            for extent in items.extents(of: item) where extent.upperBound > input.size {
                guard item != primary, item != tiles.first else {
                    throw .truncated("the HEIF image data ends at byte \(input.size), before its end at byte \(extent.upperBound)")
                }
                cutTiles += 1
                break
            }
        }
        var damage: [String] = []
        if cutTiles > 0 {
            damage.append("the HEIF file ends at byte \(input.size): \(cutTiles) of its \(tiles.count) tiles are cut off (was it cut short while copying?)")
        }
        var exif: [UInt8]?
        if let item = items.exifItem(describing: primary), let extent = items.extents(of: item).first,
           extent.count <= maximumEXIFItem, extent.upperBound <= input.size,
           let payload = try input.bytes(at: extent.lowerBound, count: extent.count), payload.count >= 4 {
            // The item starts with the offset of the TIFF header after these four bytes.
            let skip = Int(payload[0]) << 24 | Int(payload[1]) << 16 | Int(payload[2]) << 8 | Int(payload[3])
            if skip >= 0, 4 + skip < payload.count { exif = Array(payload[(4 + skip)...]) }
        }
        // The image is the clean aperture of the coded picture, where the file says one.
        let aperture = items.cleanAperture(of: primary, width: size.width, height: size.height)
        var result = ProbeResult(
            format: format, width: aperture?.width ?? size.width, height: aperture?.height ?? size.height,
            orientation: items.orientation(of: primary), endMarker: .checkedByProbe, exif: exif)
        result.cleanAperture = aperture
        result.damage = damage
        // XMP: a `mime` item, in the item data box or in the file's media data.
        if let item = items.xmpItem(describing: primary) {
            if let inline = items.idatBytes(of: item) {
                result.xmp = inline
            } else if let extent = items.extents(of: item).first, extent.count <= XMPPacket.largestPacket, extent.upperBound <= input.size {
                result.xmp = try input.bytes(at: extent.lowerBound, count: extent.count)
            }
        }
        // An ICC profile, else one made from nclx code points in other primaries than sRGB's.
        result.iccProfile = items.iccProfile(of: primary) ?? items.nclxColor(of: primary)?.iccProfile
        return result
    }

    /// A box's type and where its content starts and ends (`end` may lie past `limit` when the
    /// file is cut short).
    static func box(_ input: inout ProbeInput, at offset: Int, end limit: Int) throws(ProbeError) -> (type: String, content: Int, end: Int)? {
        guard let size32 = try input.uint32BE(at: offset), let type = try input.bytes(at: offset + 4, count: 4) else { return nil }
        var content = offset + 8
        var size = size32
        if size32 == 1 {
            guard let high = try input.uint32BE(at: offset + 8), let low = try input.uint32BE(at: offset + 12) else { return nil }
            guard high < 1 << 20 else { throw .corrupt("a HEIF box declares an absurd size") }
            size = high << 32 | low
            content = offset + 16
        } else if size32 == 0 {
            size = limit - offset  // to the end of the file
        }
        guard size >= content - offset else { throw .corrupt("a HEIF box at byte \(offset) declares a size of \(size) bytes") }
        return (String(decoding: type, as: UTF8.self), content, offset + size)
    }
}
