/// GIF, read in Swift: its logical screen, and its first frame drawn on it (global or local
/// palette, interlaced or not, its transparent colour showing `ImageDecoder.background`), as
/// a browser shows a GIF before it animates. How many frames it has is counted for the probe.
enum GIFDecoder {
    struct Header {
        var width: Int
        var height: Int
        /// Image descriptors found (at most `frameCountLimit`): more than one is an animation.
        var frames: Int
    }

    /// Frames counted at most: a GIF of 10,000 frames is an animation already at 2.
    static let frameCountLimit = 2

    private struct Reader {
        let bytes: [UInt8]
        var at: Int
        mutating func byte() throws(CodecError) -> UInt8 {
            guard at < bytes.count else { throw CodecError("the GIF file ends early (cut short?)") }
            defer { at += 1 }
            return bytes[at]
        }
        mutating func u16() throws(CodecError) -> Int { Int(try byte()) | Int(try byte()) << 8 }
        mutating func skip(_ count: Int) throws(CodecError) {
            guard at + count <= bytes.count else { throw CodecError("the GIF file ends early (cut short?)") }
            at += count
        }
        /// Data sub-blocks up to their terminator, joined (or skipped when `keep` is false).
        mutating func blocks(keep: Bool) throws(CodecError) -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let size = Int(try byte())
                if size == 0 { return data }
                guard at + size <= bytes.count else {
                    // A file cut inside its pixels: what arrived is drawn.
                    if keep { data += bytes[at...] }
                    at = bytes.count
                    return data
                }
                if keep { data += bytes[at ..< at + size] }
                at += size
            }
        }
    }

    private static func screen(_ bytes: [UInt8]) throws(CodecError) -> (reader: Reader, width: Int, height: Int, palette: [UInt8]?) {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) else {
            throw CodecError("not a GIF87a or GIF89a file")
        }
        var reader = Reader(bytes: bytes, at: 6)
        let width = try reader.u16(), height = try reader.u16()
        let flags = try reader.byte()
        try reader.skip(2)
        var palette: [UInt8]?
        if flags & 0x80 != 0 {
            let size = 3 << (Int(flags & 7) + 1)
            guard reader.at + size <= bytes.count else { throw CodecError("the GIF file ends inside its palette") }
            palette = Array(bytes[reader.at ..< reader.at + size])
            reader.at += size
        }
        guard width > 0, height > 0 else { throw CodecError("the GIF says it is \(width)×\(height) pixels") }
        return (reader, width, height, palette)
    }

    static func header(_ bytes: [UInt8]) throws(CodecError) -> Header {
        var (reader, width, height, _) = try screen(bytes)
        var frames = 0
        walk: while frames < frameCountLimit, reader.at < bytes.count {
            do throws(CodecError) {
                switch try reader.byte() {
                case 0x21:
                    _ = try reader.byte()
                    _ = try reader.blocks(keep: false)
                case 0x2C:
                    frames += 1
                    try reader.skip(8)
                    let flags = try reader.byte()
                    if flags & 0x80 != 0 { try reader.skip(3 << (Int(flags & 7) + 1)) }
                    try reader.skip(1)
                    _ = try reader.blocks(keep: false)
                default:
                    // The trailer (0x3B), or bytes no writer puts here: what was read stands.
                    break walk
                }
            } catch {
                // `bytes` may be the file's start only (`PhotoProbe`): once a frame is seen,
                // running out is the end of what was read, not damage.
                guard frames > 0 else { throw error }
                break walk
            }
        }
        return Header(width: width, height: height, frames: frames)
    }

    static func decode(_ bytes: [UInt8]) throws(CodecError) -> RGBImage {
        var (reader, width, height, global) = try screen(bytes)
        guard width <= ImageLimits.maximumPixels / height else { throw CodecError("the GIF is \(width)×\(height) pixels, more than the gallery reads") }
        let background = ImageDecoder.background
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in stride(from: 0, to: pixels.count, by: 3) { (pixels[i], pixels[i + 1], pixels[i + 2]) = background }
        var transparent: Int?
        while reader.at < bytes.count {
            switch try reader.byte() {
            case 0x21:
                let label = try reader.byte()
                let data = try reader.blocks(keep: label == 0xF9)
                // Graphic control: the next frame's transparent colour.
                if label == 0xF9, data.count >= 4 { transparent = data[0] & 1 != 0 ? Int(data[3]) : nil }
            case 0x2C:
                let left = try reader.u16(), top = try reader.u16(), frameWidth = try reader.u16(), frameHeight = try reader.u16()
                let flags = try reader.byte()
                var palette = global
                if flags & 0x80 != 0 {
                    let size = 3 << (Int(flags & 7) + 1)
                    guard reader.at + size <= bytes.count else { throw CodecError("the GIF file ends inside a frame's palette") }
                    palette = Array(bytes[reader.at ..< reader.at + size])
                    reader.at += size
                }
                guard let palette else { throw CodecError("the GIF's first frame has no palette") }
                let minimumCodeSize = Int(try reader.byte())
                guard (1 ... 11).contains(minimumCodeSize) else { throw CodecError("the GIF's first frame has an invalid LZW code size \(minimumCodeSize)") }
                let indices = lzw(try reader.blocks(keep: true), minimumCodeSize: minimumCodeSize, count: frameWidth * frameHeight)
                let rows = flags & 0x40 != 0 ? interlacedRows(frameHeight) : Array(0 ..< frameHeight)
                for (n, index) in indices.enumerated() {
                    let (x, y) = (left + n % max(frameWidth, 1), top + rows[n / max(frameWidth, 1)])
                    guard x < width, y < height, Int(index) != transparent, Int(index) * 3 + 2 < palette.count else { continue }
                    let i = (y * width + x) * 3
                    pixels[i] = palette[Int(index) * 3]
                    pixels[i + 1] = palette[Int(index) * 3 + 1]
                    pixels[i + 2] = palette[Int(index) * 3 + 2]
                }
                return RGBImage(width: width, height: height, pixels: pixels)
            default:
                throw CodecError("the GIF has no frame")
            }
        }
        throw CodecError("the GIF has no frame")
    }

    /// The rows of an interlaced frame in the order they are stored: every 8th from 0, every
    /// 8th from 4, every 4th from 2, every 2nd from 1.
    private static func interlacedRows(_ height: Int) -> [Int] {
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += stride(from: start, to: height, by: step) }
        return rows
    }

    /// GIF's LZW: variable-width codes, least significant bit first, a clear code and an end
    /// code, a table of at most 4,096 entries. At most `count` indices; fewer when the data ends.
    private static func lzw(_ data: [UInt8], minimumCodeSize: Int, count: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [Int](repeating: -1, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        for code in 0 ..< clear { suffix[code] = UInt8(truncatingIfNeeded: code); first[code] = UInt8(truncatingIfNeeded: code) }
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var size = minimumCodeSize + 1, next = end + 1, previous = -1
        var buffer = 0, bits = 0
        var stack: [UInt8] = []
        stack.reserveCapacity(4096)
        for byte in data {
            buffer |= Int(byte) << bits
            bits += 8
            while bits >= size {
                let code = buffer & (1 << size - 1)
                buffer >>= size
                bits -= size
                if code == clear {
                    size = minimumCodeSize + 1
                    next = end + 1
                    previous = -1
                    continue
                }
                if code == end { return output }
                if previous == -1 {
                    guard code < clear else { return output }
                    output.append(suffix[code])
                    previous = code
                } else {
                    let known = code < next
                    guard known || code == next else { return output }  // damaged: stop here
                    // The entry added now: the previous string and the first byte of this one.
                    if next < 4096 {
                        prefix[next] = previous
                        first[next] = first[previous]
                        suffix[next] = known ? first[code] : first[previous]
                        next += 1
                    }
                    var walk = code
                    stack.removeAll(keepingCapacity: true)
                    while walk >= clear, stack.count < 4096 {
                        stack.append(suffix[walk])
                        walk = prefix[walk]
                    }
                    stack.append(suffix[walk])
                    output.append(contentsOf: stack.reversed())
                    previous = code
                    if next == 1 << size, size < 12 { size += 1 }
                }
                if output.count >= count { return Array(output.prefix(count)) }
            }
        }
        return output
    }
}
