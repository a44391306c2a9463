/// Windows bitmaps, read in Swift (the format is small and old; no C library is needed):
/// OS/2 and Windows headers (12 to 124 bytes), 1, 2, 4 and 8 bits with a palette, 16, 24 and
/// 32 bits (with their bit fields), RLE8 and RLE4, bottom-up and top-down. Transparent pixels
/// of a 32-bit bitmap with an alpha mask are laid on `ImageDecoder.background`.
enum BMPDecoder {
    /// What the headers say: enough for the probe, and for the decoder to start.
    struct Header {
        var width: Int
        var height: Int
        var topDown: Bool
        var bitsPerPixel: Int
        var compression: Int
        var pixelOffset: Int
        var palette: [(UInt8, UInt8, UInt8)]
        /// Red, green, blue and alpha masks of 16- and 32-bit pixels.
        var masks: (UInt32, UInt32, UInt32, UInt32)
    }

    static func header(_ bytes: [UInt8]) throws(CodecError) -> Header {
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func u32(_ at: Int) -> UInt32? {
            at + 4 <= bytes.count ? UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24 : nil
        }
        guard bytes.count >= 26, bytes[0] == 0x42, bytes[1] == 0x4D, let offset = u32(10), let size = u32(14) else {
            throw CodecError("the BMP file ends inside its header")
        }
        let width: Int, signedHeight: Int, bits: Int, compression: Int
        if size == 12 {
            // OS/2 1.x: 16-bit sizes, 3-byte palette entries.
            guard let w = u16(18), let h = u16(20), let b = u16(24) else { throw CodecError("the BMP file ends inside its header") }
            (width, signedHeight, bits, compression) = (w, h, b, 0)
        } else {
            guard size >= 40, size <= 124, let w = u32(18), let h = u32(22), let b = u16(28), let c = u32(30) else {
                throw CodecError("the BMP header (\(size) bytes) is not one Windows or OS/2 writes")
            }
            (width, signedHeight, bits, compression) = (Int(Int32(bitPattern: w)), Int(Int32(bitPattern: h)), b, Int(c))
        }
        guard width > 0, signedHeight != 0, signedHeight != Int(Int32.min) else { throw CodecError("the BMP says it is \(width)×\(signedHeight) pixels") }
        guard [1, 2, 4, 8, 16, 24, 32].contains(bits) else { throw CodecError("BMPs of \(bits) bits a pixel are not read") }
        // 0 plain, 1 RLE8, 2 RLE4, 3 bit fields, 6 bit fields with alpha.
        guard [0, 1, 2, 3, 6].contains(compression) else {
            throw CodecError("BMP compression \(compression) (JPEG or PNG inside a BMP) is not read; convert it to PNG")
        }
        var masks: (UInt32, UInt32, UInt32, UInt32) = bits == 16 ? (0x7C00, 0x03E0, 0x001F, 0) : (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0)
        if compression == 3 || compression == 6 {
            // In the header (V2 and later) or right after a 40-byte one.
            let at = 14 + 40
            guard let r = u32(at), let g = u32(at + 4), let b = u32(at + 8) else { throw CodecError("the BMP file ends inside its bit fields") }
            masks = (r, g, b, (size >= 56 || compression == 6) ? u32(at + 12) ?? 0 : 0)
        }
        var palette: [(UInt8, UInt8, UInt8)] = []
        if bits <= 8 {
            let entry = size == 12 ? 3 : 4
            let colors = size == 12 ? 1 << bits : min(Int(u32(46) ?? 0) == 0 ? 1 << bits : Int(u32(46) ?? 0), 256)
            let start = 14 + Int(size)
            for i in 0 ..< colors where start + i * entry + 2 < bytes.count {
                let at = start + i * entry
                palette.append((bytes[at + 2], bytes[at + 1], bytes[at]))
            }
            guard !palette.isEmpty else { throw CodecError("the BMP's palette is missing") }
        }
        return Header(width: width, height: abs(signedHeight), topDown: signedHeight < 0, bitsPerPixel: bits, compression: compression,
                      pixelOffset: Int(offset), palette: palette, masks: masks)
    }

    static func decode(_ bytes: [UInt8]) throws(CodecError) -> RGBImage {
        let header = try header(bytes)
        let (width, height) = (header.width, header.height)
        guard width <= ImageLimits.maximumPixels / height else { throw CodecError("the BMP is \(width)×\(height) pixels, more than the gallery reads") }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        // Palette indices for the RLE forms; pixels a file leaves out stay the first colour.
        func put(_ x: Int, _ row: Int, _ color: (UInt8, UInt8, UInt8)) {
            guard x < width, row < height else { return }
            let y = header.topDown ? row : height - 1 - row
            let i = (y * width + x) * 3
            (pixels[i], pixels[i + 1], pixels[i + 2]) = color
        }
        func paletteColor(_ index: Int) -> (UInt8, UInt8, UInt8) { index < header.palette.count ? header.palette[index] : (0, 0, 0) }
        guard header.pixelOffset < bytes.count else { throw CodecError("the BMP file ends before its pixels") }
        if header.compression == 1 || header.compression == 2 {
            rle(bytes[header.pixelOffset...], four: header.compression == 2) { x, row, index in put(x, row, paletteColor(index)) }
            return RGBImage(width: width, height: height, pixels: pixels)
        }
        let stride = (width * header.bitsPerPixel + 31) / 32 * 4
        let background = ImageDecoder.background
        // An alpha mask over pixels whose alpha is all 0 is an unused byte, not a picture
        // that is wholly transparent (browsers draw it opaque too).
        var alphaMask = header.masks.3
        if alphaMask != 0, header.bitsPerPixel == 32 {
            var seen = false
            var at = header.pixelOffset
            while !seen, at + 4 <= bytes.count {
                let value = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
                seen = value & alphaMask != 0
                at += 4
            }
            if !seen { alphaMask = 0 }
        }
        for row in 0 ..< height {
            let start = header.pixelOffset + row * stride
            // A file cut short: the rows it has, the rest left dark (as browsers show it).
            guard start + (width * header.bitsPerPixel + 7) / 8 <= bytes.count else { break }
            for x in 0 ..< width {
                switch header.bitsPerPixel {
                case 1, 2, 4, 8:
                    let bit = x * header.bitsPerPixel
                    let byte = bytes[start + bit / 8]
                    let shift = 8 - header.bitsPerPixel - bit % 8
                    put(x, row, paletteColor(Int(byte >> shift) & (1 << header.bitsPerPixel - 1)))
                case 24:
                    let at = start + x * 3
                    put(x, row, (bytes[at + 2], bytes[at + 1], bytes[at]))
                default:
                    let at = start + x * header.bitsPerPixel / 8
                    let value = header.bitsPerPixel == 16
                        ? UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8
                        : UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
                    let (r, g, b) = (channel(value, header.masks.0), channel(value, header.masks.1), channel(value, header.masks.2))
                    if alphaMask != 0 {
                        let alpha = Int(channel(value, alphaMask))
                        func over(_ c: UInt8, _ back: UInt8) -> UInt8 { UInt8((Int(c) * alpha + Int(back) * (255 - alpha) + 127) / 255) }
                        put(x, row, (over(r, background.0), over(g, background.1), over(b, background.2)))
                    } else {
                        put(x, row, (r, g, b))
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// A channel's value under `mask`, scaled to 0–255 (a 5-bit channel's 31 is 255).
    private static func channel(_ value: UInt32, _ mask: UInt32) -> UInt8 {
        guard mask != 0 else { return 0 }
        let shift = mask.trailingZeroBitCount
        let maximum = UInt64(mask >> shift)
        return UInt8(UInt64((value & mask) >> shift) * 255 / maximum)
    }

    /// Run-length-encoded rows (RLE8 or RLE4): runs, literal runs, end of line, end of
    /// bitmap and deltas, bottom row first. Stops at the end of the data, whatever it says.
    private static func rle(_ data: ArraySlice<UInt8>, four: Bool, _ pixel: (Int, Int, Int) -> Void) {
        var at = data.startIndex, x = 0, row = 0
        func next() -> Int? {
            guard at < data.endIndex else { return nil }
            defer { at += 1 }
            return Int(data[at])
        }
        while let count = next(), let value = next() {
            if count > 0 {
                for i in 0 ..< count {
                    pixel(x, row, four ? (i % 2 == 0 ? value >> 4 : value & 0xF) : value)
                    x += 1
                }
                continue
            }
            switch value {
            case 0: x = 0; row += 1
            case 1: return
            case 2:
                guard let dx = next(), let dy = next() else { return }
                x += dx; row += dy
            default:
                // A literal run of `value` pixels, padded to a 16-bit boundary.
                let bytes = four ? (value + 1) / 2 : value
                for i in 0 ..< value {
                    let index = at + (four ? i / 2 : i)
                    guard index < data.endIndex else { return }
                    pixel(x, row, four ? (i % 2 == 0 ? Int(data[index]) >> 4 : Int(data[index]) & 0xF) : Int(data[index]))
                    x += 1
                }
                at += bytes + bytes % 2
            }
        }
    }
}
