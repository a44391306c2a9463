import GalleryZip

/// What PNG text chunks carry of a photo's own description: XMP in an iTXt chunk keyed
/// "XML:com.adobe.xmp" (the XMP specification's place, compressed or not), and the "Raw profile
/// type xmp | iptc | 8bim | exif | app1" chunks (tEXt, zTXt or iTXt, hexadecimal text) that
/// ImageMagick, and the many tools built on it, write when they turn a photo into a PNG.
enum PNGTextChunk {
    enum Metadata: Equatable {
        case xmp([UInt8])
        /// Photoshop image resources (IPTC-IIM inside resource 0x0404).
        case photoshopResources([UInt8])
        /// A TIFF structure (EXIF).
        case exif([UInt8])
    }

    /// The metadata in a `tEXt`, `zTXt` or `iTXt` chunk's data; nil for other text, and for
    /// text that cannot be read (bad compression, a short or non-hex profile).
    static func metadata(type: String, chunk: [UInt8]) -> Metadata? {
        guard let nul = chunk.prefix(80).firstIndex(of: 0) else { return nil }
        let keyword = String(decoding: chunk[..<nul], as: UTF8.self)
        guard keyword == "XML:com.adobe.xmp" || keyword.hasPrefix("Raw profile type ") else { return nil }
        guard let text = self.text(type: type, chunk: chunk, afterKeyword: nul + 1) else { return nil }
        if keyword == "XML:com.adobe.xmp" { return .xmp(text) }
        guard let profile = rawProfile(text) else { return nil }
        switch keyword.dropFirst("Raw profile type ".count).lowercased() {
        case "xmp":
            return .xmp(profile)
        case "iptc", "8bim":
            return photoshopResources(profile)
        case "exif", "app1":
            let exif = Array("Exif\0\0".utf8), xmp = EmbeddedMetadataSegments.xmpPrefix
            if profile.starts(with: exif) { return .exif(Array(profile.dropFirst(exif.count))) }
            if profile.starts(with: xmp) { return .xmp(Array(profile.dropFirst(xmp.count))) }
            if profile.starts(with: Array("II*\0".utf8)) || profile.starts(with: Array("MM\0*".utf8)) { return .exif(profile) }
            return nil
        default:
            return nil
        }
    }

    /// The chunk's text bytes, inflated where the chunk says they are compressed.
    private static func text(type: String, chunk: [UInt8], afterKeyword start: Int) -> [UInt8]? {
        let limit = XMPPacket.largestPacket * 2 + 64  // hexadecimal doubles a profile
        switch type {
        case "tEXt":
            return Array(chunk[start...])
        case "zTXt":
            guard start < chunk.count, chunk[start] == 0 else { return nil }
            return Inflate.zlib(Array(chunk[(start + 1)...]), limit: limit)
        case "iTXt":
            // compression flag, method, language tag, NUL, translated keyword, NUL, text.
            guard start + 2 <= chunk.count else { return nil }
            let compressed = chunk[start] == 1
            var at = start + 2
            for _ in 0 ..< 2 {
                guard let end = chunk[at...].firstIndex(of: 0) else { return nil }
                at = end + 1
            }
            let text = Array(chunk[at...])
            return compressed ? Inflate.zlib(text, limit: limit) : text
        default:
            return nil
        }
    }

    /// ImageMagick's form: a newline, the profile's name, a newline, its length in bytes
    /// (right-aligned), a newline, then the bytes in hexadecimal, 72 digits a line. The name
    /// may have spaces ("IPTC profile", as exiftool writes it).
    static func rawProfile(_ text: [UInt8]) -> [UInt8]? {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A || $0 == 0x0D })[...]
        func blank(_ line: ArraySlice<UInt8>) -> Bool { line.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        while let first = lines.first, blank(first) { lines.removeFirst() }
        lines = lines.dropFirst()  // the name
        while let first = lines.first, blank(first) { lines.removeFirst() }
        guard let lengthLine = lines.popFirst(),
              let length = Int(String(decoding: lengthLine.filter { $0 != 0x20 && $0 != 0x09 }, as: UTF8.self)),
              length > 0, length <= XMPPacket.largestPacket else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        var high: UInt8?
        for line in lines {
            for character in line where character != 0x20 && character != 0x09 {
                guard let nibble = hexValue(character) else { return nil }
                if let first = high {
                    bytes.append(first << 4 | nibble)
                    high = nil
                    if bytes.count == length { return bytes }
                } else {
                    high = nibble
                }
            }
        }
        return nil  // fewer bytes than it says
    }

    private static func hexValue(_ character: UInt8) -> UInt8? {
        switch character {
        case 0x30 ... 0x39: character - 0x30
        case 0x41 ... 0x46: character - 0x41 + 10
        case 0x61 ... 0x66: character - 0x61 + 10
        default: nil
        }
    }

    /// Photoshop resources from an "iptc" or "8bim" profile: resources as they are (after
    /// Photoshop's APP13 header, when it is kept), or bare IPTC-IIM put in a 0x0404 resource.
    private static func photoshopResources(_ profile: [UInt8]) -> Metadata? {
        let resources = profile.starts(with: IPTCReader.app13Prefix) ? Array(profile.dropFirst(IPTCReader.app13Prefix.count)) : profile
        if resources.starts(with: Array("8BIM".utf8)) { return .photoshopResources(resources) }
        guard resources.first == 0x1C else { return nil }
        let size = resources.count
        var wrapped = Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
        wrapped += [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        wrapped += resources
        if size % 2 == 1 { wrapped.append(0) }
        return .photoshopResources(wrapped)
    }
}
