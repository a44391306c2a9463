extension EXIFReader {
    /// What cameras write into ImageDescription when nobody typed anything (compared ignoring
    /// case); the camera's own make or model, and texts naming a digital camera, are too.
    static let placeholders: Set<String> = [
        "olympus digital camera", "sony dsc", "digital camera", "digital still camera", "kodak digital still camera",
        "minolta digital camera", "konica minolta digital camera", "exif_jpeg_picture", "default", "samsung camera pictures",
        "pentax image", "image", "picture", "photo", "dcim", "lg electronics", "camera", "untitled",
    ]

    static func description(_ tags: TIFFDirectories, make: String?, model: String?) -> PhotoDescription {
        var description = PhotoDescription()
        let image = PhotoDescription.cleaned(tags.text(.ifd0, 0x010E)).flatMap { isPlaceholder($0, make: make, model: model) ? nil : $0 }
        let user = tags.data(.exif, 0x9286).flatMap { userComment($0, littleEndian: tags.littleEndian) }
            .flatMap { isPlaceholder($0, make: make, model: model) ? nil : $0 }
        func windows(_ tag: Int) -> String? { tags.data(.ifd0, tag).flatMap { PhotoDescription.cleaned(utf16($0, littleEndian: true)) } }
        description.title = windows(0x9C9B)
        description.description = image ?? user ?? windows(0x9C9C) ?? windows(0x9C9F)
        description.keywords = windows(0x9C9E).flatMap { PhotoDescription.cleanedList($0.split(separator: ";").map(String.init)) }
        return description
    }

    static func isPlaceholder(_ text: String, make: String?, model: String?) -> Bool {
        let folded = text.lowercased()
        if placeholders.contains(folded) || folded.contains("digital camera") || folded.contains("digital still camera") { return true }
        let camera = [make, model, [make, model].compactMap { $0 }.joined(separator: " ")].compactMap { $0?.lowercased() }.filter { !$0.isEmpty }
        return camera.contains(folded)
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
