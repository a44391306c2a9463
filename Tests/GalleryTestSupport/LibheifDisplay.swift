import CHeif
import Imaging

extension TestImages {
    /// A HEIF's primary picture as libheif itself displays it (its `irot`/`imir` applied by
    /// libheif), RGB 8-bit: the reference the gallery's own orientation handling must match.
    public static func libheifDisplayed(_ bytes: [UInt8]) throws -> RGBImage {
        guard let context = heif_context_alloc() else { throw CodecError("libheif: no context") }
        defer { heif_context_free(context) }
        func check(_ error: heif_error) throws {
            guard error.code != heif_error_Ok else { return }
            throw CodecError("libheif: " + (error.message.map { String(cString: $0) } ?? "\(error.code)"))
        }
        try bytes.withUnsafeBytes { try check(heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil)) }
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        defer { heif_image_handle_release(handle) }
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil))
        defer { heif_image_release(image) }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else { throw CodecError("libheif: no plane") }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved)), height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var pixels: [UInt8] = []
        for y in 0 ..< height { pixels += UnsafeBufferPointer(start: plane + y * Int(stride), count: width * 3) }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
