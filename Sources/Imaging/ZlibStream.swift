import CZlib

/// zlib streams as PNG carries them (iCCP, zTXt, compressed iTXt).
enum ZlibStream {
    /// `input` inflated; nil when it is not a whole zlib stream or inflates past `limit`
    /// (a few kilobytes of deflate can claim gigabytes).
    static func inflate(_ input: [UInt8], limit: Int = 16 << 20) -> [UInt8]? {
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
                    guard output.count < limit else { return nil }
                    output += [UInt8](repeating: 0, count: output.count)
                }
                let status = output.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = UInt32(out.count - produced)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = out.count - Int(stream.avail_out)
                    return status
                }
                if status == Z_STREAM_END { return produced <= limit ? Array(output.prefix(produced)) : nil }
                guard status == Z_OK else { return nil }
            }
        }
    }
}
