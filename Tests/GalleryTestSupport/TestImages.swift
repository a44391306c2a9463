import Imaging

/// Real image files for tests, encoded by libjpeg-turbo and zlib, plus the surgery needed to
/// make broken ones (truncation, patched frame sizes, extra segments).
public enum TestImages {
    /// A JPEG whose pixels are a gradient with a marked top-left corner (so orientation shows).
    public static func jpeg(
        width: Int = 64, height: Int = 48, orientation: Int? = nil,
        byteOrder: EXIFBuilder.ByteOrder = .littleEndian, format: JPEGEncoder.PixelFormat = .rgb,
        progressive: Bool = false, quality: Int = 80, seed: UInt8 = 0, exif: [UInt8]? = nil
    ) -> [UInt8] {
        let channels = format == .gray ? 1 : (format == .rgb ? 3 : 4)
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< channels {
                    let corner = x < width / 4 && y < height / 4
                    pixels[(y * width + x) * channels + c] = corner ? 255 : UInt8(truncatingIfNeeded: x * 3 + y * 2 + c * 40 + Int(seed) * 17)
                }
            }
        }
        // `exif`: a whole TIFF block (dates, camera, GPS) instead of the orientation alone.
        let app1 = exif.map { Array("Exif".utf8) + [0, 0] + $0 } ?? orientation.map { EXIFBuilder.app1(orientation: $0, byteOrder: byteOrder) }
        do {
            return try JPEGEncoder.encode(
                pixels: pixels, width: width, height: height, format: format,
                options: .init(quality: quality, progressive: progressive, app1: app1))
        } catch {
            fatalError("test JPEG could not be encoded: \(error)")
        }
    }

    /// The RGB rows `jpeg` and `heif` draw (for comparing a decoded file with its source).
    public static func jpegPattern(width: Int, height: Int, seed: UInt8 = 0) -> [UInt8] {
        pattern(width: width, height: height, channels: 3, seed: seed)
    }

    public static func png(width: Int = 40, height: Int = 30, channels: Int = 3, orientation: Int? = nil) -> [UInt8] {
        let pixels = (0 ..< width * height * channels).map { UInt8(truncatingIfNeeded: $0 * 7) }
        do {
            return try PNGEncoder.encode(pixels: pixels, width: width, height: height, channels: channels, exifOrientation: orientation)
        } catch {
            fatalError("test PNG could not be encoded: \(error)")
        }
    }

    /// The offset of the first SOFn marker's length field.
    public static func frameHeaderOffset(_ jpeg: [UInt8]) -> Int? {
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            if (0xC0 ... 0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { return i + 2 }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return nil
    }

    /// The same JPEG with its frame header declaring another size (the pixels stay as they are).
    public static func withDeclaredSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = jpeg
        guard let at = frameHeaderOffset(jpeg) else { return out }
        out[at + 3] = UInt8(height >> 8); out[at + 4] = UInt8(height & 0xFF)
        out[at + 5] = UInt8(width >> 8); out[at + 6] = UInt8(width & 0xFF)
        return out
    }

    /// Inserts a marker segment right after SOI.
    public static func insertingSegment(_ jpeg: [UInt8], marker: UInt8, payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return Array(jpeg[0 ..< 2]) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }
}
