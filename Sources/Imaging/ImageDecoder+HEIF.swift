import CHeif

extension ImageDecoder {
    /// Decodes a HEIF's primary picture (HEVC or AV1, a grid of tiles assembled) to 8-bit RGB,
    /// alpha composited over `background`. Rotation and mirroring are left to the caller (as
    /// for a JPEG's EXIF orientation), so probe and thumbnailer agree on one orientation; 10-
    /// and 12-bit pictures are reduced to 8 bits by libheif with rounding. The picture is cropped
    /// to its `cleanAperture` (which libheif would apply only with the rotations). A grid cut
    /// short keeps the tiles that are whole (`HEIFGridTiles`), the rest the page's background.
    static func decodeHEIF(_ bytes: [UInt8], cleanAperture: CleanAperture? = nil) throws(CodecError) -> RGBImage {
        let picture: RGBImage
        do {
            picture = try decodeHEIFPicture(bytes)
        } catch {
            // A grid cut short: the tiles whose bytes are all there, the rest background.
            guard let grid = HEIFGridTiles(bytes), !grid.tiles.allSatisfy(grid.isWhole),
                  let assembled = assembledTiles(grid) else { throw error }
            picture = assembled
        }
        guard let crop = cleanAperture, crop.x + crop.width <= picture.width, crop.y + crop.height <= picture.height else { return picture }
        var pixels = [UInt8](repeating: 0, count: crop.width * crop.height * 3)
        for row in 0 ..< crop.height {
            let from = ((crop.y + row) * picture.width + crop.x) * 3
            pixels.replaceSubrange(row * crop.width * 3 ..< (row + 1) * crop.width * 3, with: picture.pixels[from ..< from + crop.width * 3])
        }
        return RGBImage(width: crop.width, height: crop.height, pixels: pixels)
    }

    /// The grid's whole tiles, each decoded alone, in place on the page's background; nil when
    /// not one decodes.
    private static func assembledTiles(_ grid: HEIFGridTiles) -> RGBImage? {
        guard grid.width > 0, grid.height > 0, grid.width <= ImageLimits.maximumPixels / grid.height else { return nil }
        var pixels = [UInt8](repeating: 0, count: grid.width * grid.height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            (pixels[index], pixels[index + 1], pixels[index + 2]) = background
        }
        var decoded = 0
        for (index, tile) in grid.tiles.enumerated() {
            guard let file = grid.file(for: tile), let picture = try? decodeHEIFPicture(file) else { continue }
            let left = index % grid.columns * picture.width, top = index / grid.columns * picture.height
            guard left < grid.width, top < grid.height else { continue }
            let columns = min(picture.width, grid.width - left), rows = min(picture.height, grid.height - top)
            for row in 0 ..< rows {
                let from = row * picture.width * 3, to = ((top + row) * grid.width + left) * 3
                pixels.replaceSubrange(to ..< to + columns * 3, with: picture.pixels[from ..< from + columns * 3])
            }
            decoded += 1
        }
        return decoded == 0 ? nil : RGBImage(width: grid.width, height: grid.height, pixels: pixels)
    }

    /// libheif's decode of the primary picture, uncropped.
    private static func decodeHEIFPicture(_ bytes: [UInt8]) throws(CodecError) -> RGBImage {
        guard let context = heif_context_alloc() else { throw CodecError("HEIF decoding failed: out of memory") }
        defer { heif_context_free(context) }
        func check(_ error: heif_error, _ step: String) throws(CodecError) {
            guard error.code != heif_error_Ok else { return }
            let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
            throw CodecError("HEIF \(step) failed: \(message)")
        }
        let result = bytes.withUnsafeBytes { raw in Result { () throws(CodecError) -> RGBImage in
            try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil), "reading")
            var handle: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &handle), "reading")
            defer { heif_image_handle_release(handle) }
            let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
            guard width > 0, height > 0, width <= ImageLimits.maximumPixels / height else {
                throw CodecError("HEIF picture of \(width)×\(height) pixels refused")
            }
            let alpha = heif_image_handle_has_alpha_channel(handle) != 0
            guard let options = heif_decoding_options_alloc() else { throw CodecError("HEIF decoding failed: out of memory") }
            defer { heif_decoding_options_free(options) }
            options.pointee.ignore_transformations = 1
            options.pointee.convert_hdr_to_8bit = 1
            var image: OpaquePointer?
            try check(heif_decode_image(handle, &image, heif_colorspace_RGB, alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options), "decoding")
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
                throw CodecError("HEIF decoding gave no picture")
            }
            let decodedWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
            let decodedHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
            guard heif_image_get_bits_per_pixel(image, heif_channel_interleaved) == (alpha ? 32 : 24) else {
                throw CodecError("HEIF decoding gave a picture of more than 8 bits a channel")
            }
            return RGBImage(interleaved: plane, width: decodedWidth, height: decodedHeight, stride: Int(stride), alpha: alpha, background: background)
        } }
        return try result.get()
    }
}
