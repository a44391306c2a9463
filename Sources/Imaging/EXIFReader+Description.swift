extension EXIFReader {
    static func description(_ tags: TIFFDirectories, make: String?, model: String?) -> PhotoDescription {
        var description = PhotoDescription()
        // Each text checked on its own: a placeholder in one leaves the next its turn.
        func real(_ text: String?) -> String? { text.flatMap { PhotoDescription.isPlaceholder($0, make: make, model: model) ? nil : $0 } }
        let image = real(PhotoDescription.cleaned(tags.text(.ifd0, 0x010E)))
        let user = real(tags.data(.exif, 0x9286).flatMap { userComment($0, littleEndian: tags.littleEndian) })
        func windows(_ tag: Int) -> String? { real(tags.data(.ifd0, tag).flatMap { PhotoDescription.cleaned(utf16($0, littleEndian: true)) }) }
        description.title = windows(0x9C9B)
        description.description = image ?? user ?? windows(0x9C9C) ?? windows(0x9C9F)
        description.keywords = windows(0x9C9E).flatMap { PhotoDescription.cleanedList($0.split(separator: ";").map(String.init)) }
        // Windows' stars (Rating, 0 for none), else its percentage (1, 25, 50, 75, 99 for one to
        // five stars, as Explorer writes them).
        if let stars = tags.numbers(.ifd0, 0x4746).first, (1 ... 5).contains(stars) {
            description.rating = Int(stars)
        } else if let percent = tags.numbers(.ifd0, 0x4749).first {
            description.rating = PhotoDescription.stars(percent: percent)
        }
        return description
    }

    /// UserComment: an 8-byte code names its encoding ("ASCII", "UNICODE" in the block's byte
    /// order, "JIS", or 8 NULs for undefined, which writers fill with UTF-8 or blanks).
    static func userComment(_ value: ArraySlice<UInt8>, littleEndian: Bool) -> String? {
        guard value.count > 8 else { return nil }
        let code = value.prefix(8), text = value.dropFirst(8)
        if code.elementsEqual("UNICODE\0".utf8) { return PhotoDescription.cleaned(utf16(text, littleEndian: littleEndian)) }
        if code.elementsEqual("JIS\0\0\0\0\0".utf8) { return nil }  // JIS X 0208: not read
        return PhotoDescription.cleaned(String(validating: Array(text.prefix { $0 != 0 }), as: UTF8.self))
    }

    /// UTF-16 text up to its first NUL (Windows' XP tags are UTF-16LE whatever the block's order).
    static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        var at = bytes.startIndex
        while at + 1 < bytes.endIndex {
            let unit = littleEndian ? UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 : UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
            if unit == 0 { break }
            units.append(unit)
            at += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
