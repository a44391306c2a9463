import CJPEG
import Foundation
import CPNG
import CZlib
import PhotoFacts

/// Decodes JPEG (libjpeg-turbo, with DCT scaling), PNG (libpng), HEIC and AVIF (libheif),
/// WebP (libwebp, scaled while decoding), TIFF (libtiff, box-reduced while read), and GIF and
/// BMP (in Swift), JPEG XL (libjxl: `JPEGXLReader`) and camera raws (LibRaw: `decodeRaw`) to RGB.
public enum ImageDecoder {
    /// The neutral background transparent PNG pixels are composited onto (a warm light grey
    /// that sits well on the gallery's light and dark pages).
    public static let background: (UInt8, UInt8, UInt8) = (236, 234, 230)

    /// Decodes `bytes`, as small as DCT scaling allows while staying at least
    /// `minWidth` × `minHeight` (JPEG and WebP; 0 for full size).
    /// A picture with an embedded ICC profile comes out converted to sRGB (`ColorConversion`).
    public static func decode(_ bytes: [UInt8], format: ImageFormat, minWidth: Int = 0, minHeight: Int = 0) throws(CodecError) -> RGBImage {
        // (A raw's embedded preview carries its own profile, read where it is decoded.)
        let probe = format == .raw ? nil : try? PhotoProbe.probe(bytes: bytes)
        let profile = probe?.iccProfile
        let decoded: RGBImage
        switch format {
        case .jpeg:
            // A CMYK JPEG with a CMYK profile (print work, stock photos) is converted with it;
            // without one its inks are mixed naively, as browsers do.
            if let profile, ColorConversion.isCMYK(profile) {
                return try libjpeg(bytes, minWidth: minWidth, minHeight: minHeight, cmykProfile: profile).image
            }
            // A file with stray bytes or cut short decodes with warnings, the missing rows grey,
            // as browsers show it; the importer reported the warning (`warnings(in:format:)`).
            decoded = try libjpeg(bytes, minWidth: minWidth, minHeight: minHeight).image
        case .png: decoded = try decodePNG(bytes).image
        case .heic, .avif: decoded = try decodeHEIF(bytes, cleanAperture: probe?.cleanAperture)
        case .webp: decoded = try decodeWebP(bytes, minWidth: minWidth, minHeight: minHeight)
        case .tiff:
            // Converted with its profile there: CMYK inks need it before they become RGB.
            return try decodeTIFF(bytes: bytes, profile: profile, minWidth: minWidth, minHeight: minHeight)
        case .gif: return try GIFDecoder.decode(bytes)
        case .bmp: return try BMPDecoder.decode(bytes)
        // In sRGB already: libjxl renders a lossy picture there and a lossless one is converted
        // through the profile of its data.
        case .jxl: return try JPEGXLReader.decode(bytes).image
        case .raw:
            var input = ProbeInput(bytes: bytes)
            return try decodeRaw(minWidth: minWidth, minHeight: minHeight, sensorDataProblem: PhotoProbe.rawSensorDataProblem(&input),
                                 open: { () throws(RawFile.OpenFailure) in try RawFile(bytes: bytes) },
                                 embeddedPreview: {
                                     var input = ProbeInput(bytes: bytes)
                                     return RawEmbeddedPreview.largest(&input)?.jpeg
                                 })
        }
        guard let profile else { return decoded }
        return ColorConversion.toSRGB(decoded, profile: profile)
    }

    /// Decodes the image file at `path`, as `decode(_:format:minWidth:minHeight:)` does. A TIFF
    /// is read from the file strip by strip, and a raw by LibRaw from the file, never whole into memory.
    public static func decode(path: String, format: ImageFormat, minWidth: Int = 0, minHeight: Int = 0) throws(CodecError) -> RGBImage {
        if format == .raw {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw CodecError("cannot read \(path) (was it moved? run 'gallery import' again)")
            }
            return try decodeRaw(minWidth: minWidth, minHeight: minHeight, sensorDataProblem: rawSensorDataProblem(path: path),
                                 open: { () throws(RawFile.OpenFailure) in try RawFile(path: path) },
                                 embeddedPreview: { embeddedPreview(path: path) })
        }
        if format == .tiff {
            return try decodeTIFF(path: path, profile: (try? PhotoProbe.probe(path: path))?.iccProfile, minWidth: minWidth, minHeight: minHeight)
        }
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw CodecError("cannot read \(path) (was it moved? run 'gallery import' again)")
        }
        return try decode([UInt8](bytes), format: format, minWidth: minWidth, minHeight: minHeight)
    }

    /// Decodes `bytes` as cheaply as the format allows (a JPEG at 1/8 scale) for what the
    /// decoder says about it: nil when it decodes cleanly, libjpeg's first warning when it
    /// decodes with warnings ("Premature end of JPEG file"); throws when it cannot be decoded.
    public static func warnings(in bytes: [UInt8], format: ImageFormat) throws(CodecError) -> String? {
        if format == .png { return try decodePNG(bytes).warning }
        if format == .jxl { return try JPEGXLReader.decode(bytes).warning }
        guard format == .jpeg else {
            _ = try decode(bytes, format: format, minWidth: 1, minHeight: 1)
            return nil
        }
        return try libjpeg(bytes, minWidth: 1, minHeight: 1).warning
    }

    /// One libjpeg decode (DCT-scaled to cover `minWidth` × `minHeight`) and its first warning.
    /// With `cmykProfile`, a CMYK file's inks are converted through it (else mixed naively).
    private static func libjpeg(_ bytes: [UInt8], minWidth: Int, minHeight: Int, cmykProfile: [UInt8]? = nil)
        throws(CodecError) -> (image: RGBImage, warning: String?) {
        var image = cjpeg_image()
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { data in
            cjpeg_decode(data.baseAddress, data.count, Int32(minWidth), Int32(minHeight), cmykProfile == nil ? 0 : 1, &image, &message, message.count)
        }
        defer { cjpeg_buffer_free(&image.pixels) }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard status == 0, let data = image.pixels.data else { throw CodecError("JPEG decoding failed: \(text)") }
        let pixels = Array(UnsafeBufferPointer(start: data, count: Int(image.pixels.size)))
        let warning = image.warnings == 0 ? nil : (text.isEmpty ? "libjpeg warned while decoding" : text)
        if image.channels == 4, let cmykProfile {
            return (ColorConversion.cmykToSRGB(pixels, width: Int(image.width), height: Int(image.height), profile: cmykProfile), warning)
        }
        return (RGBImage(width: Int(image.width), height: Int(image.height), pixels: pixels), warning)
    }

    /// Decodes a PNG as browsers show it: a chunk whose CRC is wrong is read anyway (Chromium,
    /// Firefox and WebKit ignore CRCs), and a picture whose data breaks off or goes bad part-way
    /// keeps the rows decoded before it, the rest left blank (the page's background), with
    /// libpng's message as the warning. Throws when not one row decodes.
    static func decodePNG(_ bytes: [UInt8]) throws(CodecError) -> (image: RGBImage, warning: String?) {
        do {
            return try decodePNG(bytes, keepingRows: false)
        } catch {
            // libpng reads from memory by whole chunks and stops at a wrong CRC; browsers
            // stream the bytes that are there.
            return try decodePNG(Self.pngRepaired(bytes), keepingRows: true)
        }
    }

    /// The PNG with every chunk's CRC computed again and, when the file is cut inside a chunk,
    /// that chunk closed where the bytes end and an IEND after it: what libpng needs to decode
    /// the rows a browser shows.
    static func pngRepaired(_ bytes: [UInt8]) -> [UInt8] {
        func crc(_ chunk: ArraySlice<UInt8>) -> [UInt8] {
            let value = chunk.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            return (0 ..< 4).map { UInt8(value >> (24 - 8 * UInt($0)) & 0xFF) }
        }
        func be32(_ value: Int) -> [UInt8] { (0 ..< 4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
        guard bytes.count > 8 else { return bytes }
        var repaired = Array(bytes.prefix(8))
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let available = bytes.count - offset - 8
            if length + 4 <= available {
                repaired += bytes[offset ..< offset + 8 + length] + crc(bytes[offset + 4 ..< offset + 8 + length])
                offset += 12 + length
                continue
            }
            // Cut inside this chunk: keep its data that is there (none of its CRC).
            let kept = min(length, available)
            repaired += be32(kept) + bytes[offset + 4 ..< offset + 8 + kept] + crc(bytes[offset + 4 ..< offset + 8 + kept])
            offset = bytes.count
        }
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        if !repaired.suffix(12).elementsEqual(iend) { repaired += iend }
        return repaired
    }

    /// One libpng decode; with `keepingRows`, a failure after some rows keeps them.
    private static func decodePNG(_ bytes: [UInt8], keepingRows: Bool) throws(CodecError) -> (image: RGBImage, warning: String?) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBufferPointer { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw CodecError("PNG decoding failed: \(pngMessage(&image))") }
        defer { png_image_free(&image) }
        guard Int(image.width) * Int(image.height) <= ImageLimits.maximumPixels else {
            throw CodecError("PNG over \(ImageLimits.maximumMegapixels) megapixels")
        }
        let width = Int(image.width), height = Int(image.height)
        // libpng's simplified API takes a 16-bit PNG without gAMA or sRGB for linear light and
        // would brighten it on the way to 8 bits; browsers take it for sRGB-encoded (or for
        // its ICC profile's curve). Such files are read as they are stored and cut to 8 bits.
        if image.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0, !Self.pngDeclaresGamma(bytes) {
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_LINEAR)
            var rgba = [UInt16](repeating: 0, count: width * height * 4)
            let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
            var warning: String?
            if finished == 0 {
                let message = "PNG decoding failed: \(pngMessage(&image))"
                // The buffer starts transparent: rows decoded before the failure are not.
                guard keepingRows, rgba.contains(where: { $0 != 0 }) else { throw CodecError(message) }
                warning = message + "; the rows after it are left blank, as browsers show it"
            }
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            let back = [Int(background.0), Int(background.1), Int(background.2)]
            for i in 0 ..< width * height {
                // Linear formats are premultiplied: colour + background × (1 − alpha).
                let alpha = Int(rgba[i * 4 + 3])
                for c in 0 ..< 3 {
                    let value = Int(rgba[i * 4 + c]) + back[c] * 257 * (65535 - alpha) / 65535
                    rgb[i * 3 + c] = UInt8(min(255, (value + 128) / 257))
                }
            }
            return (RGBImage(width: width, height: height, pixels: rgb), warning)
        }
        // PNG_FORMAT_RGBA is a macro expression Swift cannot import; it is COLOR | ALPHA.
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        var warning: String?
        if finished == 0 {
            let message = "PNG decoding failed: \(pngMessage(&image))"
            // The buffer starts transparent: rows decoded before the failure are not.
            guard keepingRows, rgba.contains(where: { $0 != 0 }) else { throw CodecError(message) }
            warning = message + "; the rows after it are left blank, as browsers show it"
        }
        let picture = rgba.withUnsafeBufferPointer { pixels in
            RGBImage(interleaved: pixels.baseAddress!, width: width, height: height, stride: width * 4, alpha: true, background: background)
        }
        return (picture, warning)
    }

    /// Whether a PNG has a gAMA or sRGB chunk before its image data.
    static func pngDeclaresGamma(_ bytes: [UInt8]) -> Bool {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4) ..< (offset + 8)], as: UTF8.self)
            if type == "gAMA" || type == "sRGB" { return true }
            if type == "IDAT" || length < 0 { return false }
            offset += 12 + length
        }
        return false
    }

    private static func pngMessage(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
