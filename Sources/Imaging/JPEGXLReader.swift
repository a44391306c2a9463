import CJXL

/// Reads JPEG XL files with libjxl: a naked codestream (`FF 0A`) or the ISO box container, a
/// recompressed JPEG (`jbrd`) or a native picture. What the probe needs (`header`) comes from
/// the codestream's header and the container's `Exif` and `xml ` boxes (Brotli-compressed
/// `brob` boxes unpacked by libjxl, as cjxl writes them); `decode` gives the first frame in
/// sRGB, unturned (its orientation is the caller's to apply, as for a JPEG's EXIF).
enum JPEGXLReader {
    /// What a JPEG XL file's header and boxes say.
    struct Header {
        var width: Int
        var height: Int
        /// The codestream's orientation (the same 1–8 as EXIF's).
        var orientation: Int
        var isAnimated: Bool
        var exif: [UInt8]?
        var xmp: [UInt8]?
        /// Where the box walk stopped short of the file's end (a container cut short or
        /// damaged after its header), or nil.
        var damage: String?
    }

    /// The container's signature (`JXL ` box) or a naked codestream's (`FF 0A`).
    static func isJPEGXL(_ head: [UInt8]) -> Bool {
        head.starts(with: [0xFF, 0x0A]) || head.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
    }

    /// Largest metadata box kept (an EXIF or XMP block larger than this is left out).
    private static let largestBox = 4 << 20

    static func header(_ bytes: [UInt8]) throws(CodecError) -> Header {
        let decoder = try Decoder()
        // (A picture cut short does not show here: libjxl ends a naked codestream's walk after
        // its header. The importer decodes every JPEG XL once for that.)
        try decoder.subscribe([JXL_DEC_BASIC_INFO, JXL_DEC_BOX])
        JxlDecoderSetDecompressBoxes(decoder.pointer, 1)
        // The stored size and the orientation (else libjxl reports the turned size and 1).
        JxlDecoderSetKeepOrientation(decoder.pointer, 1)
        var header: Header?
        var exif: [UInt8]?, xmp: [UInt8]?
        var box: (type: String, buffer: OwnedBytes)?
        func finishBox() {
            guard let current = box else { return }
            let payload = Array(current.buffer.bytes.prefix(current.buffer.bytes.count - JxlDecoderReleaseBoxBuffer(decoder.pointer)))
            if current.type == "Exif", exif == nil, payload.count > 4 {
                // Four bytes of offset to the TIFF header, then the TIFF structure.
                let offset = Int(payload[0]) << 24 | Int(payload[1]) << 16 | Int(payload[2]) << 8 | Int(payload[3])
                if 4 + offset < payload.count { exif = Array(payload[(4 + offset)...]) }
            } else if current.type == "xml ", xmp == nil {
                xmp = payload
            }
            box = nil
        }
        let outcome = try bytes.withUnsafeBufferPointer { data throws(CodecError) -> String? in
            try decoder.setInput(data)
            // The end marked: without it the decoder cannot know no box follows the last.
            JxlDecoderCloseInput(decoder.pointer)
            while true {
                switch JxlDecoderProcessInput(decoder.pointer) {
                case JXL_DEC_BASIC_INFO:
                    let info = try decoder.basicInfo()
                    header = Header(width: Int(info.xsize), height: Int(info.ysize), orientation: Int(info.orientation.rawValue),
                                    isAnimated: info.have_animation != 0)
                case JXL_DEC_BOX:
                    finishBox()
                    var type: JxlBoxType = (0, 0, 0, 0)
                    guard JxlDecoderGetBoxType(decoder.pointer, &type, 1) == JXL_DEC_SUCCESS else { continue }
                    let name = String(decoding: [type.0, type.1, type.2, type.3].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    var size: UInt64 = 0
                    _ = JxlDecoderGetBoxSizeRaw(decoder.pointer, &size)
                    guard name == "Exif" || name == "xml ", size <= UInt64(largestBox) else { continue }
                    // A compressed box's size is its compressed one: start there, grow as asked.
                    let buffer = OwnedBytes(count: max(Int(size), 4096))
                    try decoder.setBoxBuffer(buffer, from: 0)
                    box = (name, buffer)
                case JXL_DEC_BOX_NEED_MORE_OUTPUT:
                    guard let current = box else { return "a metadata box could not be read" }
                    let filled = current.buffer.bytes.count - JxlDecoderReleaseBoxBuffer(decoder.pointer)
                    guard current.buffer.bytes.count < largestBox else { box = nil; continue }
                    let larger = OwnedBytes(count: current.buffer.bytes.count * 2)
                    larger.bytes.baseAddress!.update(from: current.buffer.bytes.baseAddress!, count: filled)
                    try decoder.setBoxBuffer(larger, from: filled)
                    box = (current.type, larger)
                case JXL_DEC_SUCCESS:
                    finishBox()
                    return nil
                default:
                    finishBox()
                    guard header != nil else { throw CodecError("JPEG XL header cannot be read: the file is damaged or cut short") }
                    return "the JPEG XL file is cut short or damaged after its header"
                }
            }
        }
        guard var header else { throw CodecError("JPEG XL header cannot be read: the file is cut short") }
        header.exif = exif
        header.xmp = xmp
        header.damage = outcome
        return header
    }

    /// The first frame, 8-bit sRGB, alpha on `ImageDecoder.background`, unturned. A file cut
    /// short gives what its progressive passes hold (the picture, blurred where bytes are
    /// missing) and a warning saying so.
    static func decode(_ bytes: [UInt8]) throws(CodecError) -> (image: RGBImage, warning: String?) {
        let decoder = try Decoder()
        try decoder.subscribe([JXL_DEC_BASIC_INFO, JXL_DEC_COLOR_ENCODING, JXL_DEC_FULL_IMAGE])
        // Left for the caller, as a JPEG's EXIF orientation is (probe and thumbnailer agree on one).
        JxlDecoderSetKeepOrientation(decoder.pointer, 1)
        var info = JxlBasicInfo()
        var format = JxlPixelFormat(num_channels: 3, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var pixels: OwnedBytes?
        var profile: [UInt8]?
        let result = bytes.withUnsafeBufferPointer { data in Result { () throws(CodecError) -> Bool in
            try decoder.setInput(data)
            while true {
                switch JxlDecoderProcessInput(decoder.pointer) {
                case JXL_DEC_BASIC_INFO:
                    info = try decoder.basicInfo()
                    let width = Int(info.xsize), height = Int(info.ysize)
                    guard width > 0, height > 0, width <= ImageLimits.maximumPixels / height else {
                        throw CodecError("JPEG XL picture of \(width)×\(height) pixels refused")
                    }
                    let grey = info.num_color_channels == 1
                    format.num_channels = (grey ? 1 : 3) + (info.alpha_bits > 0 ? 1 : 0)
                case JXL_DEC_COLOR_ENCODING:
                    // A lossy (XYB) picture can be rendered in any space: ask for sRGB. A lossless
                    // one keeps its original space, converted below through its profile.
                    if info.uses_original_profile == 0 {
                        var srgb = JxlColorEncoding()
                        srgb.color_space = info.num_color_channels == 1 ? JXL_COLOR_SPACE_GRAY : JXL_COLOR_SPACE_RGB
                        srgb.white_point = JXL_WHITE_POINT_D65
                        srgb.primaries = JXL_PRIMARIES_SRGB
                        srgb.transfer_function = JXL_TRANSFER_FUNCTION_SRGB
                        srgb.rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL
                        _ = JxlDecoderSetPreferredColorProfile(decoder.pointer, &srgb)
                    }
                    if info.num_color_channels == 3 { profile = decoder.dataProfile() }
                case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                    var size = 0
                    guard JxlDecoderImageOutBufferSize(decoder.pointer, &format, &size) == JXL_DEC_SUCCESS else {
                        throw CodecError("JPEG XL decoding failed: no output size")
                    }
                    // libjxl writes into it across calls: memory of our own, not an array's.
                    let buffer = OwnedBytes(count: size)
                    pixels = buffer
                    guard JxlDecoderSetImageOutBuffer(decoder.pointer, &format, buffer.bytes.baseAddress, size) == JXL_DEC_SUCCESS else {
                        throw CodecError("JPEG XL decoding failed: the output buffer was refused")
                    }
                case JXL_DEC_FULL_IMAGE:
                    // The first frame is the picture (an animation's first frame, as for a WebP).
                    return true
                case JXL_DEC_SUCCESS:
                    guard pixels != nil else { throw CodecError("JPEG XL decoding failed: the file holds no picture") }
                    return true
                case JXL_DEC_NEED_MORE_INPUT:
                    // Cut short: what the passes decoded so far, if any.
                    guard pixels != nil, JxlDecoderFlushImage(decoder.pointer) == JXL_DEC_SUCCESS else {
                        throw CodecError("JPEG XL decoding failed: the file ends before its picture (cut short)")
                    }
                    return false
                default:
                    throw CodecError("JPEG XL decoding failed: the file is damaged")
                }
            }
        } }
        let whole = try result.get()
        guard let pixels else { throw CodecError("JPEG XL decoding failed: the file holds no picture") }
        let width = Int(info.xsize), height = Int(info.ysize)
        let channels = Int(format.num_channels)
        var image: RGBImage
        if channels >= 3 {
            image = RGBImage(interleaved: UnsafePointer(pixels.bytes.baseAddress!), width: width, height: height, stride: width * channels,
                             alpha: channels == 4, background: ImageDecoder.background)
        } else {
            // Grey (and grey with alpha): each value three times, alpha over the background.
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            let grey = pixels.bytes
            let background = [ImageDecoder.background.0, ImageDecoder.background.1, ImageDecoder.background.2]
            for index in 0 ..< width * height {
                let value = Int(grey[index * channels])
                let alpha = channels == 2 ? Int(grey[index * 2 + 1]) : 255
                for c in 0 ..< 3 { rgb[index * 3 + c] = UInt8((value * alpha + Int(background[c]) * (255 - alpha) + 127) / 255) }
            }
            image = RGBImage(width: width, height: height, pixels: rgb)
        }
        if let profile { image = ColorConversion.toSRGB(image, profile: profile) }
        return (image, whole ? nil : "the JPEG XL file ends before its picture does (cut short?); what its first passes hold is shown, blurred")
    }

    /// Memory libjxl writes into between calls (a Swift array's storage may move: never lent
    /// past the call that lends it), freed with its owner.
    private final class OwnedBytes {
        let bytes: UnsafeMutableBufferPointer<UInt8>

        init(count: Int) {
            bytes = .allocate(capacity: count)
            bytes.initialize(repeating: 0)
        }

        deinit { bytes.deallocate() }
    }

    /// One libjxl decoder, destroyed with it.
    private final class Decoder {
        let pointer: OpaquePointer

        init() throws(CodecError) {
            guard let made = JxlDecoderCreate(nil) else { throw CodecError("JPEG XL decoding failed: out of memory") }
            pointer = made
        }

        deinit { JxlDecoderDestroy(pointer) }

        func subscribe(_ events: [JxlDecoderStatus]) throws(CodecError) {
            let mask = events.reduce(0) { $0 | Int32($1.rawValue) }
            guard JxlDecoderSubscribeEvents(pointer, mask) == JXL_DEC_SUCCESS else { throw CodecError("JPEG XL decoding failed: events refused") }
        }

        /// The whole file. (Its end is not marked for a decode: a cut file then asks for more,
        /// and what it has is flushed.)
        func setInput(_ data: UnsafeBufferPointer<UInt8>) throws(CodecError) {
            guard JxlDecoderSetInput(pointer, data.baseAddress, data.count) == JXL_DEC_SUCCESS else {
                throw CodecError("JPEG XL decoding failed: the input was refused")
            }
        }

        func basicInfo() throws(CodecError) -> JxlBasicInfo {
            var info = JxlBasicInfo()
            guard JxlDecoderGetBasicInfo(pointer, &info) == JXL_DEC_SUCCESS else { throw CodecError("JPEG XL header cannot be read") }
            return info
        }

        func setBoxBuffer(_ buffer: OwnedBytes, from offset: Int) throws(CodecError) {
            guard JxlDecoderSetBoxBuffer(pointer, buffer.bytes.baseAddress! + offset, buffer.bytes.count - offset) == JXL_DEC_SUCCESS else { throw CodecError("JPEG XL metadata box cannot be read") }
        }

        /// The ICC profile of the pixels as they will come out (after any preferred profile).
        func dataProfile() -> [UInt8]? {
            var size = 0
            guard JxlDecoderGetICCProfileSize(pointer, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS, size > 0 else { return nil }
            var profile = [UInt8](repeating: 0, count: size)
            guard JxlDecoderGetColorAsICCProfile(pointer, nil, JXL_COLOR_PROFILE_TARGET_DATA, &profile, size) == JXL_DEC_SUCCESS else { return nil }
            return profile
        }
    }
}
