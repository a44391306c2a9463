import CZlib

/// Encodes 8-bit pixels to PNG (zlib through the system library), with an optional eXIf chunk.
public enum PNGEncoder {
    /// - Parameters:
    ///   - channels: 1 (gray), 2 (gray + alpha), 3 (RGB) or 4 (RGBA).
    ///   - exifOrientation: written as an eXIf chunk when given.
    public static func encode(
        pixels: [UInt8], width: Int, height: Int, channels: Int, exifOrientation: Int? = nil
    ) throws(CodecError) -> [UInt8] {
        let colorTypes = [1: UInt8(0), 2: 4, 3: 2, 4: 6]
        guard let colorType = colorTypes[channels], width > 0, height > 0,
              pixels.count == width * height * channels
        else {
            throw CodecError("pixel buffer does not match \(width)×\(height)×\(channels)")
        }
        // Paeth filter on every row: procedural gradients compress far better than unfiltered.
        let stride = width * channels
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * height)
        for y in 0 ..< height {
            filtered[y * (stride + 1)] = 4
            for i in 0 ..< stride {
                let x = pixels[y * stride + i]
                let a = i >= channels ? Int(pixels[y * stride + i - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * stride + i]) : 0
                let c = (i >= channels && y > 0) ? Int(pixels[(y - 1) * stride + i - channels]) : 0
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                let predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                filtered[y * (stride + 1) + 1 + i] = x &- UInt8(predictor)
            }
        }
        var compressedLength = compressBound(uLong(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, filtered, uLong(filtered.count), 9)
        guard status == Z_OK else { throw CodecError("zlib compression failed (\(status))") }
        compressed.removeSubrange(Int(compressedLength)...)

        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            let typeBytes = Array(type.utf8)
            out += bigEndian32(data.count)
            let body = typeBytes + data
            out += body
            out += bigEndian32(Int(crc32(0, body, uInt(body.count))))
        }
        chunk("IHDR", bigEndian32(width) + bigEndian32(height) + [8, colorType, 0, 0, 0])
        if let exifOrientation {
            chunk("eXIf", EXIFBuilder.tiff(orientation: exifOrientation, byteOrder: .bigEndian))
        }
        chunk("IDAT", compressed)
        chunk("IEND", [])
        return out
    }

    private static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
