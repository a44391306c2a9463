import CTIFF

extension ImageDecoder {
    /// Decodes a TIFF's first page from the file at `path` (or from `bytes`), reduced while it
    /// is read to the smallest whole fraction that still covers `minWidth` × `minHeight`, so a
    /// scan of any size needs memory for what is drawn, not for its picture (`ctiff_decode`).
    /// A CMYK picture with a CMYK profile is converted through it; an ICC profile of another
    /// kind converts the result to sRGB, as for every format.
    /// `profile` is the file's ICC profile, as the caller's probe found it.
    static func decodeTIFF(path: String? = nil, bytes: [UInt8]? = nil, profile: [UInt8]?, minWidth: Int, minHeight: Int) throws(CodecError) -> RGBImage {
        let keepCMYK = profile.map(ColorConversion.isCMYK) ?? false
        var image = ctiff_image()
        var message = [CChar](repeating: 0, count: 300)
        let background = [background.0, background.1, background.2]
        let status: Int32 = (bytes ?? []).withUnsafeBufferPointer { data in
            background.withUnsafeBufferPointer { colour in
                ctiff_decode(path, data.baseAddress, data.count, Int32(minWidth), Int32(minHeight), keepCMYK ? 1 : 0,
                             colour.baseAddress, ImageLimits.maximumPixels, &image, &message, message.count)
            }
        }
        defer { ctiff_image_free(&image) }
        guard status == 0, let pixels = image.pixels else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CodecError("TIFF decoding failed: \(text)")
        }
        let decoded = Array(UnsafeBufferPointer(start: pixels, count: image.size))
        let width = Int(image.width), height = Int(image.height)
        if image.channels == 4, let profile {
            return ColorConversion.cmykToSRGB(decoded, width: width, height: height, profile: profile)
        }
        let rgb = RGBImage(width: width, height: height, pixels: decoded)
        guard let profile, !keepCMYK else { return rgb }
        return ColorConversion.toSRGB(rgb, profile: profile)
    }
}
