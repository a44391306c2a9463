import Foundation

/// The ISO sensitivity of cameras that keep it only in their maker note (EXIF tag 0x927C), read
/// as exiftool reads it (its Canon.pm, Casio.pm, Kodak.pm and Nikon.pm):
/// - Canon: an IFD at the note's start, offsets from the EXIF block's TIFF header. CameraSettings
///   (0x0001) value 16 is the ISO when it is a number (16–20: 50–800; with bit 0x4000 set, the
///   rest of the bits); when it says "Auto", BaseISO × AutoISO / 100 from ShotInfo (0x0004)
///   values 2 and 1, each 2^(v/32) × 100 (BaseISO over 32).
/// - Casio: "QVC\0" (type 2, always big-endian), an entry count at 6 and entries at 8, tag
///   0x3014 the ISO; else an
///   IFD at the note's start (type 1), tag 0x0014, 3, 4, 6, 9 coding 50, 64, 100, 200.
/// - Nikon (type 3): "Nikon\0", a version, then a TIFF header of its own at 10 whose offsets
///   count from there; tag 0x0002, its second value.
/// - Kodak (its Main table, "KDK" notes of the DX, CX, LS, V and Z series): binary data from byte
///   8, big-endian after "KDK INFO", little-endian otherwise; the ISO a 16-bit value at 0x60.
/// Anything malformed reads as no ISO.
enum MakerNoteISO {
    static func iso(note: ArraySlice<UInt8>, block: [UInt8], blockLittleEndian: Bool, make: String?) -> Int? {
        let make = (make ?? "").lowercased()
        let noteStart = note.startIndex
        let bytes = Array(note)
        if bytes.starts(with: Array("Nikon\0".utf8)), bytes.count > 18 {
            guard let reader = EndianBytes(bytes, orderMarkAt: 10) else { return nil }
            let inner = Array(bytes[10...])
            let innerReader = EndianBytes(inner, littleEndian: reader.littleEndian)
            guard let first = innerReader.u32(4) else { return nil }
            return Directory(reader: innerReader, start: first).shorts(0x0002).dropFirst().first.flatMap(sensitivity)
        }
        if make.hasPrefix("eastman kodak"), bytes.starts(with: Array("KDK".utf8)) {
            // Binary data from byte 8, "KDK INFO" big-endian, other "KDK" notes little-endian.
            let reader = EndianBytes(bytes, littleEndian: !bytes.starts(with: Array("KDK INFO".utf8)))
            return reader.u16(8 + 0x60).flatMap(sensitivity)
        }
        if bytes.starts(with: Array("QVC\0".utf8)) {
            // Big-endian whatever the EXIF block's order (a QV-R51 writes "II" EXIF).
            let reader = EndianBytes(block, littleEndian: false)
            return Directory(reader: reader, start: noteStart + 6).shorts(0x3014).first.flatMap(sensitivity)
        }
        let reader = EndianBytes(block, littleEndian: blockLittleEndian)
        let directory = Directory(reader: reader, start: noteStart)
        if make.hasPrefix("casio") {
            guard let code = directory.shorts(0x0014).first else { return nil }
            let codes = [3: 50, 4: 64, 6: 100, 9: 200]
            return codes[code] ?? sensitivity(code)
        }
        if make.hasPrefix("canon") {
            let settings = directory.shorts(0x0001)
            if settings.count > 16 {
                let value = settings[16]
                if value != 0x7FFF, value & 0x4000 != 0 { return sensitivity(value & 0x3FFF) }
                let table = [16: 50, 17: 100, 18: 200, 19: 400, 20: 800]
                if let iso = table[value] { return iso }
            }
            let shot = directory.shorts(0x0004).map { Int(Int16(truncatingIfNeeded: $0)) }
            guard shot.count > 2, shot[1] != 0 || shot[2] != 0 else { return nil }
            let auto = exp2(Double(shot[1]) / 32) * 100, base = exp2(Double(shot[2]) / 32) * 100 / 32
            return sensitivity(Int((base * auto / 100).rounded()))
        }
        return nil
    }

    private static func sensitivity(_ value: Int) -> Int? { value > 0 && value < 10_000_000 ? value : nil }

    /// An IFD's SHORT values by tag; offsets count from the reader's first byte.
    private struct Directory {
        let reader: EndianBytes
        let start: Int

        func shorts(_ tag: Int) -> [Int] {
            guard let count = reader.u16(start), count < 1000 else { return [] }
            for index in 0 ..< count {
                let at = start + 2 + index * 12
                guard let found = reader.u16(at), found == tag, let type = reader.u16(at + 2), type == 3 || type == 8,
                      let values = reader.u32(at + 4), values > 0, values < 4096 else { continue }
                let first = values <= 2 ? at + 8 : (reader.u32(at + 8) ?? -1_000_000)
                return (0 ..< values).compactMap { reader.u16(first + 2 * $0) }
            }
            return []
        }
    }
}
