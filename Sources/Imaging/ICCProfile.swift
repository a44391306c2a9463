import CZlib

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
        return inflate(Array(data[(nul + 2)...]))
    }

    /// A zlib stream inflated, at most 16 MB (a profile is a few KB).
    private static func inflate(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var produced = 0
        var input = input
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                if produced == output.count {
                    guard output.count < 16 << 20 else { return nil }
                    output += [UInt8](repeating: 0, count: output.count)
                }
                let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = UInt32(out.count - produced)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = out.count - Int(stream.avail_out)
                    return status
                }
                if status == Z_STREAM_END { return Array(output.prefix(produced)) }
                guard status == Z_OK else { return nil }
            }
        }
    }
}
