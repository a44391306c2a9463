import CLibRaw
import Foundation
import PhotoFacts

/// One camera raw file opened with LibRaw (`libraw_r`): its headers are read on opening; its
/// embedded preview and its sensor data only when asked for. Not shared between threads (each
/// probe or decode opens its own).
final class RawFile {
    private let data: UnsafeMutablePointer<libraw_data_t>
    /// The file's bytes when opened from memory: LibRaw reads them in place for as long as it is open.
    private let buffer: UnsafeMutableRawBufferPointer?
    /// How many times LibRaw met the end of the file or bad data while reading the sensor data:
    /// it goes on regardless (a cut raw develops black or white), so its data-error callback
    /// counts here and `unpack` refuses.
    private let dataErrors = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    /// Why LibRaw did not open a file: its status, which says whether it knows the camera.
    struct OpenFailure: Error {
        let status: Int32
        /// LibRaw does not know this camera or kind of raw (or it is no raw).
        var isUnsupported: Bool { status == LIBRAW_FILE_UNSUPPORTED.rawValue }
        var codecError: CodecError { RawFile.error(status, doing: "reading the raw file's headers") }
    }

    /// Opens the raw file at `path`.
    convenience init(path: String) throws(OpenFailure) {
        try self.init(buffer: nil) { libraw_open_file($0, path) }
    }

    /// Opens a raw file held in memory.
    convenience init(bytes: [UInt8]) throws(OpenFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        buffer.copyBytes(from: bytes)
        try self.init(buffer: buffer) { libraw_open_buffer($0, buffer.baseAddress, bytes.count) }
    }

    private init(buffer: UnsafeMutableRawBufferPointer?, open: (UnsafeMutablePointer<libraw_data_t>) -> Int32) throws(OpenFailure) {
        // Without its callbacks LibRaw prints nothing to stderr: its errors come back as codes.
        dataErrors.initialize(to: 0)
        guard let data = libraw_init(UInt32(LIBRAW_OPIONS_NO_MEMERR_CALLBACK.rawValue | LIBRAW_OPIONS_NO_DATAERR_CALLBACK.rawValue)) else {
            buffer?.deallocate()
            dataErrors.deallocate()
            throw OpenFailure(status: LIBRAW_UNSUFFICIENT_MEMORY.rawValue)
        }
        self.data = data
        self.buffer = buffer
        libraw_set_dataerror_handler(data, { count, _, _ in count?.assumingMemoryBound(to: Int32.self).pointee += 1 }, dataErrors)
        let status = open(data)
        guard status == LIBRAW_SUCCESS.rawValue else { throw OpenFailure(status: status) }
    }

    deinit {
        libraw_close(data)
        buffer?.deallocate()
        dataErrors.deallocate()
    }

    /// What the headers say: sizes, orientation, camera and exposure. Call before `preview` or
    /// `developed` (it asks LibRaw for the developed size, which ends the file's use for them).
    func facts() -> RawFacts {
        let sizes = data.pointee.sizes
        let other = data.pointee.other
        let flip = Int(sizes.flip)
        // The size LibRaw develops to (margins cropped, non-square pixels stretched, Fujifilm's
        // 45° sensors turned), before the orientation turns it.
        data.pointee.params.user_flip = 0
        _ = libraw_adjust_sizes_info_only(data)
        var facts = RawFacts(storedWidth: Int(data.pointee.sizes.iwidth), storedHeight: Int(data.pointee.sizes.iheight),
                             orientation: Self.orientation(flip: flip))
        facts.capture.cameraMake = Self.text(data.pointee.idata.make)
        facts.capture.cameraModel = Self.text(data.pointee.idata.model)
        facts.capture.lens = Self.text(data.pointee.lens.Lens)
        facts.capture.iso = other.iso_speed >= 1 ? Int(other.iso_speed.rounded()) : nil
        facts.capture.exposureTime = other.shutter > 0 ? Double(other.shutter) : nil
        facts.capture.fNumber = other.aperture > 0 ? Double(other.aperture) : nil
        facts.capture.focalLength = other.focal_len > 0 ? Double(other.focal_len) : nil
        if other.timestamp > 0 {
            // LibRaw made the time with mktime from the camera's clock; localtime gives that back.
            var timestamp = other.timestamp
            var parts = tm()
            if localtime_r(&timestamp, &parts) != nil {
                facts.capture.takenAt = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                                       Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
            }
        }
        let gps = other.parsed_gps
        if gps.gpsparsed != 0 {
            func degrees(_ value: (Float, Float, Float)) -> Double { Double(value.0) + Double(value.1) / 60 + Double(value.2) / 3600 }
            let latitude = degrees(gps.latitude), longitude = degrees(gps.longitude)
            if latitude != 0 || longitude != 0 {
                facts.capture.latitude = UInt8(bitPattern: gps.latref) == UInt8(ascii: "S") ? -latitude : latitude
                facts.capture.longitude = UInt8(bitPattern: gps.longref) == UInt8(ascii: "W") ? -longitude : longitude
            }
        }
        if let xmp = data.pointee.idata.xmpdata, data.pointee.idata.xmplen > 0 {
            facts.xmp = Array(UnsafeRawBufferPointer(start: xmp, count: Int(data.pointee.idata.xmplen)))
        }
        return facts
    }

    /// The camera's own rendering embedded in the file: a JPEG (most cameras) or RGB pixels.
    enum Preview {
        case jpeg([UInt8])
        case pixels(RGBImage)
    }

    /// The embedded preview, or nil when the file has none LibRaw can give. (Its kind is known
    /// only once it is read: a DNG's is not before.)
    func preview() throws(CodecError) -> Preview? {
        let status = libraw_unpack_thumb(data)
        if status == LIBRAW_NO_THUMBNAIL.rawValue || status == LIBRAW_UNSUPPORTED_THUMBNAIL.rawValue { return nil }
        guard status == LIBRAW_SUCCESS.rawValue else { throw Self.error(status, doing: "reading the raw file's preview") }
        guard data.pointee.thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG || data.pointee.thumbnail.tformat == LIBRAW_THUMBNAIL_BITMAP else { return nil }
        var code: Int32 = 0
        guard let image = libraw_dcraw_make_mem_thumb(data, &code) else { throw Self.error(code, doing: "reading the raw file's preview") }
        defer { libraw_dcraw_clear_mem(image) }
        return Self.converted(image)
    }

    /// Reads the sensor data (decompressed, not developed): throws when it is missing or damaged.
    func unpack() throws(CodecError) {
        let status = libraw_unpack(data)
        guard status == LIBRAW_SUCCESS.rawValue else { throw Self.error(status, doing: "reading the raw file's sensor data") }
        guard dataErrors.pointee == 0 else {
            throw CodecError("its sensor data is cut short or damaged (LibRaw read past the file's end or bad data)")
        }
    }

    /// The sensor data developed as a raw converter does by default: the camera's white balance,
    /// its colour matrix to sRGB, sRGB's curve, 8 bits; at half size (no demosaicing) when that
    /// still covers `minWidth` × `minHeight`; never turned (the orientation is the caller's).
    func developed(minWidth: Int, minHeight: Int) throws(CodecError) -> RGBImage {
        let sizes = data.pointee.sizes
        let params = withUnsafeMutablePointer(to: &data.pointee.params) { params in
            params.pointee.use_camera_wb = 1
            params.pointee.output_color = 1
            params.pointee.output_bps = 8
            params.pointee.user_flip = 0
            params.pointee.gamm.0 = 1 / 2.4
            params.pointee.gamm.1 = 12.92
            let wanted = minWidth > 0 || minHeight > 0
            params.pointee.half_size = wanted && Int(sizes.width) / 2 >= minWidth && Int(sizes.height) / 2 >= minHeight ? 1 : 0
            return params.pointee
        }
        try unpack()
        if params.half_size != 0, let development = halfSizeDevelopment(), let raw = data.pointee.rawdata.raw_image,
           let picture = development.developed(raw) {
            libraw_recycle(data)
            return picture
        }
        let status = libraw_dcraw_process(data)
        guard status == LIBRAW_SUCCESS.rawValue else { throw Self.error(status, doing: "developing the raw file") }
        var code: Int32 = 0
        guard let image = libraw_dcraw_make_mem_image(data, &code) else { throw Self.error(code, doing: "developing the raw file") }
        defer { libraw_dcraw_clear_mem(image) }
        // The sensor data and LibRaw's 16-bit picture (for 60 MP, 120 MB each) are done with:
        // freed before the 8-bit picture is copied out, so the three never meet ours. The
        // handle is used for nothing after this.
        libraw_recycle(data)
        guard case .pixels(let pixels) = Self.converted(image) else { throw CodecError("LibRaw developed the raw file into no picture") }
        return pixels
    }

    /// How LibRaw would develop the unpacked sensor data at half size, when it is the plain kind
    /// `RawHalfSizeDevelopment` takes (its doc says which) and LibRaw's options are those
    /// `developed` sets; nil otherwise.
    func halfSizeDevelopment() -> RawHalfSizeDevelopment? {
        let raw = data.pointee.rawdata
        let (sizes, color, params) = (raw.sizes, raw.color, data.pointee.params)
        var decoder = libraw_decoder_info_t()
        guard raw.raw_image != nil, raw.iparams.filters > 1000, raw.iparams.colors == 3, raw.iparams.is_foveon == 0,
              raw.ioparams.fuji_width == 0, raw.ioparams.zero_is_bad == 0, raw.ioparams.raw_color == 0,
              abs(sizes.pixel_aspect - 1) < 0.005, sizes.raw_pitch % 2 == 0, Int(sizes.raw_pitch) / 2 >= Int(sizes.raw_width),
              sizes.width >= 2, sizes.height >= 2,
              Int(sizes.top_margin) + Int(sizes.height) <= Int(sizes.raw_height),
              Int(sizes.left_margin) + Int(sizes.width) <= Int(sizes.raw_width),
              color.as_shot_wb_applied == 0, color.cam_mul.0 > 0.00001, color.cam_mul.2 > 0.00001,
              withUnsafeBytes(of: color.white, { $0.allSatisfy { $0 == 0 } }),
              params.user_black < 0, params.user_sat <= 0, params.user_mul.0 == 0, params.use_auto_wb == 0,
              params.bad_pixels == nil, params.dark_frame == nil, params.threshold == 0, params.aber.0 == 1, params.aber.2 == 1,
              params.no_auto_scale == 0, params.highlight == 0, params.no_auto_bright == 0, params.exp_correc == 0,
              withUnsafeBytes(of: params.user_cblack, { $0.bindMemory(to: Int32.self).allSatisfy { $0 <= -1_000_000 } }),
              libraw_get_decoder_info(data, &decoder) == LIBRAW_SUCCESS.rawValue else { return nil }
        // Phase One's and the Canon 600's data are corrected in LibRaw's copy step.
        let decoderName = decoder.decoder_name.map { String(cString: $0) } ?? ""
        guard !decoderName.contains("phase_one"), !decoderName.contains("canon_600") else { return nil }
        // A black level pattern is taken only when it is the same at every position (LibRaw
        // versions place a differing one differently).
        let blacks = Array(UnsafeBufferPointer(start: gallery_libraw_raw_cblack(data), count: 6 + 16))
        let (patternRows, patternColumns) = (Int(blacks[4]), Int(blacks[5]))
        var patternBlack = 0
        if patternRows > 0 && patternColumns > 0 {
            guard patternRows <= 2, patternColumns <= 2 else { return nil }
            let pattern = blacks[6 ..< 6 + patternRows * patternColumns]
            guard let first = pattern.first, pattern.allSatisfy({ $0 == first }) else { return nil }
            patternBlack = Int(first)
        }
        let perColor = (0 ..< 4).map { Int(blacks[$0]) + patternBlack }
        let total = perColor.map { $0 + Int(color.black) }
        // LibRaw's white level loses the black common to all colours.
        let maximum = Int(color.maximum) - Int(color.black) - (perColor.min() ?? 0)
        let fixedMaximum = decoder.decoder_flags & UInt32(LIBRAW_DECODER_FIXEDMAXC.rawValue) != 0
        var multipliers = color.cam_mul
        if multipliers.1 == 0 { multipliers.1 = 1 }
        if multipliers.3 == 0 { multipliers.3 = multipliers.1 }
        let matrix = withUnsafeBytes(of: color.rgb_cam) { bytes in
            let values = Array(bytes.bindMemory(to: Float.self))
            return (0 ..< 3).map { row in (0 ..< 3).map { values[row * 4 + $0] } }
        }
        return RawHalfSizeDevelopment(
            width: Int(sizes.width), height: Int(sizes.height), top: Int(sizes.top_margin), left: Int(sizes.left_margin),
            pitch: Int(sizes.raw_pitch) / 2, filters: raw.iparams.filters, black: (total[0], total[1], total[2], total[3]),
            maximum: maximum, adjustMaximumThreshold: fixedMaximum ? 0 : params.adjust_maximum_thr,
            multipliers: multipliers, cameraToSRGB: matrix, autoBrightThreshold: params.auto_bright_thr, brightness: params.bright,
            gammaPower: Double(params.gamm.0), gammaSlope: Double(params.gamm.1))
    }

    /// A LibRaw picture as bytes: a JPEG's, or 8-bit RGB (grey spread to RGB).
    private static func converted(_ image: UnsafeMutablePointer<libraw_processed_image_t>) -> Preview? {
        let count = Int(image.pointee.data_size)
        // Read in place (a copy of a large picture is tens of megabytes).
        let start = UnsafeRawPointer(image) + MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
        let bytes = UnsafeRawBufferPointer(start: start, count: count)
        if image.pointee.type == LIBRAW_IMAGE_JPEG { return .jpeg(Array(bytes)) }
        let width = Int(image.pointee.width), height = Int(image.pointee.height), colors = Int(image.pointee.colors)
        guard image.pointee.bits == 8, colors == 3 || colors == 1, width > 0, height > 0, count >= width * height * colors else { return nil }
        if colors == 3 { return .pixels(RGBImage(width: width, height: height, pixels: Array(bytes.prefix(width * height * 3)))) }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in 0 ..< width * height {
            pixels[3 * index] = bytes[index]
            pixels[3 * index + 1] = bytes[index]
            pixels[3 * index + 2] = bytes[index]
        }
        return .pixels(RGBImage(width: width, height: height, pixels: pixels))
    }

    /// LibRaw's flip (dcraw's bits: 1 mirrors, 2 flips, 4 transposes) as EXIF's orientation.
    static func orientation(flip: Int) -> Orientation {
        let exif = [1, 2, 4, 3, 5, 8, 6, 7][flip & 7]
        return Orientation(exifValue: exif)
    }

    private static func text<T>(_ field: T) -> String? {
        let value = withUnsafeBytes(of: field) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    fileprivate static func error(_ status: Int32, doing what: String) -> CodecError {
        let reason = String(cString: libraw_strerror(status))
        switch status {
        case LIBRAW_FILE_UNSUPPORTED.rawValue:
            return CodecError("LibRaw cannot read this raw file (a camera or kind of raw it does not know)")
        case LIBRAW_IO_ERROR.rawValue, LIBRAW_DATA_ERROR.rawValue:
            return CodecError("\(what) failed: the file is cut short or damaged (LibRaw: \(reason))")
        default:
            return CodecError("\(what) failed (LibRaw: \(reason))")
        }
    }
}
