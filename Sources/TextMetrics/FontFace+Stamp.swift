import CHarfBuzz

extension FontFace {
    /// The font's revision and whole-file checksum from its `head` table, in hex: changes
    /// whenever the file's content does (a font package upgrade), and not when the same file is
    /// merely reinstalled. Part of every key under which measurements are kept. "missing" when
    /// the file cannot be read (measuring then reports it).
    var contentStamp: String {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return "missing" }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(index)) else { return "missing" }
        defer { hb_face_destroy(face) }
        let tag: hb_tag_t = (UInt32(UInt8(ascii: "h")) << 24) | (UInt32(UInt8(ascii: "e")) << 16) | (UInt32(UInt8(ascii: "a")) << 8) | UInt32(UInt8(ascii: "d"))
        guard let table = hb_face_reference_table(face, tag) else { return "missing" }
        defer { hb_blob_destroy(table) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(table, &length), length >= 12 else { return "no-head" }
        // fontRevision (bytes 4..<8) and checkSumAdjustment (8..<12).
        return data.withMemoryRebound(to: UInt8.self, capacity: 12) { bytes in
            (4 ..< 12).map { byte in
                let value = bytes[byte]
                return String(value >> 4, radix: 16) + String(value & 0xF, radix: 16)
            }.joined()
        }
    }
}
