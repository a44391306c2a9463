import CHeif
import Imaging

extension TestImages {
    /// A HEIC as phones write them with a second picture beside the primary — an iPhone's HDR
    /// gain map ("urn:com:apple:photo:2020:aux:hdrgainmap"), a depth map, a portrait matte: the
    /// test pattern, `width` × `height`, and one flat `color` at half its size as the primary's
    /// auxiliary image of type `urn`. libheif 1.15 cannot write one: the second picture is
    /// written as the primary's thumbnail, its `thmb` reference made `auxl` (the same direction,
    /// the same size) and an `auxC` property naming `urn` added to it.
    public static func heifWithAuxiliaryImage(urn: String, width: Int = 64, height: Int = 48,
                                              color: (UInt8, UInt8, UInt8) = (0, 255, 0)) throws -> [UInt8] {
        var bytes = try heif(width: width, height: height, thumbnail: (color, max(width, height) / 2))
        guard let meta = heifBoxes(bytes, in: 0 ..< bytes.count).first(where: { $0.type == "meta" }),
              let iref = heifBoxes(bytes, in: meta.start + 12 ..< meta.end).first(where: { $0.type == "iref" }), bytes[iref.start + 8] == 0,
              let thumbnail = heifBoxes(bytes, in: iref.start + 12 ..< iref.end).first(where: { $0.type == "thmb" }) else {
            throw CodecError("no thumbnail reference where libheif 1.15 writes it")
        }
        let item = Int(bytes[thumbnail.start + 8]) << 8 | Int(bytes[thumbnail.start + 9])
        bytes.replaceSubrange(thumbnail.start + 4 ..< thumbnail.start + 8, with: Array("auxl".utf8))
        let type = Array(urn.utf8) + [0]
        let length = 12 + type.count
        let auxC = [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + Array("auxC".utf8) + [0, 0, 0, 0] + type
        return try addingProperty(bytes, auxC, toItem: item, essential: false)
    }

    /// What libheif finds in a HEIF: its top-level pictures, and the primary's thumbnails and
    /// auxiliary pictures (of any kind, alpha and depth included).
    public static func libheifItems(_ bytes: [UInt8]) throws -> (topLevel: Int, thumbnails: Int, auxiliary: Int) {
        guard let context = heif_context_alloc() else { throw CodecError("libheif: no context") }
        defer { heif_context_free(context) }
        let read = bytes.withUnsafeBytes { heif_context_read_from_memory(context, $0.baseAddress, $0.count, nil) }
        guard read.code == heif_error_Ok else { throw CodecError("libheif cannot read it") }
        var primary: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &primary).code == heif_error_Ok else { throw CodecError("libheif: no primary") }
        defer { heif_image_handle_release(primary) }
        return (Int(heif_context_get_number_of_top_level_images(context)), Int(heif_image_handle_get_number_of_thumbnails(primary)),
                Int(heif_image_handle_get_number_of_auxiliary_images(primary, 0)))
    }
}
