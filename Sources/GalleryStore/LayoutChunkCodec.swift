/// The byte layout of a masonry layout's `layout_chunks.items`: per item, little-endian, photo
/// id (int64), column (int32), then y, height, photo height, caption height, comment height and
/// photo top (float64).
enum LayoutChunkCodec {
    static let itemsPerChunk = 256
    static let bytesPerItem = 8 + 4 + 6 * 8
    /// Chunk ids in the R*Tree: layout id × 2²⁴ + chunk number.
    static let chunkIDFactor: Int64 = 16_777_216

    static func encode(_ items: ArraySlice<StoredLayoutItem>) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(items.count * bytesPerItem)
        for item in items {
            withUnsafeBytes(of: item.photoID.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: Int32(item.column).littleEndian) { bytes += $0 }
            for value in [item.y, item.height, item.photoHeight, item.captionHeight, item.commentHeight, item.photoTop] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
            }
        }
        return bytes
    }

    static func decode(_ bytes: [UInt8], firstIndex: Int) -> [StoredLayoutItem] {
        let count = bytes.count / bytesPerItem
        var items: [StoredLayoutItem] = []
        items.reserveCapacity(count)
        bytes.withUnsafeBytes { raw in
            for i in 0 ..< count {
                let base = i * bytesPerItem
                func double(_ at: Int) -> Double {
                    Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + at, as: UInt64.self)))
                }
                items.append(StoredLayoutItem(
                    index: firstIndex + i,
                    photoID: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: Int64.self)),
                    column: Int(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 8, as: Int32.self))),
                    y: double(12), height: double(20), photoHeight: double(28), captionHeight: double(36), commentHeight: double(44),
                    photoTop: double(52)))
            }
        }
        return items
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
