/// A JPEG's metadata segments gathered on the header walk: the XMP packet (APP1), Extended
/// XMP's parts (APP1, put together by offset), and Photoshop's resources (APP13, joined).
struct EmbeddedMetadataSegments {
    static let xmpPrefix = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let extendedXMPPrefix = Array("http://ns.adobe.com/xmp/extension/\0".utf8)

    var xmp: [UInt8]?
    var photoshopResources: [UInt8]?
    /// The first comment (COM) segment's bytes.
    var comment: [UInt8]?
    private var parts: [String: (length: Int, bytes: [UInt8], filled: Int)] = [:]

    /// Complete Extended XMP packets by GUID; a packet missing parts is left out.
    var extendedXMP: [String: [UInt8]] {
        parts.filter { $0.value.filled >= $0.value.length }.mapValues(\.bytes)
    }

    mutating func take(marker: UInt8, payload: [UInt8]) {
        if marker == 0xFE {
            if comment == nil { comment = payload }
        } else if marker == 0xED, payload.starts(with: IPTCReader.app13Prefix) {
            photoshopResources = (photoshopResources ?? []) + payload.dropFirst(IPTCReader.app13Prefix.count)
        } else if marker == 0xE1, xmp == nil, payload.starts(with: Self.xmpPrefix) {
            xmp = Array(payload.dropFirst(Self.xmpPrefix.count))
        } else if marker == 0xE1, payload.starts(with: Self.extendedXMPPrefix) {
            // GUID (32 hex digits), the whole packet's length, this part's offset, the part.
            let header = Self.extendedXMPPrefix.count
            guard payload.count >= header + 40 else { return }
            let guid = String(decoding: payload[header ..< header + 32], as: UTF8.self)
            func u32(_ at: Int) -> Int { payload[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let length = u32(header + 32), offset = u32(header + 36)
            let part = payload[(header + 40)...]
            guard length <= XMPPacket.largestPacket, offset + part.count <= length else { return }
            var packet = parts[guid] ?? (length, [UInt8](repeating: 0, count: length), 0)
            guard packet.length == length else { return }
            packet.bytes.replaceSubrange(offset ..< offset + part.count, with: part)
            packet.filled += part.count
            parts[guid] = packet
        }
    }
}
