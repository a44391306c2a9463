/// The byte layout of `layout_chunks.items` for layouts of free frames (kind "justified"): per
/// item, little-endian, photo id (int64), then x, y, width, height (float64). Chunks hold
/// `LayoutChunkCodec.itemsPerChunk` items, as masonry chunks do.
enum FrameChunkCodec {
    static let bytesPerItem = 8 + 4 * 8

    static func encode(_ frames: ArraySlice<StoredFrame>) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(frames.count * bytesPerItem)
        for frame in frames {
            withUnsafeBytes(of: frame.photoID.littleEndian) { bytes += $0 }
            for value in [frame.x, frame.y, frame.width, frame.height] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
            }
        }
        return bytes
    }

    /// Appends the frames of a chunk (`raw`, its first frame's index `firstIndex`) that `keep`
    /// keeps to `frames`.
    static func decode(_ raw: UnsafeRawBufferPointer, firstIndex: Int, into frames: inout [StoredFrame], keep: (StoredFrame) -> Bool) {
        for i in 0 ..< raw.count / bytesPerItem {
            let base = i * bytesPerItem
            func double(_ at: Int) -> Double {
                Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + at, as: UInt64.self)))
            }
            let frame = StoredFrame(
                index: firstIndex + i, photoID: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: Int64.self)),
                x: double(8), y: double(16), width: double(24), height: double(32))
            if keep(frame) { frames.append(frame) }
        }
    }
}
