/// The image formats the gallery reads. Files are recognised by their first bytes, never by
/// their extension.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case jpeg
    case png
    /// HEIF with HEVC pictures: iPhones' photos since 2017.
    case heic
    /// HEIF with AV1 pictures.
    case avif
    case webp
    /// The first page of a TIFF: scans, archives, Lightroom and Capture One exports.
    case tiff
    /// A GIF: its first frame (an animated one's still; its frames play as a video).
    case gif
    /// A Windows bitmap.
    case bmp
    /// A camera's raw file (DNG, CR2, CR3, CRW, NEF, ARW, RAF, ORF, RW2, PEF, SRW…), read by
    /// LibRaw: shown from its embedded preview or developed; its original is only downloaded.
    case raw
    /// JPEG XL (libjxl): its original kept as is, its grid and large images the usual formats
    /// (only Safari draws JPEG XL).
    case jxl

    /// Whether browsers show the format in an <img> (a TIFF or HEIC original is only downloaded).
    public var isDrawnByBrowsers: Bool {
        switch self {
        case .jpeg, .png, .webp, .avif, .gif, .bmp: true
        case .heic, .tiff, .raw, .jxl: false
        }
    }
}
