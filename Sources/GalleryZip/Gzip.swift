import CZlib

/// gzip (RFC 1952) through zlib: deflate with a gzip wrapper (window bits 15 + 16). Text that
/// `gallery serve` sends, and a private album's text files before they are sealed (ciphertext
/// does not compress, so a host cannot do it for them).
public enum Gzip {
    public static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        // deflateInit2 is a macro; its function takes the version and the struct size.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        var mutableInput = input
        let status = mutableInput.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination -> Int32 in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = destination.baseAddress
                stream.avail_out = uInt(destination.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// The bytes a gzip stream holds; nil when it is not one whole gzip stream, or would
    /// inflate past `limit` bytes.
    public static func decompress(_ input: [UInt8], limit: Int = 1 << 30) -> [UInt8]? {
        guard let inflated = Inflate.stream(input, windowBits: 15 + 16, limit: limit), inflated.trailing == 0 else { return nil }
        return inflated.output
    }
}
