/// The byte layout of a masonry layout's `layout_chunks.items`: per item, little-endian, photo
/// id (int64), column (int32), then y, height, photo height, caption height, comment height and
/// photo top (float64).
enum LayoutChunkCodec {
    static let itemsPerChunk = 256
    static let bytesPerItem = 8 + 4 + 6 * 8
    /// Chunk ids in the R*Tree: layout id × 2²⁴ + chunk number.
    static let chunkIDFactor: Int64 = 16_777_216

    static func encode(_ items: ArraySlice<StoredLayoutItem>) -> [UInt8] {
        // Stored straight into the bytes: appending each double through a temporary array
        // cost an allocation per item, and a caption's build encodes every band's changed
        // chunks.
        [UInt8](unsafeUninitializedCapacity: items.count * bytesPerItem) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            var base = 0
            for item in items {
                raw.storeBytes(of: item.photoID.littleEndian, toByteOffset: base, as: Int64.self)
                raw.storeBytes(of: Int32(item.column).littleEndian, toByteOffset: base + 8, as: Int32.self)
                func store(_ value: Double, at offset: Int) {
                    raw.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: base + offset, as: UInt64.self)
                }
                store(item.y, at: 12)
                store(item.height, at: 20)
                store(item.photoHeight, at: 28)
                store(item.captionHeight, at: 36)
                store(item.commentHeight, at: 44)
                store(item.photoTop, at: 52)
                base += bytesPerItem
            }
            initialized = base
        }
    }

    /// Whether two items are encoded as the same bytes (their doubles compared by bits: 0 and
    /// -0 are equal numbers but not equal bytes).
    static func sameBytes(_ a: StoredLayoutItem, _ b: StoredLayoutItem) -> Bool {
        a.photoID == b.photoID && Int32(truncatingIfNeeded: a.column) == Int32(truncatingIfNeeded: b.column)
            && a.y.bitPattern == b.y.bitPattern && a.height.bitPattern == b.height.bitPattern
            && a.photoHeight.bitPattern == b.photoHeight.bitPattern && a.captionHeight.bitPattern == b.captionHeight.bitPattern
            && a.commentHeight.bitPattern == b.commentHeight.bitPattern && a.photoTop.bitPattern == b.photoTop.bitPattern
    }

    /// Appends the items of a chunk (`raw`, its first item's index `firstIndex`) that `keep`
    /// keeps to `items`: read where SQLite holds the bytes, nothing copied but the items kept.
    static func decode(_ raw: UnsafeRawBufferPointer, firstIndex: Int, into items: inout [StoredLayoutItem], keep: (StoredLayoutItem) -> Bool) {
        for i in 0 ..< raw.count / bytesPerItem {
            let base = i * bytesPerItem
            func double(_ at: Int) -> Double {
                Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + at, as: UInt64.self)))
            }
            let item = StoredLayoutItem(
                index: firstIndex + i,
                photoID: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: Int64.self)),
                column: Int(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 8, as: Int32.self))),
                y: double(12), height: double(20), photoHeight: double(28), captionHeight: double(36), commentHeight: double(44),
                photoTop: double(52))
            if keep(item) { items.append(item) }
        }
    }

    static func encode(_ values: [Double]) -> [UInt8] {
        var bytes = [UInt8]()
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
        return bytes
    }

    static func decodeDoubles(_ bytes: [UInt8]) -> [Double] {
        bytes.withUnsafeBytes { raw in
            (0 ..< bytes.count / 8).map { Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))) }
        }
    }
}
