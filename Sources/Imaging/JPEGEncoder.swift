import CJPEG

/// Encodes pixels to JPEG with libjpeg-turbo (optimised Huffman tables or, for a baseline scan,
/// fixed ones made for photographs; optional progressive scans and an APP1 segment such as EXIF).
public enum JPEGEncoder {
    public enum PixelFormat: Sendable {
        case gray, rgb, cmyk

        var bytesPerPixel: Int {
            switch self {
            case .gray: 1
            case .rgb: 3
            case .cmyk: 4
            }
        }
    }

    public struct Options: Sendable {
        public var quality: Int
        public var progressive: Bool
        public var app1: [UInt8]?
        /// A baseline scan coded with fixed Huffman tables made for photographs instead of
        /// libjpeg's per-image optimisation pass (`PhotoTables`): the same pixels, a few per
        /// cent more bytes, less than half the time. Nil: the pass (always for progressive).
        public var photoTables: PhotoTables?

        public init(quality: Int = 85, progressive: Bool = false, app1: [UInt8]? = nil, photoTables: PhotoTables? = nil) {
            self.quality = quality
            self.progressive = progressive
            self.app1 = app1
            self.photoTables = photoTables
        }
    }

    /// - Parameter pixels: rows packed top to bottom, `width * bytesPerPixel` bytes each.
    public static func encode(
        pixels: [UInt8], width: Int, height: Int, format: PixelFormat, options: Options = Options()
    ) throws(CodecError) -> [UInt8] {
        guard width > 0, height > 0, pixels.count == width * height * format.bytesPerPixel else {
            throw CodecError("pixel buffer does not match \(width)×\(height)")
        }
        let cFormat: cjpeg_pixel_format = switch format {
        case .gray: CJPEG_GRAY
        case .rgb: CJPEG_RGB
        case .cmyk: CJPEG_CMYK
        }
        var buffer = cjpeg_buffer()
        var message = [CChar](repeating: 0, count: 200)
        let app1 = options.app1 ?? []
        let status = pixels.withUnsafeBufferPointer { pixelBuffer in
            app1.withUnsafeBufferPointer { app1Buffer in
                var cOptions = cjpeg_encode_options(
                    quality: Int32(options.quality), progressive: options.progressive ? 1 : 0,
                    app1: app1Buffer.isEmpty ? nil : app1Buffer.baseAddress, app1_length: app1Buffer.count,
                    photo_tables: options.photoTables?.rawValue ?? 0)
                return cjpeg_encode(
                    pixelBuffer.baseAddress, Int32(width), Int32(height), cFormat, &cOptions, &buffer,
                    &message, message.count)
            }
        }
        defer { cjpeg_buffer_free(&buffer) }
        guard status == 0, let data = buffer.data else {
            throw CodecError("JPEG encoding failed: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: data, count: Int(buffer.size)))
    }
}
