/// Why a file could not be probed. The importer prefixes the file's path; the description
/// says what is wrong and, where there is something to do, what to do.
public enum ProbeError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(String)
    case empty
    case notAnImage
    case unsupportedFormat(String)
    /// A camera raw LibRaw does not read (a camera newer than it, or a kind it does not know),
    /// and the camera its EXIF names, when it names one.
    case unsupportedRaw(String, camera: String? = nil)
    case truncated(String)
    case corrupt(String)
    case zeroSize(width: Int, height: Int)
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .unreadable(let reason):
            return "cannot read the file (\(reason)); check its permissions"
        case .empty:
            return "the file is empty (0 bytes)"
        case .notAnImage:
            return "not a JPEG, PNG, HEIC, AVIF, WebP, JPEG XL, TIFF, GIF, BMP or camera raw image, nor an MP4, MOV, M4V, 3GP, WebM, MKV, AVI, MTS, MPEG, Ogg, FLV or WMV video"
        case .unsupportedFormat(let name):
            return "\(name) images are not supported; convert it to JPEG, PNG, HEIC, AVIF, WebP, JPEG XL, TIFF, GIF or BMP"
        case .unsupportedRaw(let kind, let camera):
            let remedy = kind == "DNG" ? "export a JPEG or TIFF from the program that made it" : "convert it to DNG (Adobe DNG Converter) or export a JPEG"
            return "LibRaw cannot read this \(kind) file\(camera.map { " of a \($0)" } ?? "") (a camera newer than the LibRaw installed, a kind of raw it does not know, or a damaged file), and it holds no preview the gallery can show; \(remedy)"
        case .truncated(let detail):
            return "truncated: \(detail); the file was probably cut short while copying, copy it again"
        case .corrupt(let detail):
            return "corrupt: \(detail)"
        case .zeroSize(let width, let height):
            return "declares an empty size of \(width)×\(height) pixels"
        case .tooLarge(let width, let height):
            let megapixels = (width * height + 500_000) / 1_000_000
            return "declares \(width)×\(height) pixels (\(megapixels) megapixels); images over \(ImageLimits.maximumMegapixels) megapixels (TIFFs over \(ImageLimits.maximumStreamedPixels / 1_000_000)) are refused"
        }
    }
}

/// Sizes the gallery refuses before allocating anything.
public enum ImageLimits {
    public static let maximumMegapixels = 200
    public static let maximumPixels = maximumMegapixels * 1_000_000
    /// The bound for a TIFF, which is decoded by strips or tiles into the size it is drawn at.
    public static let maximumStreamedPixels = 2_000 * 1_000_000
}
