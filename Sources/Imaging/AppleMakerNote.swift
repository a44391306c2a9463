/// The one value read from an iPhone's maker note (EXIF tag 0x927C): the content identifier
/// (tag 0x0011) that pairs a Live Photo's still with its motion clip.
///
/// The note is "Apple iOS\0", a version (2 bytes), a byte-order mark ("MM"), then an IFD whose
/// offsets count from the note's first byte (exiftool's Apple.pm; unlike the EXIF block's, which
/// count from the TIFF header). Anything malformed reads as no identifier.
enum AppleMakerNote {
    static let signature = Array("Apple iOS\0".utf8)
    static let contentIdentifierTag = 0x0011

    static func contentIdentifier(in note: ArraySlice<UInt8>) -> String? {
        let bytes = Array(note)
        guard bytes.count >= 16, bytes.starts(with: signature), let reader = EndianBytes(bytes, orderMarkAt: 12) else { return nil }
        guard let count = reader.u16(14) else { return nil }
        var at = 16
        for _ in 0 ..< min(count, 1000) {
            guard let tag = reader.u16(at), let type = reader.u16(at + 2), let length = reader.u32(at + 4) else { return nil }
            if tag == contentIdentifierTag {
                guard type == 2, length > 1, length < 256 else { return nil }
                let start = length <= 4 ? at + 8 : (reader.u32(at + 8) ?? -1)
                guard start >= 0, start + length <= bytes.count else { return nil }
                let text = bytes[start ..< start + length].prefix { $0 != 0 }
                let identifier = String(decoding: text, as: UTF8.self).trimmingCharacters(in: " ")
                return identifier.isEmpty ? nil : identifier
            }
            at += 12
        }
        return nil
    }
}

private extension String {
    func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice.removeFirst() }
        while slice.last == character { slice.removeLast() }
        return String(slice)
    }
}
