import CHeif
import Foundation
import Imaging

extension TestImages {
    /// The test pattern (gradient, bright top-left quarter) as RGB or RGBA rows.
    static func pattern(width: Int, height: Int, channels: Int, seed: UInt8 = 0) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let corner = x < width / 4 && y < height / 4
                for c in 0 ..< channels {
                    pixels[(y * width + x) * channels + c] = c == 3
                        ? UInt8(x < width / 2 ? 255 : 0)  // alpha: the right half transparent
                        : corner ? 255 : UInt8(truncatingIfNeeded: x * 3 + y * 2 + c * 40 + Int(seed) * 17)
                }
            }
        }
        return pixels
    }

    /// A HEIC (x265) or AVIF (aom) written by libheif: the test pattern, turned by `irot`/`imir`
    /// as libheif writes them for an EXIF-style `orientation`, with an Exif item when given
    /// (a TIFF structure), alpha when asked for, and `bitDepth` 8, 10 or 12; with a thumbnail
    /// (one flat colour, fitted in a square of `boundingBox` pixels) when asked for.
    public static func heif(
        width: Int = 64, height: Int = 48, avif: Bool = false, orientation: Int = 1, exif: [UInt8]? = nil,
        alpha: Bool = false, bitDepth: Int = 8, quality: Int = 90, seed: UInt8 = 0,
        profile: [UInt8]? = nil, color: (UInt8, UInt8, UInt8)? = nil, nclx: (primaries: UInt16, transfer: UInt16)? = nil,
        thumbnail: (color: (UInt8, UInt8, UInt8), boundingBox: Int)? = nil
    ) throws -> [UInt8] {
        guard let context = heif_context_alloc() else { throw CodecError("libheif: no context") }
        defer { heif_context_free(context) }
        func check(_ error: heif_error) throws {
            guard error.code != heif_error_Ok else { return }
            throw CodecError("libheif: " + (error.message.map { String(cString: $0) } ?? "\(error.code)"))
        }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, avif ? heif_compression_AV1 : heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, Int32(quality)))
        var image: OpaquePointer?
        let channels = alpha ? 4 : 3
        if bitDepth == 8 {
            try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &image))
            try check(heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), Int32(8 * channels)))
        } else {
            try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE, &image))
            try check(heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), Int32(bitDepth)))
        }
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else { throw CodecError("libheif: no plane") }
        // `color`: one flat colour instead of the pattern (for colour-profile tests).
        let pixels = color.map { c in (0 ..< width * height).flatMap { _ in [c.0, c.1, c.2] + (alpha ? [255] : []) } }
            ?? pattern(width: width, height: height, channels: channels, seed: seed)
        for y in 0 ..< height {
            for i in 0 ..< width * channels {
                let value = pixels[y * width * channels + i]
                if bitDepth == 8 {
                    plane[y * Int(stride) + i] = value
                } else {
                    // The 8-bit value spread over the wider range, little-endian.
                    let wide = Int(value) << (bitDepth - 8) | Int(value) >> (16 - bitDepth)
                    plane[y * Int(stride) + 2 * i] = UInt8(wide & 0xFF)
                    plane[y * Int(stride) + 2 * i + 1] = UInt8(wide >> 8)
                }
            }
        }
        if let profile {
            try profile.withUnsafeBytes { try check(heif_image_set_raw_color_profile(image, "prof", $0.baseAddress, $0.count)) }
        }
        guard let options = heif_encoding_options_alloc() else { throw CodecError("libheif: no options") }
        defer { heif_encoding_options_free(options) }
        // `nclx`: colour as code points in a colr box (primaries, transfer; BT.601 matrix, full range).
        var colour: UnsafeMutablePointer<heif_color_profile_nclx>?
        defer { if let colour { heif_nclx_color_profile_free(colour) } }
        if let nclx {
            colour = heif_nclx_color_profile_alloc()
            guard let colour else { throw CodecError("libheif: no nclx profile") }
            try check(heif_nclx_color_profile_set_color_primaries(colour, nclx.primaries))
            try check(heif_nclx_color_profile_set_transfer_characteristics(colour, nclx.transfer))
            try check(heif_nclx_color_profile_set_matrix_coefficients(colour, 6))
            colour.pointee.full_range_flag = 1
            try check(heif_image_set_nclx_color_profile(image, colour))
            options.pointee.output_nclx_profile = colour
        }
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, image, encoder, options, &handle))
        defer { heif_image_handle_release(handle) }
        if let exif {
            try exif.withUnsafeBytes { try check(heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count))) }
        }
        if let thumbnail {
            var flat: OpaquePointer?
            try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &flat))
            defer { heif_image_release(flat) }
            try check(heif_image_add_plane(flat, heif_channel_interleaved, Int32(width), Int32(height), 8))
            var flatStride: Int32 = 0
            guard let flatPlane = heif_image_get_plane(flat, heif_channel_interleaved, &flatStride) else { throw CodecError("libheif: no plane") }
            for y in 0 ..< height {
                for x in 0 ..< width {
                    (flatPlane[y * Int(flatStride) + 3 * x], flatPlane[y * Int(flatStride) + 3 * x + 1], flatPlane[y * Int(flatStride) + 3 * x + 2]) = thumbnail.color
                }
            }
            var thumbnailHandle: OpaquePointer?
            try check(heif_context_encode_thumbnail(context, flat, handle, encoder, options, Int32(thumbnail.boundingBox), &thumbnailHandle))
            heif_image_handle_release(thumbnailHandle)
        }
        let file = FileManager.default.temporaryDirectory.appending(path: "gallery-test-\(UUID().uuidString).heif").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try check(heif_context_write_to_file(context, file))
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        return orientation >= 5 ? unturningSpatialExtents(written, width: width, height: height) : written
    }

    /// libheif 1.15 (Debian 12) writes a quarter-turned picture's `ispe` already turned
    /// (height × width), where HEIF says `ispe` is the size before `irot` (ISO/IEC 23008-12
    /// 6.5.3.1; iPhones, libavif and later libheif write it so). The files the tests make are
    /// given the size the standard prescribes.
    static func unturningSpatialExtents(_ file: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = file
        let turned = [UInt8](repeating: 0, count: 4) + be32(height) + be32(width)
        var i = 0
        while let found = out[i...].firstRange(of: Array("ispe".utf8) + turned) {
            out.replaceSubrange(found.lowerBound + 8 ..< found.upperBound, with: be32(width) + be32(height))
            i = found.upperBound
        }
        return out
    }

    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}
