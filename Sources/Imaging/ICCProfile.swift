import GalleryZip

/// Pieces of embedded ICC profiles as files carry them: JPEG APP2 "ICC_PROFILE" chunks and
/// PNG's zlib-compressed iCCP. The probe finds them (`ProbeResult.iccProfile`).
enum ICCProfile {
    /// What an APP2 segment holding a piece of a profile starts with.
    static let jpegSignature = Array("ICC_PROFILE".utf8) + [0]

    /// The profile from APP2 payloads: (sequence number, count, data) after the signature,
    /// joined in sequence order.
    static func joined(jpegChunks chunks: [Int: ArraySlice<UInt8>]) -> [UInt8]? {
        guard !chunks.isEmpty else { return nil }
        return chunks.keys.sorted().flatMap { chunks[$0]! }
    }

    /// An iCCP chunk's profile: name (1–79 bytes), NUL, compression method 0, a zlib stream.
    static func fromPNGChunk(_ data: [UInt8]) -> [UInt8]? {
        guard let nul = data.firstIndex(of: 0), nul + 2 <= data.count else { return nil }
        return Inflate.zlib(Array(data[(nul + 2)...]))
    }
}
