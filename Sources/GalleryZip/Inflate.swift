import CZlib

/// zlib's inflate over a whole buffer, with a ceiling (a few kilobytes of deflate can claim
/// gigabytes): PNG's zlib streams (iCCP, zTXt, compressed iTXt) and gzip (`Gzip.decompress`).
public enum Inflate {
    /// `input`, a zlib stream (RFC 1950), inflated; nil when it is not a whole stream or would
    /// inflate past `limit`. Bytes after the stream's end are ignored.
    public static func zlib(_ input: [UInt8], limit: Int = 16 << 20) -> [UInt8]? {
        stream(input, windowBits: 15, limit: limit)?.output
    }

    /// The stream inflated (`windowBits` as zlib's inflateInit2 takes it: 15 zlib, 15 + 16
    /// gzip) and how many input bytes followed its end; nil when it is not whole or would
    /// inflate past `limit`.
    static func stream(_ input: [UInt8], windowBits: Int32, limit: Int) -> (output: [UInt8], trailing: Int)? {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var mutableInput = input
        return mutableInput.withUnsafeMutableBufferPointer { source -> (output: [UInt8], trailing: Int)? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { destination -> (Int32, Int) in
                    stream.next_out = destination.baseAddress
                    stream.avail_out = uInt(destination.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, destination.count - Int(stream.avail_out))
                }
                output += chunk[0 ..< produced]
                guard output.count <= limit else { return nil }
                if status == Z_STREAM_END { return (output, Int(stream.avail_in)) }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }
}
