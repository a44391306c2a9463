import CWebP

extension ImageDecoder {
    /// Decodes a WebP (lossy or lossless; the first frame of an animation) to RGB, alpha
    /// composited over `background`, scaled by libwebp while decoding when a smaller picture
    /// of at least `minWidth` × `minHeight` will do.
    static func decodeWebP(_ bytes: [UInt8], minWidth: Int, minHeight: Int) throws(CodecError) -> RGBImage {
        let result = bytes.withUnsafeBufferPointer { data in Result { () throws(CodecError) -> RGBImage in
            var features = WebPBitstreamFeatures()
            guard WebPGetFeatures(data.baseAddress, data.count, &features) == VP8_STATUS_OK else {
                throw CodecError("WebP decoding failed: not a valid WebP bitstream")
            }
            let width = Int(features.width), height = Int(features.height)
            guard width > 0, height > 0, width <= ImageLimits.maximumPixels / height else {
                throw CodecError("WebP picture of \(width)×\(height) pixels refused")
            }
            if features.has_animation != 0 { return try firstFrame(data) }
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { throw CodecError("WebP decoding failed: library version mismatch") }
            config.output.colorspace = MODE_RGBA
            // Scaled while decoding, never below what was asked for.
            let scale = max(minWidth > 0 ? Double(minWidth) / Double(width) : 0, minHeight > 0 ? Double(minHeight) / Double(height) : 0)
            if scale > 0, scale < 1 {
                config.options.use_scaling = 1
                config.options.scaled_width = Int32(min(width, Int((Double(width) * scale).rounded(.up))))
                config.options.scaled_height = Int32(min(height, Int((Double(height) * scale).rounded(.up))))
            }
            let status = WebPDecode(data.baseAddress, data.count, &config)
            defer { WebPFreeDecBuffer(&config.output) }
            guard status == VP8_STATUS_OK, let rgba = config.output.u.RGBA.rgba else {
                throw CodecError("WebP decoding failed: \(Self.describe(status))")
            }
            return RGBImage(interleaved: rgba, width: Int(config.output.width), height: Int(config.output.height),
                            stride: Int(config.output.u.RGBA.stride), alpha: true, background: background)
        } }
        return try result.get()
    }

    /// The first frame of an animated WebP, on its full canvas.
    private static func firstFrame(_ data: UnsafeBufferPointer<UInt8>) throws(CodecError) -> RGBImage {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw CodecError("WebP decoding failed: library version mismatch") }
        options.color_mode = MODE_RGBA
        var webpData = WebPData(bytes: data.baseAddress, size: data.count)
        guard let decoder = WebPAnimDecoderNew(&webpData, &options) else {
            throw CodecError("WebP decoding failed: the animation cannot be read")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            throw CodecError("WebP decoding failed: the animation's first frame cannot be decoded")
        }
        return RGBImage(interleaved: frame, width: Int(info.canvas_width), height: Int(info.canvas_height),
                        stride: Int(info.canvas_width) * 4, alpha: true, background: background)
    }

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "the bitstream is damaged"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "a feature libwebp does not support"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the file ends before the picture does"
        default: "status \(status.rawValue)"
        }
    }
}
